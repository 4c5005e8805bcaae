import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// What a bulk import writes beside `places` once per batch instead of through the suspended
/// triggers, and the settings it lends the write connection for the run.
@Suite struct BulkDerivedRowsTests {
    /// 60 rows in batches of 7, the file's order against the cells' (south to north, several rows
    /// a cell), with a place added by hand before them: the table's rows are exactly the
    /// trigger's.
    @Test func candidateRowsOfEveryBatchAreWhatTheTriggerWrites() throws {
        let test = try ImportTestStore()
        _ = try test.store.addPlace(Place(name: "손으로", coordinate: try Coordinate(latitude: 37.55, longitude: 126.95)))
        var text = "id,name,lat,lon,likes,category,tags\n"
        for row in 0..<60 {
            // Rows 0, 1, 2 share a cell, and so on; later rows lie further south.
            let latitude = 37.6 - Double(row / 3) * 0.003
            let longitude = 127.0 + Double(row % 3) * 0.0001
            text += "\(row),곳 \(row),\(latitude),\(longitude),\(row),카페,야경|커피\n"
        }
        let summary = try test.store.importPlaces(
            from: try test.file("cells.csv", text), options: ImportOptions(batchSize: 7))
        #expect(summary.inserted == 60)
        #expect(try RecommendationCellsTests.mismatches(test.directory.file("f.sqlite").path) == 0)
        let rows = try test.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM recommend_candidates") }
        #expect(rows == 61)
        // Again, moved: the update trigger (in force during a batch) moves them to their new cells.
        let moved = text.replacingOccurrences(of: ",127.0", with: ",127.01")
        let again = try test.store.importPlaces(
            from: try test.file("cells.csv", moved), options: ImportOptions(batchSize: 7))
        #expect((again.inserted, again.updated) == (0, 60))
        #expect(try RecommendationCellsTests.mismatches(test.directory.file("f.sqlite").path) == 0)
    }

    /// A re-import with new, changed, unchanged and repeated rows in one batch: each looked up
    /// first, the new one inserted after its look-up found nothing.
    @Test func aReimportFindsItsRowsAndInsertsTheNewOnes() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(
            from: try test.file("list.csv", "id,name,lat,lon\n1,하나,37.5,127.0\n2,둘,37.6,127.1\n"))
        let summary = try test.store.importPlaces(
            from: try test.file(
                "list.csv", "id,name,lat,lon\n1,하나,37.5,127.0\n3,셋,37.7,127.2\n2,둘둘,37.6,127.1\n1,하나,37.5,127.0\n"))
        #expect((summary.inserted, summary.updated, summary.unchanged, summary.skipped) == (1, 1, 1, 1))
        #expect(summary.skippedRows.first?.line == 5)
        let places = try test.places()
        #expect(places.keys.sorted() == ["1", "2", "3"])
        #expect(places["2"]?["name"] as String? == "둘둘")
    }

    /// The import's larger page cache and `synchronous = NORMAL` end with it: a later edit is
    /// durable (`FULL`) on the connection's usual cache.
    @Test func theConnectionGetsItsSettingsBack() throws {
        let test = try ImportTestStore()
        _ = try test.store.importPlaces(from: try test.file("one.csv", "id,name,lat,lon\n1,하나,37.5,127.0\n"))
        let (cacheSize, synchronous) = try test.store.write { db in
            (try Int.fetchOne(db, sql: "PRAGMA cache_size"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(cacheSize == -131_072)
        #expect(synchronous == 2)
    }
}
