import Foundation
import Testing

@testable import FootprintStore

/// `PlaceImportFile(bytes:name:)`, the in-memory entry the fuzzer and tests use: the same
/// detection, whole-file checks and readers as a file on disk, with the same rows and errors.
@Suite struct MemoryImportSourceTests {
    /// Every row of `file`, places and skipped rows alike, in order.
    static func rows(_ file: PlaceImportFile) throws -> [String] {
        var rows: [String] = []
        while let row = try file.reader.next() {
            switch row {
            case .place(let place): rows.append("place \(place)")
            case .skipped(let skipped): rows.append("skipped \(skipped)")
            }
        }
        return rows
    }

    @Test(arguments: [
        "quoted.csv", "broken.csv", "aliases_bom.csv", "cp949.csv", "no_id.csv", "places.geojson",
        "naver_search.json", "kakao_search.json",
    ])
    func bytesReadAsTheFileDoes(name: String) throws {
        let url = importFixture(name)
        let bytes = Array(try Data(contentsOf: url))
        let fromFile = try PlaceImportFile(path: url.path)
        let fromMemory = try PlaceImportFile(bytes: bytes, name: url.path)
        #expect(fromMemory.format == fromFile.format)
        #expect(fromMemory.encoding == fromFile.encoding)
        #expect(fromMemory.source == fromFile.source)
        let rows = try Self.rows(fromMemory)
        #expect(rows.count >= 2)
        #expect(rows == (try Self.rows(fromFile)))
    }

    @Test func cp949IsDecodedWhenTold() throws {
        let bytes = Array(try Data(contentsOf: importFixture("cp949.csv")))
        let file = try PlaceImportFile(bytes: bytes, name: "cp949.csv", options: ImportOptions(encoding: .cp949))
        let rows = try Self.rows(file)
        #expect(rows.first?.contains("명동교자 본점") == true)
    }

    @Test func fileLevelErrorsNameTheInput() throws {
        #expect(
            throws: FootprintStoreError.unreadableInput(path: "empty.csv", reason: "The file is empty")
        ) { try PlaceImportFile(bytes: [], name: "empty.csv") }
        #expect(throws: FootprintStoreError.self) {
            try PlaceImportFile(
                bytes: Array(#"{"items":[1,]}"#.utf8), name: "n.json", options: ImportOptions(format: .naver))
        }
    }
}
