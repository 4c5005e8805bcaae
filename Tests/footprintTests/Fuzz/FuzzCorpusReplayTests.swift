import FootprintStore
import FootprintTestSupport
import Foundation
import Testing

/// The fuzz corpus (`Fuzz/Corpus/<target>/`, committed, with the long seeds of
/// `Fuzz/LongSeeds/<target>/` that libFuzzer does not mutate) and the seeds too large to commit,
/// built here as `Fuzz/large-seeds.py` writes them, fed to each ``FuzzTarget`` without a
/// sanitizer: none may crash, and each rejection is an error value (``FuzzTarget/run(_:scratch:)``
/// traps otherwise). `make fuzz` runs the same targets under libFuzzer and AddressSanitizer.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    /// Seeds of kilobytes, replayed but not fuzzed from (libFuzzer's length limit starts at the
    /// longest input of its corpus).
    static let longSeeds = corpus.deletingLastPathComponent().appendingPathComponent("LongSeeds")

    static func files(_ target: FuzzTarget) throws -> [URL] {
        var files = try FileManager.default.contentsOfDirectory(
            at: corpus.appendingPathComponent(target.rawValue), includingPropertiesForKeys: nil)
        let long = longSeeds.appendingPathComponent(target.rawValue)
        if FileManager.default.fileExists(atPath: long.path) {
            files += try FileManager.default.contentsOfDirectory(at: long, includingPropertiesForKeys: nil)
        }
        return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.allCases)
    func theCorpusIsReadOrRefused(_ target: FuzzTarget) throws {
        let directory = try TemporaryDirectory()
        let scratch = directory.file("input").path
        let files = try Self.files(target)
        #expect(files.count >= 5, "\(target.rawValue): the corpus is missing")
        if target == .search || target == .searchStore {
            let long = files.filter { $0.path.contains("/LongSeeds/") }
            #expect(!long.isEmpty, "\(target.rawValue): the long seeds are missing")
        }
        for file in files {
            // Not Data(contentsOf:), which leaks 4 KB per empty seed on Linux (make sanitize).
            let bytes = try #require(FileManager.default.wholeContents(atPath: file.path), "\(file.path)")
            let accepted = target.run(Array(bytes), scratch: scratch)
            // The valid seeds reach the accepting path: the harness is not refusing everything.
            if file.lastPathComponent.hasPrefix("valid") {
                #expect(accepted, "\(target.rawValue)/\(file.lastPathComponent) was refused")
            }
            // The empty string is the empty polyline; a query of NULs or bad bytes reads as text.
            if ["empty", "nul-bytes", "invalid-utf8"].contains(file.lastPathComponent),
                target != .search, target != .searchStore, !(target == .polyline && file.lastPathComponent == "empty")
            {
                #expect(!accepted, "\(target.rawValue)/\(file.lastPathComponent) was accepted")
            }
        }
    }

    /// 100,000 levels of nesting: a recursive reader would overflow its stack.
    static let depth = 100_000
    static let nested =
        Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    static let field = [UInt8](repeating: UInt8(ascii: "A"), count: 10 * 1024 * 1024)

    static let largeSeeds: [(FuzzTarget, String, [UInt8])] = [
        (.geojson, "nested arrays", nested),
        (.geojson, "nested coordinates", Array(#"{"type":"Point","coordinates":"#.utf8) + nested + [UInt8(ascii: "}")]),
        (
            .geojson, "nested objects",
            Array(String(repeating: #"{"a":"#, count: depth).utf8) + [UInt8(ascii: "1")]
                + Array(repeating: UInt8(ascii: "}"), count: depth)
        ),
        (.naver, "nested arrays", Array(#"{"items":"#.utf8) + nested + [UInt8(ascii: "}")]),
        (.kakao, "nested arrays", Array(#"{"documents":"#.utf8) + nested + [UInt8(ascii: "}")]),
        (
            .gpx, "nested elements",
            Array(
                ("<gpx>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</gpx>")
                    .utf8)
        ),
        (.csvUTF8, "a 10 MB quoted field", Array("name,lat,lon\n\"".utf8) + field + Array("\",37.5,127\n".utf8)),
        (.csvUTF8, "a 10 MB unquoted field", Array("name,lat,lon\n".utf8) + field + Array(",37.5,127\n".utf8)),
        (.csvUTF8, "a 10 MB open quote", Array("name,lat,lon\n\"".utf8) + field),
        (.polyline, "1 MB of ~", [UInt8](repeating: UInt8(ascii: "~"), count: 1024 * 1024)),
        (.search, "1 MB of words", Array(String(repeating: "카페 ", count: 200 * 1024).utf8)),
        (.searchStore, "1 MB of words", Array(String(repeating: "카페 ", count: 200 * 1024).utf8)),
    ]

    @Test(arguments: largeSeeds.indices)
    func aLargeSeedIsReadOrRefused(_ index: Int) throws {
        let (target, name, bytes) = Self.largeSeeds[index]
        let directory = try TemporaryDirectory()
        let accepted = target.run(bytes, scratch: directory.file("input").path)
        // A CSV row's problem (a field of 10 MB, a quote left open) is a skipped row, and a long
        // query is a query; the nested documents and the polyline of `~` are refused.
        #expect(accepted == [.csvUTF8, .search, .searchStore].contains(target), "\(target.rawValue): \(name)")
    }
}
