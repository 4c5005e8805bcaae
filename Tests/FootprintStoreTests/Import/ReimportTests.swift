import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Re-importing a source: matched by (source, source id), never duplicated; unchanged rows are
/// counted as unchanged (not updated, nothing written); removed places stay removed.
@Suite struct ReimportTests {
    @Test func theSameFileTwiceChangesNothing() throws {
        let test = try ImportTestStore()
        let first = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        #expect((first.inserted, first.updated, first.unchanged) == (2, 0, 0))
        let before = try test.snapshot()
        let second = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        #expect((second.inserted, second.updated, second.unchanged) == (0, 0, 2))
        #expect(try test.snapshot() == before)
    }

    @Test func changedRowsAreUpdatedAndMovedPointsReindexed() throws {
        let test = try ImportTestStore()
        let v1 = try test.file(
            "list.csv", "id,name,lat,lon,likes\n1,하나,37.5,127.0,1\n2,둘,37.6,127.1,2\n3,셋,37.7,127.2,3\n")
        _ = try test.store.importPlaces(from: v1)
        let v2 = try test.file(
            "list.csv",
            "id,name,lat,lon,likes\n1,하나,37.5,127.0,1\n2,둘!,37.6,127.1,2\n3,셋,37.72,127.21,3\n4,넷,36.0,128.0,4\n")
        let summary = try test.store.importPlaces(from: v2)
        #expect((summary.inserted, summary.updated, summary.unchanged) == (1, 2, 1))
        #expect(try test.count() == 4)
        let places = try test.places()
        #expect(places["2"]?["name"] as String? == "둘!")
        #expect(places["3"]?["latitude"] as Double? == 37.72)
        let entry = try test.store.read { db in
            try Row.fetchOne(
                db, sql: "SELECT xmin, ymin FROM idx_places_geom WHERE pkid = ?",
                arguments: [places["3"]!["id"] as Int64])
        }
        #expect(abs((entry?["ymin"] as Double? ?? 0) - 37.72) < 1e-5)
        #expect(abs((entry?["xmin"] as Double? ?? 0) - 127.21) < 1e-5)
        #expect(
            try test.store.read { db in try String.fetchOne(db, sql: "SELECT rtreecheck('idx_places_geom')") } == "ok")
    }

    @Test func aRemovedPlaceIsNotBroughtBack() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        let forest = try #require(try test.places()["k2"]?["id"] as Int64?)
        try test.store.removePlace(id: forest)
        let summary = try test.store.importPlaces(from: importFixture("aliases_bom.csv"))
        #expect((summary.inserted, summary.unchanged, summary.keptRemoved) == (0, 1, 1))
        #expect(try test.places()["k2"] == nil)
        // Another source with the same id is another place: the removed one's copy is new (no
        // merge across a removed place), the other is the same spot as k1 and merges into it.
        let other = try test.store.importPlaces(
            from: importFixture("aliases_bom.csv"), options: ImportOptions(source: "다른 목록"))
        #expect((other.inserted, other.merged) == (1, 1))
    }

    /// A file without a column leaves that field as it is: a note written in Footprint survives.
    @Test func fieldsTheFileDoesNotCarryKeepTheirValues() throws {
        let test = try ImportTestStore()
        let url = try test.file("plain.csv", "id,name,lat,lon\n1,하나,37.5,127.0\n")
        _ = try test.store.importPlaces(from: url)
        let id = try #require(try test.places()["1"]?["id"] as Int64?)
        _ = try test.store.editPlace(id: id, PlaceEdit(addedTags: ["단골"], note: "창가 자리"))
        let summary = try test.store.importPlaces(from: url)
        #expect(summary.unchanged == 1)
        let place = try test.store.place(id: id)
        #expect(place.note == "창가 자리")
        #expect(place.tags == ["단골"])
    }

    /// An import that stopped after some batches (here: a prefix of the file) is completed by
    /// running it again on the whole file; the result is the same as one import.
    @Test func aPrefixThenTheWholeFileCompletesTheImport() throws {
        let lines = (1...2_500).map {
            "\($0),곳 \($0),\(37 + Double($0 % 997) / 1000),\(127 + Double($0 % 1009) / 1000)"
        }
        let header = "id,name,lat,lon\n"
        let partial = try ImportTestStore()
        let prefix = try partial.file("places.csv", header + lines.prefix(1_234).joined(separator: "\n") + "\n")
        let options = ImportOptions(batchSize: 300)
        #expect(try partial.store.importPlaces(from: prefix, options: options).inserted == 1_234)
        let whole = try partial.file("places.csv", header + lines.joined(separator: "\n") + "\n")
        let completed = try partial.store.importPlaces(from: whole, options: options)
        #expect((completed.inserted, completed.updated, completed.unchanged) == (1_266, 0, 1_234))

        let direct = try ImportTestStore()
        _ = try direct.store.importPlaces(from: try direct.file("places.csv", header + lines.joined(separator: "\n")))
        func content(_ test: ImportTestStore) throws -> [String] {
            try test.places().values.map {
                "\($0["source_id"] as String) \($0["name"] as String) \($0["latitude"] as Double) \($0["longitude"] as Double)"
            }.sorted()
        }
        #expect(try content(partial) == content(direct))
        #expect(
            try partial.store.read { db in try String.fetchOne(db, sql: "SELECT rtreecheck('idx_places_geom')") }
                == "ok")
    }
}
