import GRDB

/// The per-row triggers on `places` that a bulk batch drops and re-creates, verbatim, inside its
/// own transaction (so a killed import leaves them in place): the batch performs their effects
/// itself, once per batch instead of once per row.
///
/// | trigger | effect, and how the batch performs it |
/// |---|---|
/// | `ggi_places_geom`, `ggu_places_geom` (SpatiaLite) | geometry type and SRID check: the batch writes POINT/4326 blobs only |
/// | `tmi_places_geom`, `tmu_places_geom` (SpatiaLite) | `geometry_columns_time`: set once per batch |
/// | `gii_places_geom`, `giu_places_geom` (SpatiaLite) | the R*Tree `idx_places_geom`: see ``SpatialIndexUpdate`` |
/// | `places_coordinates_insert/update` | keep `latitude`/`longitude` in step with `geom`: the batch writes both |
/// | `place_changes_insert` | `place_changes` rows of new places for the search index: one statement per batch |
/// | `place_moves_update` | records a move written to the columns only: the batch writes `geom` with them |
/// | `recommend_candidates_insert` | the compact copy recommendations read (``RecommendationCells``): one sorted statement per batch |
///
/// Triggers not named here stay in force: the DELETE ones, `place_changes_update` (it records the
/// text the search index holds before an update overwrites it, which only a trigger sees), and any
/// a later migration adds. A
/// migration that changes one of these triggers' effects must change the batch writer too.
struct SuspendedTriggers {
    static let names = [
        "ggi_places_geom", "ggu_places_geom", "tmi_places_geom", "tmu_places_geom", "gii_places_geom",
        "giu_places_geom", "places_coordinates_insert", "places_coordinates_update", "place_changes_insert",
        "place_moves_update", "recommend_candidates_insert",
    ]

    /// The dropped triggers' names and SQL, as `sqlite_master` had them.
    private let triggers: [(name: String, sql: String)]

    /// Reads the SQL of the triggers called `names` (``names`` by default) from `sqlite_master`
    /// and drops them. Call inside a transaction.
    init(_ db: Database, names: [String] = Self.names) throws {
        let placeholders = names.map { _ in "?" }.joined(separator: ",")
        let rows = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (\(placeholders))",
            arguments: StatementArguments(names))
        triggers = rows.map { (name: $0["name"], sql: $0["sql"]) }
        for trigger in triggers {
            try db.execute(sql: "DROP TRIGGER \(trigger.name.quotedDatabaseIdentifier)")
        }
    }

    /// Re-creates the dropped triggers with their original SQL.
    func restore(_ db: Database) throws {
        for trigger in triggers { try db.execute(sql: trigger.sql) }
    }

    /// True when the trigger named `name` was in force (and is now dropped).
    func contains(_ name: String) -> Bool { triggers.contains { $0.name == name } }
}
