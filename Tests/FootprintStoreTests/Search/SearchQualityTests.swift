import FootprintGeo
import FootprintHangul
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// Search quality on real Korean names (Fixtures/search/names.txt): substring recall against a
/// plain `String.contains` scan with spaces removed from both sides, and the Korean readings
/// putting the intended place in the top 5.
@Suite(.serialized) struct SearchQualityTests {
    /// One store with every fixture name, shared by the tests (they only read it).
    final class Fixture: Sendable {
        let temporary: TemporaryStore
        /// Id → name.
        let names: [Int64: String]

        init() throws {
            let url = try #require(
                Bundle.module.url(forResource: "names", withExtension: "txt", subdirectory: "Fixtures/search"))
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            temporary = try TemporaryStore()
            var names: [Int64: String] = [:]
            try temporary.store.write { db in
                for (index, name) in lines.enumerated() {
                    // A deterministic scatter over Seoul.
                    let coordinate = Coordinate(
                        uncheckedLatitude: 37.45 + Double(index * 37 % 101) / 400,
                        longitude: 126.8 + Double(index * 53 % 97) / 240)
                    var place = Place(name: name, coordinate: coordinate)
                    try place.insert(db)
                    names[place.id!] = name
                }
                // GRDB's cached INSERT keeps its last arguments while the store is open, the last
                // place's `geom` `Data` among them, and this store is open until the tests exit:
                // LeakSanitizer would report that `Data` (see `FuzzTarget.searchStore(beside:)`).
                db.releaseMemory()
            }
            self.names = names
        }

        var store: FootprintStore { temporary.store }
    }

    static let fixture = Result { try Fixture() }

    static func stripped(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    /// Every 1-, 2- and 3-syllable substring of the names (spaces removed), and 4- to 6-syllable
    /// ones of every seventh name.
    static func substringQueries(_ names: [String]) -> [String] {
        var queries = Set<String>()
        for (index, name) in names.enumerated() {
            let characters = Array(stripped(name))
            let longest = index % 7 == 0 ? 6 : 3
            for length in 1...longest where length <= characters.count {
                for start in 0...(characters.count - length) {
                    let piece = characters[start..<(start + length)]
                    if piece.allSatisfy({ $0.unicodeScalars.allSatisfy { HangulSyllable($0) != nil } }) {
                        queries.insert(String(piece))
                    }
                }
            }
        }
        return queries.sorted()
    }

    @Test func substringRecallIsCompleteWithNoFalsePositives() throws {
        let fixture = try Self.fixture.get()
        let queries = Self.substringQueries(Array(fixture.names.values))
        #expect(queries.count > 2000)
        let literalKinds: Set<SearchMatch.Kind> = [.exact, .prefix, .wordPrefix, .substring]
        var failures: [String] = []
        for query in queries {
            let expected = Set(fixture.names.filter { Self.stripped($0.value).contains(query) }.keys)
            let results = try fixture.store.search(SearchQuery(query, limit: nil))
            let found = Set(results.filter { literalKinds.contains($0.match.kind) }.map { $0.place.id! })
            let ids = Set(try fixture.store.placeIDs(nameContaining: query))
            if found != expected || ids != expected { failures.append(query) }
        }
        #expect(failures.isEmpty, "recall or precision differs for \(failures.prefix(20))")
    }

    @Test func queriesWithSpacesIgnoreSpacesOnBothSides() throws {
        let fixture = try Self.fixture.get()
        for query in ["스타벅스 강남", "스타 벅스강남", "강남 역점", "CGV 강남", "cgv강남", "메가mgc", "MGC 커피", "gs25"] {
            let key = Self.stripped(query).lowercased()
            let expected = Set(fixture.names.filter { Self.stripped($0.value).lowercased().contains(key) }.keys)
            #expect(!expected.isEmpty)
            let found = Set(
                try fixture.store.search(SearchQuery(query, limit: nil))
                    .filter { [.exact, .prefix, .wordPrefix, .substring].contains($0.match.kind) }.map { $0.place.id! })
            #expect(found == expected, "\(query)")
        }
    }

    static let readings: [(query: String, expected: String, kind: SearchMatch.Kind)] = [
        ("ㅅㅌㅂㅅ", "스타벅스 강남점", .chosung),
        ("ㄱㄴㅇ", "강남역", .chosung),
        ("ㅎㄷㅇㄱㅇ", "홍대입구역", .chosung),
        ("ㅅㅅㅁㄷ", "쌍문동 카페", .doubledConsonant),
        ("스ㅌㅂ", "스타벅스 강남점", .mixedChosung),
        ("스타벅", "스타벅스 강남점", .prefix),
        ("강나", "강남", .partialSyllable),
        ("제잇", "제이샵", .partialSyllable),
        ("희미용ㅅ", "희미용실", .partialSyllable),
        ("닭", "닭갈비 골목", .prefix),
        ("tmxkqjrtm", "스타벅스 강남점", .keyboardMistype),
        ("Rkcl", "까치", .keyboardMistype),
        ("ㅊㅎㅍ", "CGV 강남", .keyboardMistype),
        ("rkdskadur", "강남역", .keyboardMistype),
    ]

    @Test(arguments: 0..<readings.count)
    func koreanReadingsPutTheIntendedPlaceInTheTopFive(index: Int) throws {
        let fixture = try Self.fixture.get()
        let (query, expected, kind) = Self.readings[index]
        let results = try fixture.store.search(SearchQuery(query, limit: 5))
        let hit = try #require(results.first { $0.place.name == expected }, "\(query): \(results.map(\.place.name))")
        #expect(hit.match.kind == kind, "\(query)")
    }

    @Test func rankingFollowsTheMatchRules() throws {
        let fixture = try Self.fixture.get()
        let results = try fixture.store.search(SearchQuery("강남", limit: nil))
        let kinds = results.map(\.match.kind)
        // Kinds never go back up the order, and the score falls with them.
        #expect(zip(kinds, kinds.dropFirst()).allSatisfy { $0.rawValue <= $1.rawValue })
        #expect(zip(results, results.dropFirst()).allSatisfy { $0.score >= $1.score })
        #expect(results.first?.place.name == "강남")
        #expect(results.first?.match.kind == .exact)
        #expect(results.first { $0.place.name == "강남역" }?.match.kind == .prefix)
        #expect(results.first { $0.place.name == "스타벅스 강남점" }?.match.kind == .wordPrefix)
        #expect(results.first { $0.place.name == "CGV강남" }?.match.kind == .wordPrefix)
        #expect(results.first { $0.place.name == "신강남" }?.match.kind == .substring)
        #expect(results.first { $0.place.name == "스타벅스강남R점" }?.match.kind == .substring)
        // A shorter name fits a query better (BM25's length factor) within one kind.
        let prefixes = results.filter { $0.match.kind == .prefix }.map(\.place.name)
        #expect(prefixes.first == "강남역")

        let chosung = try fixture.store.search(SearchQuery("ㄱㄴ", limit: nil)).map(\.match)
        #expect(chosung.first?.kind == .chosung)
        #expect(chosung.first?.position == .whole)
        let positions = chosung.compactMap(\.position).map(\.rawValue)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 })

        let words = try fixture.store.search(SearchQuery("강남 스타벅스", limit: nil))
        #expect(words.first?.place.name == "강남 스타벅스")
        #expect(words.first?.match.kind == .exact)
        #expect(
            Set(words.filter { $0.match.kind == .allWords }.map(\.place.name)).isSuperset(of: ["스타벅스 강남점", "스타벅스 강남역점"])
        )
    }

    @Test func theIndexAndTheFastMatcherAgreeWithHangulQuery() throws {
        let fixture = try Self.fixture.get()
        let queries = ["강남", "ㄱㄴ", "스ㅌ", "강나", "제잇", "tmxkqjrtm", "ㅊㅎㅍ", "ㅅㅅ", "카페", "cgv", "역점", "닭", "2"]
        for query in queries {
            let hangul = HangulQuery(query)
            let matcher = NameMatcher(hangul)
            for name in fixture.names.values {
                var bytes = Array(name.utf8)
                let loaded = bytes.withUnsafeMutableBufferPointer { matcher.load(UnsafeBufferPointer($0)) }
                guard loaded else { continue }
                #expect(matcher.match() == hangul.match(name), "\(query) in \(name)")
            }
        }
    }
}
