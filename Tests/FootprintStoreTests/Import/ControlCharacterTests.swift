import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// A NUL or another C0 control character (but tab, line feed and carriage return) in a text
/// field skips the row at its line, in every format: stored, `AB\0CD` would read back as `AB`.
@Suite struct ControlCharacterTests {
    static func reason(_ field: String, _ code: String) -> String {
        "The \(field) contains the control character U+\(code), which no text may hold (only tab and line breaks may)"
    }

    /// The warning for an optional field: its value is left out, the row imported.
    static func warning(_ field: String, _ code: String) -> String {
        "\(field) contains the control character U+\(code), which no text may hold (only tab and line breaks may); "
            + "imported without it"
    }

    @Test(arguments: [
        ("AB\u{0}CD", "name", "0000"), ("AB\u{1B}[31mCD", "name", "001B"), ("AB\u{7}", "name", "0007"),
    ])
    func csvNamesWithControlCharactersAreSkipped(_ name: String, _ field: String, _ code: String) throws {
        let test = try ImportTestStore()
        let file = try test.file("c.csv", "id,name,lat,lon,note\n1,\(name),37.5,127,\n2,fine,37.6,127,\n")
        let summary = try test.store.importPlaces(from: file)
        #expect(summary.inserted == 1)
        #expect(summary.skippedRows == [SkippedRow(line: 2, reason: Self.reason(field, code))])
        #expect(try test.places()["1"] == nil)
    }

    /// The word-at-a-time scan finds a control character wherever it is: in the first or a later
    /// eight-byte word, in the tail, after an allowed tab, after Hangul (bytes ≥ 0x80).
    @Test(
        arguments: [
            ("", nil), ("abcdefgh", nil), ("abcdefghijklmnopq", nil), ("a\tb\nc\rd", nil), ("서울특별시 중구 세종대로 110", nil),
            ("\u{0}", 0x00), ("abcdefg\u{1}", 0x01), ("abcdefgh\u{2}", 0x02), ("abcdefghijklmnop\u{1F}xyz", 0x1F),
            ("\tabcdefg\u{B}", 0x0B), ("서울\u{1B}", 0x1B), ("a\u{7F}b", nil),
        ] as [(String, UInt8?)])
    func theScanFindsTheFirstControlByte(_ text: String, _ expected: UInt8?) {
        #expect(ImportedPlace.firstControlByte(text) == expected)
    }

    @Test func everyTextFieldIsChecked() throws {
        let test = try ImportTestStore()
        let file = try test.file(
            "c.csv",
            "id,name,lat,lon,category,tags,address,phone,note\n"
                + "a\u{1},x,37.5,127,,,,,\n"
                + "b,x,37.5,127,카\u{0}페,,,,\n"
                + "c,x,37.5,127,,야\u{2}경,,,\n"
                + "d,x,37.5,127,,,서울\u{1F},,\n"
                + "e,x,37.5,127,,,,02\u{0}1,\n"
                + "f,x,37.5,127,,,,,메\u{C}모\n")
        let summary = try test.store.importPlaces(from: file)
        // The id is the row's key: the row goes. An optional field loses its value only.
        #expect(summary.inserted == 5)
        #expect(summary.skippedRows.map(\.reason) == [Self.reason("id", "0001")])
        #expect(
            summary.warningRows.map(\.reason) == [
                Self.warning("category", "0000"), Self.warning("tags", "0002"), Self.warning("address", "001F"),
                Self.warning("phone", "0000"), Self.warning("note", "000C"),
            ])
        #expect(summary.warningRows.map(\.line) == [3, 4, 5, 6, 7])
        #expect(try test.places()["f"]?["note"] as String? == nil)
    }

    /// Tab, line feed and carriage return are text (a note of two lines, a tab-separated file).
    @Test func tabsAndLineBreaksAreText() throws {
        let test = try ImportTestStore()
        let file = try test.file("c.csv", "id,name,lat,lon,note\n1,a\tb,37.5,127,\"첫 줄\r\n둘째 줄\"\n")
        let summary = try test.store.importPlaces(from: file)
        #expect(summary.inserted == 1)
        #expect(try test.places()["1"]?["name"] as String? == "a\tb")
        #expect(try test.places()["1"]?["note"] as String? == "첫 줄\r\n둘째 줄")
    }

    @Test func strictFailsAtTheLine() throws {
        let test = try ImportTestStore()
        let file = try test.file("c.csv", "name,lat,lon\nfine,37.6,127\nAB\u{0}CD,37.5,127\n")
        #expect(
            throws: FootprintStoreError.strictImportFailed(
                path: file.path, row: SkippedRow(line: 3, reason: Self.reason("name", "0000")))
        ) {
            try test.store.importPlaces(from: file, options: ImportOptions(strict: true))
        }
        #expect(try test.count() == 0)
    }

    /// JSON escapes (`\u0000`) and Naver's HTML references (`&#0;`) decode to the same characters;
    /// the message's path names the member the character is in, under the spelling the file used.
    @Test func jsonEscapesAndHTMLReferencesAreCheckedAfterDecoding() throws {
        let test = try ImportTestStore()
        let geojson = try test.file(
            "c.geojson",
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"x","geometry":{"type":"Point","#
                + #""coordinates":[127,37.5]},"properties":{"name":"AB\u0000CD"}}]}"#)
        #expect(
            try test.store.importPlaces(from: geojson).skippedRows == [
                SkippedRow(line: 1, jsonPath: "features[0].properties.name", reason: Self.reason("name", "0000"))
            ])
        let naver = try test.file(
            "c.json", #"{"items":[{"title":"카페&#1;","address":"서울","mapx":"1269780000","mapy":"375665000"}]}"#)
        #expect(
            try test.store.importPlaces(from: naver).skippedRows == [
                SkippedRow(line: 1, jsonPath: "items[0].title", reason: Self.reason("name", "0001"))
            ])
        let kakao = try test.file(
            "c.json",
            #"{"documents":[{"id":"1","place_name":"카페","phone":"02\u001b","x":"126.978","y":"37.5665"}]}"#)
        #expect(
            try test.store.importPlaces(from: kakao, options: ImportOptions(source: "k")).warningRows == [
                RowWarning(line: 1, jsonPath: "documents[0].phone", reason: Self.warning("phone", "001B"))
            ])
        #expect(try test.count() == 1)
        #expect(try test.places(source: "k")["1"]?["phone"] as String? == nil)
        let aliases = try test.file(
            "a.geojson",
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","#
                + #""coordinates":[127,37.5]},"properties":{"title":"A\u0002","memo":"x"}},{"type":"Feature","#
                + #""geometry":{"type":"Point","coordinates":[127,37.6]},"properties":{"name":"B","memo":"x\u0003","#
                + #""telephone":"\u0004"}}]}"#)
        let summary = try test.store.importPlaces(from: aliases)
        #expect(
            summary.skippedRows == [
                SkippedRow(line: 1, jsonPath: "features[0].properties.title", reason: Self.reason("name", "0002"))
            ])
        #expect(
            summary.warningRows == [
                RowWarning(
                    line: 1, jsonPath: "features[1].properties.telephone", reason: Self.warning("phone", "0004")),
                RowWarning(line: 1, jsonPath: "features[1].properties.memo", reason: Self.warning("note", "0003")),
            ])
    }
}
