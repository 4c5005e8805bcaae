import Foundation
import GRDB

/// A file opened for ``FootprintStore/importPlaces(_:progress:)``: its format and encoding told,
/// its CSV header read or its whole JSON checked, so file-level problems surface before any
/// database is opened or created. One value serves one import.
public final class PlaceImportFile {
    /// How messages name standard input: `<stdin>`.
    public static let standardInputName = ImportSource.standardInputName

    /// The file as messages name it: its path as given, or `<stdin>`.
    public let name: String
    /// Its format, given or detected.
    public let format: ImportFormat
    /// Its encoding, given or detected.
    public let encoding: ImportEncoding
    /// The source name its places are recorded under: the option, else `kakao` or `naver` for
    /// those services' responses, else the file's name (`<stdin>` for standard input).
    public let source: String
    /// The source is a CSV or GeoJSON file's own name, not one the user gave: rows that would
    /// move or rename its places too far are conflicts (``ImportSummary/conflicts``).
    let checksIdentity: Bool
    let options: ImportOptions
    let reader: PlaceRowReader
    let size: Int64?
    /// Kept open while the rows are read: a copy of standard input lives as long as it.
    private let input: ImportSource
    private var used = false

    /// Opens and checks `url`. A path that is not a regular file (a pipe such as `<(…)`,
    /// `/dev/stdin`) is read to its end first, as standard input is.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` (missing, unreadable or empty
    ///   file), ``FootprintStoreError/invalidInput(path:line:reason:)`` (not a places CSV, invalid
    ///   JSON anywhere in the file, JSON of an unknown kind, an unknown CRS), and
    ///   ``FootprintStoreError/invalidValue(name:value:reason:)`` for an empty source name.
    public convenience init(url: URL, options: ImportOptions = ImportOptions()) throws {
        try self.init(input: ImportSource(path: url.path), defaultSource: url.lastPathComponent, options: options)
    }

    /// Opens and checks the file at `path`, named in messages as written (`places.csv:12: …`, as
    /// compilers name a file); see ``init(url:options:)``.
    public convenience init(path: String, options: ImportOptions = ImportOptions()) throws {
        try self.init(
            input: ImportSource(path: path, name: path), defaultSource: (path as NSString).lastPathComponent,
            options: options)
    }

    /// Opens and checks what can be read from `descriptor` — standard input (0) when the user gives
    /// `-` as the file —, named `name` in messages and, without ``ImportOptions/source``, as the
    /// source. The format is ``ImportOptions/format``, else told from the content (JSON by its
    /// members, anything else CSV). A pipe is read to its end into an unlinked temporary file
    /// first, so that the whole input is checked before anything is written; the descriptor is
    /// not closed.
    ///
    /// - Throws: the errors of ``init(url:options:)``.
    public convenience init(
        descriptor: Int32, name: String = PlaceImportFile.standardInputName, options: ImportOptions = ImportOptions()
    ) throws {
        try self.init(input: ImportSource(descriptor: descriptor, name: name), defaultSource: name, options: options)
    }

    /// Checks `bytes` as the file `name` would be checked — the same detection, validation and
    /// readers, with no file written —, for tests and the fuzzer; see ``init(url:options:)``.
    convenience init(bytes: [UInt8], name: String, options: ImportOptions = ImportOptions()) throws {
        try self.init(
            input: ImportSource(bytes: bytes, name: name), defaultSource: (name as NSString).lastPathComponent,
            options: options)
    }

    private init(input: ImportSource, defaultSource: String, options: ImportOptions) throws {
        let path = input.name
        try PlaceMatcher.checkRadius(options.matchRadiusMeters)
        let format = try options.format ?? ImportFormat.detect(input)
        // Kakao ids and Naver's name+address keys are the service's, whatever file holds them.
        let serviceSource: String? =
            switch format {
            case .kakao: "kakao"
            case .naver: "naver"
            case .csv, .geojson: nil
            }
        let source = options.source ?? serviceSource ?? defaultSource
        // Only spaces are no name either: a message could not show it.
        guard !source.allSatisfy(\.isWhitespace) else {
            throw FootprintStoreError.invalidValue(
                name: "source", value: "“\(source)”", reason: "a source needs a name")
        }
        if format != .csv {
            // A syntax error late in a large file must not leave the first batches committed.
            let whole = try ImportInput.open(input, encoding: options.encoding)
            switch format {
            case .geojson: try JSONPlaceReader<GeoJSONFeatureDecoder>.validate(window: whole.window, path: path)
            case .naver: try JSONPlaceReader<NaverItemDecoder>.validate(window: whole.window, path: path)
            case .kakao: try JSONPlaceReader<KakaoDocumentDecoder>.validate(window: whole.window, path: path)
            case .csv: break
            }
        }
        let opened = try ImportInput.open(input, encoding: options.encoding)
        switch format {
        case .csv:
            let projection = try SourceProjection(crs: options.crs, path: path)
            reader = try CSVPlaceReader(window: opened.window, path: path, projection: projection)
        case .geojson:
            reader = JSONPlaceReader(window: opened.window, path: path, decoder: GeoJSONFeatureDecoder())
        case .naver:
            reader = JSONPlaceReader(window: opened.window, path: path, decoder: NaverItemDecoder())
        case .kakao:
            reader = JSONPlaceReader(window: opened.window, path: path, decoder: KakaoDocumentDecoder())
        }
        self.name = path
        self.input = input
        self.format = format
        self.encoding = opened.encoding
        self.source = source
        self.checksIdentity = options.source == nil && serviceSource == nil
        self.options = options
        self.size = opened.size
    }

    /// Marks the file as read; a second import of the same value is a programming error.
    fileprivate func take() throws {
        guard !used else {
            throw FootprintStoreError.invalidValue(
                name: "import file", value: name, reason: "it was already imported; open it again")
        }
        used = true
    }
}

extension FootprintStore {
    /// Imports the places of a CSV, GeoJSON, Naver or Kakao file, streaming, in batches that each
    /// commit on their own.
    ///
    /// Rows are matched by (source, source id): the source is `options.source`, else `kakao` or
    /// `naver` for those services' responses, else the file's name; the source id the row's id or one derived from its content (CSV rows and GeoJSON
    /// features without an id: `NAME@LAT,LON` at 6 decimals; Naver items: `NAME|ADDRESS`). A
    /// re-import updates changed places and counts the others as unchanged; it never duplicates,
    /// places the user removed stay removed, and the fields the user set (``PlaceEdits``) keep
    /// the user's values (``ImportSummary/keptEdits``) unless `options.overwriteEdits`. Under a
    /// CSV or GeoJSON file's own name, a row that would move its place more than 5 km or rename
    /// it beyond recognition changes nothing and is a ``ImportSummary/conflicts`` row (the file
    /// looks like another source), unless `options.replace`; with `options.strict` it fails the
    /// import. Bad rows are skipped and listed in the summary
    /// with their line; with `options.strict` the first one fails the whole import and nothing
    /// changes. A file-level problem (unreadable, not a places CSV, invalid JSON anywhere in the
    /// file) is found before anything is written.
    ///
    /// Memory stays constant in the file's size: one row (or JSON array element) is held at a
    /// time, plus, when a batch re-packs the spatial index, the index's entries (24 bytes each).
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - options: format, encoding, CRS, source name, strictness, batch size.
    ///   - progress: called every few thousand rows and after each commit, on the calling thread.
    /// - Throws: the errors of ``PlaceImportFile/init(url:options:)``,
    ///   ``FootprintStoreError/strictImportFailed(path:row:)``, and SQLite's errors as
    ///   ``FootprintStoreError/database(path:message:)``.
    public func importPlaces(
        from url: URL, options: ImportOptions = ImportOptions(), progress: (ImportProgress) -> Void = { _ in }
    ) throws -> ImportSummary {
        try importPlaces(PlaceImportFile(url: url, options: options), progress: progress)
    }

    /// Imports an opened file (see ``importPlaces(from:options:progress:)``).
    public func importPlaces(_ file: PlaceImportFile, progress: (ImportProgress) -> Void = { _ in }) throws
        -> ImportSummary
    {
        try runImport(file, progress: progress).summary
    }

    /// Imports an opened file; `builtSearchIndex` tells whether the search index was the one
    /// built beside the batches (``SearchIndexBuild``) rather than folded or rebuilt after them.
    func runImport(_ file: PlaceImportFile, progress: (ImportProgress) -> Void = { _ in }) throws
        -> (summary: ImportSummary, builtSearchIndex: Bool)
    {
        guard writer != nil else { throw FootprintStoreError.readOnly(path: self.path) }
        try file.take()
        var summary = ImportSummary(source: file.source, format: file.format, encoding: file.encoding)
        let run = PlaceImportRun(
            path: file.name, source: file.source, options: file.options, reader: file.reader, totalBytes: file.size,
            checksIdentity: file.checksIdentity)
        let builtSearchIndex = try bulkWrite { db in
            let build = try run.startSearchBuild(db)
            defer { build?.stop() }
            try run.run(db, into: &summary, build: build, progress: progress)
            // The batches recorded what they changed; fold it into the search index now, so reads
            // do not check every imported row one by one until the next write. With the bulk
            // write's page cache: a first import's rebuild reads every place again. The index
            // built beside the batches is taken instead when it holds exactly their places.
            // The build is only a faster way to the same index: whatever goes wrong with it (an
            // ATTACH refused, the adoption failing), the fold rebuilds instead.
            let attached = (try? build?.attach(db)) ?? false
            defer { if attached { try? build?.detach(db) } }
            var adopted = false
            try db.inTransaction(.immediate) {
                try PlaceMoves.fold(db)
                adopted = attached && build?.adopt(db) == true
                if !adopted { try SearchIndex.fold(db) }
                return .commit
            }
            return adopted
        }
        return (summary, builtSearchIndex)
    }
}

extension ImportFormat {
    /// The format of the file at `path`; see ``detect(_:)``.
    static func detect(path: String) throws -> ImportFormat {
        try detect(ImportSource(path: path))
    }

    /// The format of `input`: a name ending in `.csv`/`.tsv`/`.txt` is CSV, `.geojson` GeoJSON;
    /// for other names (and standard input), content that is not JSON is CSV, and JSON is told by
    /// its members (`features` → GeoJSON, `documents` → Kakao, `items` → Naver) in its first 64 KiB.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` for JSON of none of these
    ///   kinds; ``FootprintStoreError/unreadableInput(path:reason:)`` when it cannot be read.
    static func detect(_ input: ImportSource) throws -> ImportFormat {
        switch (input.name as NSString).pathExtension.lowercased() {
        case "csv", "tsv", "txt": return .csv
        case "geojson": return .geojson
        default: break
        }
        let opened = try ImportInput.open(input, encoding: nil)
        try opened.window.fill(atLeast: ImportInput.sampleSize)
        let head = String(decoding: opened.window.bytes.prefix(ImportInput.sampleSize), as: UTF8.self)
        let first = head.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        guard first == "{" || first == "[" else { return .csv }
        let markers: [(String, ImportFormat)] = [
            ("\"FeatureCollection\"", .geojson), ("\"features\"", .geojson), ("\"documents\"", .kakao),
            ("\"place_name\"", .kakao), ("\"items\"", .naver), ("\"mapx\"", .naver),
        ]
        for (marker, format) in markers where head.contains(marker) { return format }
        throw FootprintStoreError.invalidInput(
            path: input.name, line: nil,
            reason: "\(ImportSource.noun(for: input.name)) is JSON of no known kind (not a GeoJSON FeatureCollection, "
                + "nor a Naver or a Kakao search response): give its format with --format")
    }
}
