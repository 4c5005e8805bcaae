import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// Matches in the fields other than the name are judged on SQLite's bytes when the field is
/// ASCII and Hangul (``SearchMatcher/otherFieldLiteral(_:)``), else on `String`s: both report the
/// same field, and the fit of the field's search-normalized length.
@Suite struct OtherFieldMatchTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    /// The score of an other-field match with no likes, visits or point: its tier, then BM25's
    /// length factor of the field (weight 0.4).
    static func score(length: Int) -> Double {
        Double(SearchMatch.tierCount - SearchMatch(kind: .otherField).tier)
            + SearchRun.fitWeight * SearchMatcher.fit(length: length)
    }

    /// A store with one place per row of `fields` (name `p0`, `p1`, …), its text columns written
    /// as given, without the importer's normalization, as another tool may write them.
    static func store(_ fields: [(category: String?, tags: String?, address: String?)]) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let places = try temporary.addPlaces(fields.map { _ in seoul })
        try temporary.store.write { db in
            for (place, field) in zip(places, fields) {
                try db.execute(
                    sql: "UPDATE places SET category = ?, tags = ?, address = ? WHERE id = ?",
                    arguments: [field.category, field.tags ?? "", field.address, place.id])
            }
        }
        return temporary
    }

    static func found(_ store: FootprintStore, _ text: String) throws -> [String] {
        try store.search(SearchQuery(text, limit: nil)).map { result in
            "\(result.place.name) \(result.match) \(result.score == score(length: length(of: result)) ? "fit" : "\(result.score)")"
        }
    }

    /// The search-normalized length of the field a result matched in.
    static func length(of result: SearchResult) -> Int {
        let place = result.place
        let text: String? =
            switch result.match.field {
            case .category: place.category
            case .tags: place.tags.joined(separator: " ")
            case .address: place.address
            default: nil
            }
        return HangulNormalization.searchNormalized(text ?? "").unicodeScalars.count
    }

    /// Shortest matched field first (BM25): the category (6 scalars), the tags (7), the address (16).
    @Test func asciiAndHangulFieldsAreJudgedOnTheirBytes() throws {
        let temporary = try Self.store([
            (nil, nil, "서울특별시  강남구 역삼동 123-4"),
            ("관광명소 > 거리", "산책|서울특별시", "부산광역시 해운대구"),
            ("서울특별시청", "산책", "서울특별시 중구 세종대로 110"),
            (nil, nil, "12 TEHERAN-RO, Gangnam-gu, SEOUL"),
            (nil, nil, "경기도 수원시"),
        ])
        #expect(
            try Self.found(temporary.store, "서울특별시") == [
                "p2 other_field/category fit", "p1 other_field/tags fit", "p0 other_field/address fit",
            ])
        #expect(try Self.found(temporary.store, "seoul") == ["p3 other_field/address fit"])
        // Punctuation is skipped like a space on both sides.
        #expect(try Self.found(temporary.store, "teheranro") == ["p3 other_field/address fit"])
        #expect(try Self.found(temporary.store, "teheran-ro") == ["p3 other_field/address fit"])
    }

    /// Shortest field first (BM25), ties by id: `p0` and `p1` are 8 scalars long once normalized.
    @Test func otherFieldsAreJudgedOnTheirNormalizedText() throws {
        let temporary = try Self.store([
            // Decomposed (NFD) Hangul, as macOS may write it.
            (nil, nil, "서울특별시 강남구".decomposedStringWithCanonicalMapping),
            // A Hangul filler, a compatibility jamo that normalization removes: it does not count
            // in the length.
            (nil, nil, "서울특별시\u{3164} 종로구"),
            // Latin with a diacritic, full-width letters.
            (nil, nil, "Café 서울특별시"),
            (nil, nil, "ＳＥＯＵＬ 서울특별시 마포구"),
        ])
        let found = try Self.found(temporary.store, "서울특별시")
        #expect(
            found == [
                "p0 other_field/address fit", "p1 other_field/address fit", "p2 other_field/address fit",
                "p3 other_field/address fit",
            ], "\(found)")
        #expect(try Self.found(temporary.store, "cafe") == ["p2 other_field/address fit"])
        #expect(try Self.found(temporary.store, "seoul") == ["p3 other_field/address fit"])
    }
}
