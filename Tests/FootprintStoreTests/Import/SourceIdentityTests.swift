import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Sources are what they say they are: Kakao and Naver rows are keyed by the service whatever
/// the file, and a CSV or GeoJSON file that shares another's name but not its places is told
/// apart (conflicts) instead of moving them.
@Suite struct SourceIdentityTests {
    static let header = "id,name,lat,lon\n"

    /// `trip/places.csv` in the test store's directory.
    func tripFile(_ test: ImportTestStore, _ trip: String, _ rows: String) throws -> URL {
        let folder = test.directory.file(trip)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("places.csv")
        try Data((Self.header + rows).utf8).write(to: url)
        return url
    }

    @Test func twoKakaoFilesWithTheSamePlaceMakeOnePlace() throws {
        let test = try ImportTestStore()
        let text = try String(contentsOf: importFixture("kakao_search.json"), encoding: .utf8)
        let first = try test.store.importPlaces(from: try test.file("카페 검색.json", text))
        let second = try test.store.importPlaces(from: try test.file("성수 검색.json", text))
        #expect(first.source == "kakao" && second.source == "kakao")
        #expect(second.inserted == 0 && second.unchanged == first.inserted)
        #expect(try test.count() == first.inserted)
        #expect(try test.places(source: "kakao")["1063775130"]?["name"] as String? == "서울숲 카페 나무그늘")
        // --source still names the source; its places are the same spots, so they merge.
        let named = try test.store.importPlaces(
            from: try test.file("x.json", text), options: ImportOptions(source: "내 카카오"))
        #expect(named.source == "내 카카오" && named.merged == first.inserted && named.inserted == 0)
    }

    /// A source of only spaces is no name (`--source " "` stored places under "  ", which no
    /// message could show); refused before anything is read, as an empty one is.
    @Test(arguments: ["", "  ", "\t"])
    func aBlankSourceIsRefused(source: String) throws {
        let test = try ImportTestStore()
        let url = try test.file("places.csv", Self.header + "1,서울숲,37.5444,127.0374\n")
        let refused = FootprintStoreError.invalidValue(
            name: "source", value: "“\(source)”", reason: "a source needs a name")
        #expect(throws: refused) { try test.store.importPlaces(from: url, options: ImportOptions(source: source)) }
        #expect(throws: refused) {
            try VisitImportFile(path: url.path, options: VisitImportOptions(source: source))
        }
        #expect(try test.count() == 0)
    }

    @Test func naverItemsAreKeyedByNaver() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture("naver_search.json"))
        #expect(summary.source == "naver")
        #expect(try test.places(source: "naver").count == summary.inserted)
    }

    @Test func aSameNamedFileElsewhereConflictsAndChangesNothing() throws {
        let test = try ImportTestStore()
        let trip1 = try tripFile(test, "trip1", "1,서울숲,37.5444,127.0374\n2,성수 카페,37.5446,127.0557\n")
        _ = try test.store.importPlaces(from: trip1)
        let before = try test.snapshot()
        // trip2: Busan. Ids 1 and 2 are other places; 3 is new.
        let trip2 = try tripFile(
            test, "trip2", "1,해운대,35.1587,129.1604\n2,광안리,35.1532,129.1187\n3,태종대,35.0532,129.0870\n")
        let summary = try test.store.importPlaces(from: trip2)
        #expect((summary.inserted, summary.updated, summary.unchanged, summary.conflicts) == (1, 0, 0, 2))
        #expect(summary.rowsRead == 3)
        #expect(summary.conflictRows.map(\.line) == [2, 3])
        #expect(summary.conflictRows.first?.reason.hasPrefix("The row would move “서울숲” (id “1”) 3") == true)
        #expect(summary.conflictRows.first?.reason.hasSuffix(" km and rename it to “해운대”") == true)
        let places = try test.places(source: "places.csv")
        #expect(places["1"]?["name"] as String? == "서울숲")
        #expect(places["2"]?["latitude"] as Double? == 37.5446)
        #expect(
            try test.snapshot().filter { $0.hasPrefix("1|") || $0.hasPrefix("2|") }
                == before.filter {
                    $0.hasPrefix("1|") || $0.hasPrefix("2|")
                })

        // Under its own name it is its own source (its row at the same spot as one of places.csv
        // merges into it).
        let own = try test.store.importPlaces(from: trip2, options: ImportOptions(source: "trip2"))
        #expect((own.inserted + own.merged, own.conflicts) == (3, 0))
        // --replace accepts the changes.
        let replaced = try test.store.importPlaces(from: trip2, options: ImportOptions(replace: true))
        #expect((replaced.updated, replaced.unchanged, replaced.conflicts) == (2, 1, 0))
        #expect(try test.places(source: "places.csv")["1"]?["name"] as String? == "해운대")
    }

    @Test func strictFailsOnAConflict() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try tripFile(test, "trip1", "1,서울숲,37.5444,127.0374\n"))
        let trip2 = try tripFile(test, "trip2", "1,해운대,35.1587,129.1604\n")
        #expect(throws: FootprintStoreError.self) {
            try test.store.importPlaces(from: trip2, options: ImportOptions(strict: true))
        }
        #expect(try test.places()["1"]?["name"] as String? == "서울숲")
    }

    /// A rename that keeps a word, a small move, a corrected typo in 초성 are the same place.
    @Test func recognizableRenamesAndSmallMovesAreAccepted() throws {
        let test = try ImportTestStore()
        let url = try test.file(
            "list.csv", Self.header + "1,스타벅스 강남점,37.4979,127.0276\n2,서울숲,37.5444,127.0374\n3,카페 A,37.5,127.0\n")
        _ = try test.store.importPlaces(from: url)
        let moved = try test.file(
            "list.csv", Self.header + "1,스타벅스 강남역점,37.5100,127.0300\n2,서울숩,37.5444,127.0374\n3,빵집,37.5,127.0\n")
        let summary = try test.store.importPlaces(from: moved)
        #expect((summary.updated, summary.conflicts) == (2, 1))
        #expect(summary.conflictRows.map(\.line) == [4])
        #expect(summary.conflictRows.first?.reason == "The row would rename “카페 A” (id “3”) to “빵집”")
    }

    @Test(arguments: [
        ("스타벅스 강남점", "스타벅스 강남역점", true),
        ("Café Noir", "cafe noir 성수", true),
        ("서울숲", "서울숩", true),
        ("ㅅㅌㅂㅅ", "스타벅스", true),
        ("강남", "강남점", true),
        ("블루보틀 성수", "해운대 횟집", false),
        ("카페 1", "식당 1", false),
        ("A", "B", false),
    ])
    func nameResemblance(_ old: String, _ new: String, _ expected: Bool) {
        #expect(NameResemblance.recognizable(old, new) == expected)
    }
}
