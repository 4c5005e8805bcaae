import GRDB

/// Imported visits are unique by source, place and arrival: what makes a re-import of the same
/// visits file add nothing (``FootprintStore/importVisits(_:progress:)``).
///
/// Migration `v7-visit-keys` adds the index, arrival before place: an import also asks which
/// place already has its visit at an arrival. No earlier build wrote `visits.source`, so no
/// existing row can break it; visits added by hand (`source` NULL) and detached visits
/// (`place_id` NULL) are outside it.
enum VisitKeys {
    static func createSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE UNIQUE INDEX visits_source_key ON visits(source, arrived_at, place_id)
                WHERE source IS NOT NULL AND place_id IS NOT NULL;
                """)
    }
}
