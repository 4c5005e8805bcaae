import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Encodings said plainly: UTF-16 read with or without a byte-order mark, and text that is not
/// UTF-8 reported with its line and column instead of surfacing as a missing column.
@Suite struct EncodingImportTests {
    static let csv = "id,name,lat,lon,note\n1,서울숲,37.5444,127.0374,벚꽃 🌸\n2,Café Noir,37.5,127,\n"

    /// `text` in UTF-16, little- or big-endian, with or without the byte-order mark.
    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> Data {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return Data(bytes)
    }

    func write(_ test: ImportTestStore, _ name: String, _ data: Data) throws -> URL {
        let url = test.directory.file(name)
        try data.write(to: url)
        return url
    }

    @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
    func utf16CSV(bigEndian: Bool, mark: Bool) throws {
        let test = try ImportTestStore()
        let url = try write(test, "u16.csv", Self.utf16(Self.csv, bigEndian: bigEndian, mark: mark))
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.encoding == (bigEndian ? .utf16BE : .utf16LE))
        #expect(summary.inserted == 2)
        #expect(summary.skipped == 0)
        let places = try test.places()
        #expect(places["1"]?["name"] as String? == "서울숲")
        #expect(places["1"]?["note"] as String? == "벚꽃 🌸")
        #expect(places["2"]?["name"] as String? == "Café Noir")
    }

    /// Every format is read through the same decoding: GeoJSON in UTF-16 LE, its format told from
    /// its content.
    @Test func utf16GeoJSON() throws {
        let test = try ImportTestStore()
        let json = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "a", "geometry": {"type": "Point", "coordinates": [127.0374, 37.5444]},
               "properties": {"name": "서울숲"}}]}
            """
        let url = try write(test, "u16.json", Self.utf16(json, bigEndian: false, mark: true))
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.format == .geojson)
        #expect(summary.inserted == 1)
        #expect(try test.places()["a"]?["name"] as String? == "서울숲")
    }

    /// `--encoding utf-16le` on a big-endian file with its mark: the mark knows the order.
    @Test func theMarkDecidesTheByteOrder() throws {
        let test = try ImportTestStore()
        let url = try write(test, "u16.csv", Self.utf16(Self.csv, bigEndian: true, mark: true))
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(encoding: .utf16LE))
        #expect(summary.encoding == .utf16BE)
        #expect(summary.inserted == 2)
    }

    /// UTF-8 given as UTF-16 is said so, not read as garbage that has no name column.
    @Test func utf8GivenAsUTF16() throws {
        let test = try ImportTestStore()
        let url = try test.file("a.csv", "name,lat,lon\n서울숲,37.5444,127.0374\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: url.path, line: nil,
                reason: "The file is not UTF-16 (it has no NUL byte) but is valid UTF-8: give --encoding utf-8, "
                    + "or leave --encoding out")
        ) { try test.store.importPlaces(from: url, options: ImportOptions(encoding: .utf16LE)) }
    }

    /// CP949 read as UTF-8: the Korean header is not UTF-8, which is said at its line and column.
    @Test func cp949ReadAsUTF8IsSaidAtTheHeader() throws {
        let test = try ImportTestStore()
        // The header id,이름,lat,lon with 이름 in CP949.
        let cp949: [UInt8] = Array("id,".utf8) + [0xC0, 0xCC, 0xB8, 0xA7] + Array(",lat,lon\n1,x,37.5,127\n".utf8)
        let url = try write(test, "k.csv", Data(cp949))
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: url.path, line: 1,
                reason: "The text is not valid UTF-8 (byte 0xC0 at column 4); try --encoding cp949")
        ) { try test.store.importPlaces(from: url, options: ImportOptions(encoding: .utf8)) }
        // Detected, it is CP949 and reads.
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.encoding == .cp949)
        #expect(summary.inserted == 1)
    }

    /// A file that is neither UTF-8 nor CP949 (Latin-1 here): a bad row is reported with the byte
    /// and its column, the good rows go in.
    @Test func neitherUTF8NorCP949() throws {
        let test = try ImportTestStore()
        let latin1: [UInt8] =
            Array("id,name,lat,lon\n1,Caf".utf8) + [0xE9] + Array(" Noir,37.5,127\n2,Ok,37.6,127\n".utf8)
        let url = try write(test, "l.csv", Data(latin1))
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.encoding == .utf8)
        #expect(summary.inserted == 1)
        #expect(
            summary.skippedRows == [
                SkippedRow(line: 2, reason: "The text is not valid UTF-8 (byte 0xE9 at column 6); try --encoding cp949")
            ])
        // The same byte in the header fails the file, naming the header's line.
        let header: [UInt8] = Array("id,nam".utf8) + [0xE9] + Array(",lat,lon\n1,a,37.5,127\n".utf8)
        let bad = try write(test, "h.csv", Data(header))
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: bad.path, line: 1,
                reason: "The text is not valid UTF-8 (byte 0xE9 at column 7); try --encoding cp949")
        ) { try test.store.importPlaces(from: bad) }
    }

    /// JSON is checked whole before anything is written: a bad byte anywhere fails it, naming the
    /// element and the column on the file's line.
    @Test func jsonThatIsNotUTF8() throws {
        let test = try ImportTestStore()
        var bytes = Array(
            "{\"documents\": [\n  {\"id\": \"1\", \"place_name\": \"A\", \"x\": \"127\", \"y\": \"37.5\"},\n  {\"id\": \"2\", \"place_name\": \""
                .utf8)
        bytes += [0xB0, 0xA1]  // 가 in CP949
        bytes += Array("\", \"x\": \"127\", \"y\": \"37.5\"}]}\n".utf8)
        let url = try write(test, "k.json", Data(bytes))
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: url.path, line: 3,
                reason: "documents[1]: The text is not valid UTF-8 (byte 0xB0 at column 30); try --encoding cp949")
        ) { try test.store.importPlaces(from: url, options: ImportOptions(format: .kakao, encoding: .utf8)) }
        #expect(try test.count() == 0)
    }

    @Test(arguments: [
        ("n\0a\0m\0e\0,\0l\0a\0t\0", ImportEncoding.utf16LE), ("\0n\0a\0m\0e\0,\0l\0a\0t", .utf16BE),
        ("name,lat,lon\n", nil), ("a\0b", nil),
    ])
    func utf16IsToldByItsNULBytes(text: String, expected: ImportEncoding?) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { ImportInput.utf16ByteOrder($0) } == expected)
    }

    /// The position counts characters, not bytes, on the line of the bad byte; a character cut
    /// by the end of a sample is allowed only when asked.
    @Test func theBadByteIsPlacedByLineAndCharacter() throws {
        let bytes = Array("abcdefghij\n가나🌸xyzxyzxyz".utf8) + [0xFF] + Array("tail".utf8)
        let found = try #require(bytes.withUnsafeBufferPointer { InvalidUTF8.first(in: $0) })
        #expect(found == InvalidUTF8(byte: 0xFF, offset: bytes.count - 5, linesBefore: 1, column: 13))
        let cut = Array("가나".utf8).dropLast()
        #expect(Array(cut).withUnsafeBufferPointer { InvalidUTF8.first(in: $0, allowingCutEnd: true) } == nil)
        #expect(Array(cut).withUnsafeBufferPointer { InvalidUTF8.first(in: $0) }?.offset == 3)
        #expect(
            Array("plain ASCII, long enough for words".utf8).withUnsafeBufferPointer { InvalidUTF8.first(in: $0) }
                == nil)
    }
}
