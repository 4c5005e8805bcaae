import FootprintGeo
import Foundation

@testable import FootprintStore

#if canImport(footprint)
    // In the main package's tests (the corpus replay) the CLI's argument types come from the CLI
    // module; in the fuzz package they are compiled in from CLIArguments/.
    @testable import footprint
#endif

/// One parser under fuzzing: it takes any bytes and either accepts them or throws an error
/// value whose description is a sentence. A trap, a crash, a hang or unbounded memory is a
/// finding. The same function runs under libFuzzer (Fuzz/, `make fuzz`) and replays the
/// committed corpus in `make test` (`FuzzCorpusReplayTests`).
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `GeoJSONDecoder`, strict (`geo validate`) and lenient (everything else).
    case geojson
    /// `GPXDocument` (`import gpx`).
    case gpx
    /// The places CSV reader on UTF-8 (encoding detected as `import places` does).
    case csvUTF8 = "csv-utf8"
    /// The places CSV reader told `--encoding cp949`.
    case csvCP949 = "csv-cp949"
    /// The Naver local search JSON reader.
    case naver
    /// The Kakao local search JSON reader.
    case kakao
    /// `Polyline.decode`, precision 5 and 6.
    case polyline
    /// A `LAT,LON` argument.
    case point
    /// A `Z/X/Y` argument.
    case tile
    /// The search query parser: validation, the matcher (its readings, words and fuzzy reading)
    /// and the FTS5 expressions of every stage of its plan.
    case search
    /// The query validated and run on a small store: the search analyses it itself. The
    /// parser's own checks are the `search` target's (run here too, they doubled the cost of
    /// each input).
    case searchStore = "search-store"

    /// Feeds `bytes` to the parser; the search target keeps its store beside `scratch`, a path
    /// the caller owns. Returns whether the input was accepted.
    @discardableResult
    func run(_ bytes: [UInt8], scratch: String) -> Bool {
        do {
            try feed(bytes, scratch: scratch)
            return true
        } catch {
            // A rejection is an error value a user can read: one non-empty sentence.
            let text = String(describing: error)
            precondition(!text.isEmpty, "\(rawValue): an error without a description")
            return false
        }
    }

    private func feed(_ bytes: [UInt8], scratch: String) throws {
        switch self {
        case .geojson:
            let strict = Result { () throws(GeoJSONError) in try GeoJSONDecoder(mode: .strict).decode(bytes) }
            if case .failure(let error) = strict { precondition(!error.description.isEmpty) }
            _ = try GeoJSONDecoder(mode: .lenient).decode(bytes)
        case .gpx:
            _ = try GPXDocument(bytes: bytes)
        case .csvUTF8, .csvCP949, .naver, .kakao:
            let options: ImportOptions
            switch self {
            case .csvUTF8: options = ImportOptions(format: .csv)
            case .csvCP949: options = ImportOptions(format: .csv, encoding: .cp949)
            case .naver: options = ImportOptions(format: .naver)
            default: options = ImportOptions(format: .kakao)
            }
            // From memory, through the same detection, validation and readers as a file: a
            // file written per input cost more than the parsing.
            let file = try PlaceImportFile(bytes: bytes, name: "input", options: options)
            while let row = try file.reader.next() {
                if case .skipped(let skipped) = row { precondition(!String(describing: skipped).isEmpty) }
            }
        case .polyline:
            let text = String(decoding: bytes, as: UTF8.self)
            if let six = try? Polyline.decode(text, precision: 6) { precondition(six.allSatisfy(\.isValid)) }
            let five = try Polyline.decode(text, precision: 5)
            precondition(five.allSatisfy(\.isValid))
        case .point:
            let coordinate = try PointArgument(argument: String(decoding: bytes, as: UTF8.self))!.coordinate()
            precondition(coordinate.isValid)
        case .tile:
            let tile = try TileArgument(argument: String(decoding: bytes, as: UTF8.self))!.tile()
            precondition(tile.x >= 0 && tile.y >= 0 && tile.x < 1 << tile.z && tile.y < 1 << tile.z)
        case .search, .searchStore:
            let query = try SearchQuery(String(decoding: bytes, as: UTF8.self)).validated()
            guard self == .search else {
                // A query that passed validation runs: no text is SQL or FTS5 syntax.
                do {
                    _ = try Self.searchStore(beside: scratch).search(query)
                } catch {
                    preconditionFailure("search-store: a valid query failed: \(error)")
                }
                return
            }
            let matcher = SearchMatcher(query)
            let plan = SearchPlan(matcher, query: query)
            for stage in plan.stages + plan.laterStages() {
                if case .names(let expression) = stage.source { precondition(!expression.text.isEmpty) }
                if case .tags(let expression) = stage.source { precondition(!expression.text.isEmpty) }
            }
            if let fuzzy = matcher.fuzzy {
                precondition(fuzzy.probes.count < 1_000, "search: \(fuzzy.probes.count) fuzzy probes")
            }
        }
    }
}

extension FuzzTarget {
    /// Does the one-time work of a target (the search target's store, ~1 s under ASan) before
    /// the first input, so that it is not timed as part of that input.
    func prepare(scratch: String) throws {
        if self == .searchStore { _ = try Self.searchStore(beside: scratch) }
    }

    /// A small store for the search target, made once beside the scratch file.
    nonisolated(unsafe) private static var store: FootprintStore?

    fileprivate static func searchStore(beside scratch: String) throws -> FootprintStore {
        if let store { return store }
        let path = scratch + ".search.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        try addSearchPlaces(at: path)
        // Opened again, by a store that has written nothing: this one lives until the process
        // exits, and a store that wrote keeps its last INSERT's arguments (GRDB's cached
        // statement), `Place.encode`'s `geom` `Data` among them, which LeakSanitizer then reports
        // as leaked. It cannot follow a `Data`'s pointer to its bytes: Swift keeps the case of
        // `Data`'s representation in the pointer's top bits (llvm/llvm-project#56751).
        let made = try FootprintStore.open(at: path, mode: .readWrite)
        store = made
        return made
    }

    /// Creates the search target's store at `path` and adds its places; the store is closed on return.
    private static func addSearchPlaces(at path: String) throws {
        let made = try FootprintStore.open(at: path, mode: .create)
        for (index, name) in ["스타벅스 강남역점", "\"따옴표\" 카페*", "카페 NEAR 서울", "(주)한빛", "CGV 강남", "😀 바"].enumerated() {
            _ = try made.addPlace(
                Place(
                    name: name, coordinate: Coordinate(uncheckedLatitude: 37.5 + Double(index) / 100, longitude: 127),
                    category: "음식점 > 카페", tags: ["야경", "커피"]))
        }
    }
}

extension Coordinate {
    /// In range and not NaN: what every parser promises of the coordinates it returns.
    fileprivate var isValid: Bool { abs(latitude) <= 90 && abs(longitude) <= 180 }
}
