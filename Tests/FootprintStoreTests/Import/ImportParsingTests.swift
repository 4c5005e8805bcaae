import Foundation
import Testing

@testable import FootprintStore

/// The readers' pieces: numbers, CSV records across buffer refills, JSON elements across refills,
/// CP949 decoding, HTML text, derived ids.
@Suite struct ImportParsingTests {
    /// Every row a reader yields, as text, for comparing two ways of reading one file.
    static func rows(_ reader: PlaceRowReader) throws -> [String] {
        var rows: [String] = []
        while let row = try reader.next() {
            switch row {
            case .place(let place): rows.append("\(place)")
            case .skipped(let skipped): rows.append("skipped \(skipped)")
            }
        }
        return rows
    }

    static func window(_ name: String, capacity: Int) throws -> ByteWindow {
        ByteWindow(source: try FileByteSource(path: importFixture(name).path), capacity: capacity)
    }

    @Test(arguments: [
        "37.544750", "126.951429", "-0.0", "0", "1.", "0.000001234", "-33.8688", "12345678901234567890123", "1e5",
        "-2.5E-3", "9007199254740993", "0.1", "  42 ", "123456789.123456789",
    ])
    func decimalsAreCorrectlyRounded(text: String) {
        let expected = Double(text.trimmingCharacters(in: .whitespaces))
        #expect(DecimalText.parse(text)?.bitPattern == expected?.bitPattern)
    }

    @Test(arguments: ["", " ", "abc", "1.2.3", "--1", ".", "0x25", "0X1p4", "0x1.8p1"])
    func nonNumbersAreNil(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    /// A 16-byte window forces a refill inside quoted fields, doubled quotes and CRLF pairs.
    @Test(arguments: ["quoted.csv", "broken.csv", "aliases_bom.csv", "no_id.csv"])
    func csvReadsTheSameThroughATinyWindow(file: String) throws {
        let large = try ImportInput.open(path: importFixture(file).path, encoding: nil)
        let expected = try Self.rows(CSVPlaceReader(window: large.window, path: file, projection: .wgs84))
        let tiny = try Self.window(file, capacity: 16)
        if file.hasPrefix("aliases") { try tiny.fill(atLeast: 3); tiny.start += 3 }  // the BOM
        let actual = try Self.rows(CSVPlaceReader(window: tiny, path: file, projection: .wgs84))
        #expect(actual == expected)
        #expect(!expected.isEmpty)
    }

    @Test func cp949DecodesThroughATinyWindow() throws {
        let decoder = try IconvDecoder(
            source: try FileByteSource(path: importFixture("cp949.csv").path), path: "cp949.csv")
        let window = ByteWindow(source: decoder, capacity: 16)
        var decoded: [UInt8] = []
        while try window.refill() || window.start < window.end {
            decoded += window.bytes
            window.start = window.end
            if window.atEnd { break }
        }
        let text = String(decoding: decoded, as: UTF8.self)
        #expect(text.hasPrefix("id,name,category,lat,lon,tags,likes,address\r\np066,명동교자 본점,"))
        #expect(text.hasSuffix("서울특별시 마포구 양화로6길 57-6\r\n"))
        #expect(!text.contains("\u{FFFD}"))
    }

    @Test(arguments: ["places.geojson", "naver_search.json", "kakao_search.json"])
    func jsonReadsTheSameThroughATinyWindow(file: String) throws {
        func reader(_ window: ByteWindow) -> PlaceRowReader {
            switch file {
            case "naver_search.json": return JSONPlaceReader(window: window, path: file, decoder: NaverItemDecoder())
            case "kakao_search.json":
                return JSONPlaceReader(window: window, path: file, decoder: KakaoDocumentDecoder())
            default: return JSONPlaceReader(window: window, path: file, decoder: GeoJSONFeatureDecoder())
            }
        }
        let expected = try Self.rows(reader(try Self.window(file, capacity: 1 << 20)))
        let actual = try Self.rows(reader(try Self.window(file, capacity: 8)))
        #expect(actual == expected)
        #expect(expected.count >= 5)
    }

    @Test func utf8DetectionAllowsACutCharacterAtTheEndOfTheSample() {
        let text = Array("가나다".utf8)
        let cut = Array(text.prefix(7))  // 가나 and the first byte of 다
        #expect(cut.withUnsafeBufferPointer { ImportInput.isUTF8($0, truncated: true) })
        #expect(!cut.withUnsafeBufferPointer { ImportInput.isUTF8($0, truncated: false) })
        let cp949: [UInt8] = [0xB0, 0xA1, 0xB3, 0xAA]  // 가나 in CP949
        #expect(!cp949.withUnsafeBufferPointer { ImportInput.isUTF8($0, truncated: true) })
        #expect(cp949.withUnsafeBytes { IconvDecoder.decodesCleanly($0) })
    }

    @Test(arguments: [
        ("<b>스타벅스</b> 강남역점", "스타벅스 강남역점"),
        ("KT&amp;G 상상마당 <b>홍대</b>", "KT&G 상상마당 홍대"),
        ("&lt;b&gt;는 글자", "<b>는 글자"),
        ("&#39;따옴표&#x27; &quot;", "'따옴표' \""),
        ("  여러   칸\t띄움 ", "여러 칸 띄움"),
        ("&unknown; &", "&unknown; &"),
    ])
    func naverTitlesAsPlainText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }

    @Test(arguments: [
        (37.5, "37.500000"), (-0.0000004, "0.000000"), (-126.9779996, "-126.978000"), (127.0000005, "127.000001"),
        (0.1234564, "0.123456"),
    ])
    func derivedIDCoordinatesAtSixDecimals(value: Double, text: String) {
        #expect(DerivedID.fixed6(value) == text)
    }

    @Test func tagListsAlreadyNormalAreKeptAsTheyAre() {
        #expect(ImportText.isNormalTagList("포장가능|캠핑|웨이팅"))
        #expect(ImportText.isNormalTagList("cafe|24h"))
        #expect(!ImportText.isNormalTagList("커피|커피"))
        #expect(!ImportText.isNormalTagList("Cafe"))
        #expect(!ImportText.isNormalTagList("a||b"))
        #expect(ImportText.tags(fromList: "#커피, #Coffee ,커피") == "커피|coffee")
        #expect(ImportText.tags(from: ["야경", "#야경", "데이트"]) == "야경|데이트")
    }

    @Test func namesAreTrimmedAndComposed() {
        // 가 as conjoining jamo (U+1100 U+1161), as macOS file names carry it.
        #expect(ImportText.field(" \u{1100}\u{1161}게 ") == "가게")
        #expect(ImportText.field("\u{3000}전각 공백\u{3000}") == "전각 공백")
        #expect(ImportText.field("   ") == nil)
    }
}
