import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// What a reader sees as the same text is found as the same text: invisible characters are
/// skipped like spaces on both sides, and a query is in NFC whatever its input method wrote.
@Suite struct SearchNormalizationTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    let temporary: TemporaryStore

    init() throws {
        temporary = try TemporaryStore()
        for name in ["별\u{00AD}빛카페", "카페\u{200D}온", "Café Noir", "\u{1}희미용실", "도\u{1}넛 가게"] {
            _ = try temporary.store.addPlace(Place(name: name, coordinate: Self.seoul))
        }
    }

    func names(_ text: String) throws -> [String] {
        try temporary.store.search(SearchQuery(text)).map(\.place.name)
    }

    @Test func invisibleCharactersInANameAreSkipped() throws {
        #expect(try names("별빛") == ["별\u{00AD}빛카페"])
        #expect(try names("ㅂㅂㅋ") == ["별\u{00AD}빛카페"])
        #expect(try names("페온") == ["카페\u{200D}온"])
        #expect(try names("희미용") == ["\u{1}희미용실"])
        #expect(try names("도넛") == ["도\u{1}넛 가게"])
        #expect(try names("ㄷㄴ") == ["도\u{1}넛 가게"])
        #expect(try temporary.store.search(SearchQuery("별빛카페")).first?.match.kind == .exact)
    }

    @Test func invisibleCharactersInAQueryAreSkipped() throws {
        #expect(try names("별\u{00AD}빛") == ["별\u{00AD}빛카페"])
        #expect(try names("카\u{200D}페온") == ["카페\u{200D}온"])
        #expect(try names("\u{1}희미") == ["\u{1}희미용실"])
    }

    /// Spaces are ignored on both sides for Latin words too: the index holds the joins of
    /// consecutive words.
    @Test func latinWordsAreFoundWithoutTheirSpaces() throws {
        let store = temporary.store
        _ = try store.addPlace(Place(name: "LCDC SEOUL", coordinate: Self.seoul))
        _ = try store.addPlace(Place(name: "Blue Bottle 성수", coordinate: Self.seoul))
        #expect(try names("lcdcseoul") == ["LCDC SEOUL"])
        #expect(try store.search(SearchQuery("LCDCSEOUL")).first?.match.kind == .exact)
        #expect(try store.search(SearchQuery("lcdcseo")).first?.match.kind == .prefix)
        #expect(try names("bluebottle성수") == ["Blue Bottle 성수"])
        _ = try store.addPlace(Place(name: "성수 Blue Bottle", coordinate: Self.seoul))
        #expect(try names("성수bluebottle") == ["성수 Blue Bottle"])
        _ = try store.addPlace(Place(name: "NEW YORK 3 PM", coordinate: Self.seoul))
        #expect(try store.search(SearchQuery("newyork3pm")).first?.match.kind == .exact)
        #expect(Set(try names("BlueBott")) == ["Blue Bottle 성수", "성수 Blue Bottle"])
    }

    /// The whole-name match `LCDC SEOUL` is not at the index's first position, yet ranks above
    /// 25 prefix matches that are, within a limit of 20.
    @Test func aJoinedWholeNameOutranksPrefixesBeyondTheLimit() throws {
        let store = temporary.store
        for index in 0..<25 { _ = try store.addPlace(Place(name: "lcdcseoul\(index)", coordinate: Self.seoul)) }
        let exact = try store.addPlace(Place(name: "LCDC SEOUL", coordinate: Self.seoul))
        let results = try store.search(SearchQuery("lcdcseoul", limit: 20))
        #expect(results.first?.place.id == exact.id)
        #expect(results.first?.match.kind == .exact)
        #expect(results.count == 20)
    }

    /// A Latin name typed as is beside a Hangul word typed in English mode (and the reverse).
    @Test func wordsTypedInDifferentKeyboardModesAreFound() throws {
        let store = temporary.store
        _ = try store.addPlace(Place(name: "CGV 강남", coordinate: Self.seoul))
        _ = try store.addPlace(Place(name: "GS25 역삼점", coordinate: Self.seoul))
        for (query, name) in [
            ("CGV rkdska", "CGV 강남"), ("ㅊㅎㅍ 강남", "CGV 강남"), ("GS25 durtkawja", "GS25 역삼점"), ("CGV r", "CGV 강남"),
        ] {
            let first = try #require(try store.search(SearchQuery(query)).first, "\(query)")
            #expect(first.place.name == name)
            #expect(first.match.kind == .keyboardMistype)
        }
    }

    /// A place added with a decomposed name is stored composed, as the importer stores it.
    @Test func aDecomposedNameIsStoredComposed() throws {
        let added = try temporary.store.addPlace(Place(name: "Cafe\u{301} Mori ", coordinate: Self.seoul))
        #expect(Array(added.name.unicodeScalars) == Array("Café Mori".unicodeScalars))
        #expect(try names("café mori") == ["Café Mori"])
        let edited = try temporary.store.editPlace(id: added.id!, PlaceEdit(name: "Cafe\u{301} Mori 2"))
        #expect(Array(edited.name.unicodeScalars) == Array("Café Mori 2".unicodeScalars))
    }

    /// Latin diacritics are folded on both sides, as Photon and Nominatim fold them.
    @Test func latinDiacriticsAreFolded() throws {
        #expect(try names("cafe noir") == ["Café Noir"])
        #expect(try temporary.store.search(SearchQuery("CAFENOIR")).first?.match.kind == .exact)
        #expect(try names("cafè") == ["Café Noir"])
    }

    @Test func aDecomposedQueryIsComposed() throws {
        #expect(try names("cafe\u{301}") == ["Café Noir"])
        #expect(try names("CAFE\u{301} noir") == ["Café Noir"])
        #expect(try names("\u{1112}\u{1174}\u{1106}\u{1175}") == ["\u{1}희미용실"])
    }
}
