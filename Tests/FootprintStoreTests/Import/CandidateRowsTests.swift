import FootprintGeo
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// The `recommend_candidates` rows a batch collects as it writes: the rows the trigger
/// `recommend_candidates_insert` writes, and a position they cannot key leaves them to SQL.
@Suite struct CandidateRowsTests {
    /// Places inserted by hand (the trigger in force) and the same places' rows from
    /// ``CandidateRows``, written into the emptied table: equal, row for row, inserted in key order.
    @Test func theRowsAreTheTriggers() throws {
        let test = try ImportTestStore()
        // North to south, two in one cell, one on the antimeridian and one at the pole.
        let positions = [(37.61, 127.0), (37.6, 127.0001), (37.6, 127.0002), (-33.9, 180.0), (90.0, -180.0)]
        var rows = CandidateRows()
        for (index, (latitude, longitude)) in positions.enumerated() {
            var place = ImportedPlace(
                sourceID: "\(index)", name: "곳 \(index)", latitude: latitude, longitude: longitude, line: index + 2)
            place.likes = index * 7
            place.tags = index.isMultiple(of: 2) ? "야경|커피" : ""
            place.category = index == 1 ? nil : "카페"
            place.bestTime = index == 2 ? "18:00-21:00" : nil
            rows.append(place)
            _ = try test.store.addPlace(
                Place(
                    name: place.name, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                    category: place.category,
                    tags: place.tags.isEmpty ? [] : place.tags.split(separator: "|").map(String.init),
                    likes: place.likes))
            try test.store.write { db in
                try db.execute(
                    sql: "UPDATE places SET best_time = ? WHERE name = ?", arguments: [place.bestTime, place.name])
            }
        }
        #expect(rows.isComplete)
        #expect(rows.count == positions.count)
        let query = "SELECT * FROM recommend_candidates"
        let written = try test.store.read { db in try GRDB.Row.fetchAll(db, sql: query) }
        // The table's rows come out in key order whatever the order they went in: a log of the
        // inserts tells that order.
        let (collected, inserted) = try test.store.write { db in
            try db.execute(
                sql: """
                    DELETE FROM recommend_candidates;
                    CREATE TEMP TABLE inserts (id INTEGER);
                    CREATE TEMP TRIGGER log_inserts AFTER INSERT ON main.recommend_candidates
                    BEGIN INSERT INTO inserts(id) VALUES (NEW.id); END;
                    """)
            try rows.insert(db, path: "f", firstID: 1)
            let inserted = try Int64.fetchAll(db, sql: "SELECT id FROM temp.inserts ORDER BY rowid")
            try db.execute(sql: "DROP TRIGGER temp.log_inserts; DROP TABLE temp.inserts")
            return (try GRDB.Row.fetchAll(db, sql: query), inserted)
        }
        #expect(collected == written)
        #expect(inserted == [4, 2, 3, 1, 5])
    }

    /// A position out of range or not a number: the batch's rows are left to SQL.
    @Test func aPositionTheKeyCannotHoldLeavesTheRowsToSQL() {
        for (latitude, longitude) in [(Double.nan, 127.0), (37.5, 180.5), (-90.5, 0)] {
            var rows = CandidateRows()
            rows.append(ImportedPlace(sourceID: "1", name: "곳", latitude: 37.5, longitude: 127.0, line: 2))
            rows.append(ImportedPlace(sourceID: "2", name: "곳", latitude: latitude, longitude: longitude, line: 3))
            #expect(!rows.isComplete)
        }
    }
}
