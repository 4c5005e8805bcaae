import FootprintGeo
import FootprintHangul
import GRDB

extension FootprintStore {
    /// Korean-aware search of places, best first (ARCHITECTURE.md, `search`).
    ///
    /// A place matches when its name contains the query with spaces ignored on both sides
    /// (`스타벅스 강남` ↔ `스타벅스강남역점`); or holds all its words in any order; or matches one of
    /// its Korean readings — 초성 (`ㅅㅌㅂㅅ`), mixed (`스ㅌㅂ`), a half-typed last syllable
    /// (`스타벅`, `강나`, `제잇`, `희미용ㅅ`), the keyboard in the wrong mode (`tmxkqjrtm`,
    /// `Rkcl`, `ㅊㅎㅍ`); or, ranked below every name match, when the category, tags, address or
    /// note contain it. Results are ordered by ``SearchMatch`` (see its order), then by a score
    /// in [0, 1) made of BM25's length factor (weight 0.4), proximity to `near` (0.35,
    /// `1 − log10(1 + d / 100 m) / 5`), popularity (0.15, `log10(1 + likes) / 5`) and visit recency
    /// (0.1, `1 / (1 + days / 90)`), then by id.
    ///
    /// Read-only: places changed since the index was last updated (by another tool, say) are
    /// judged from their rows directly.
    ///
    /// - Throws: `invalidValue` for an empty query, a radius without a point, a bad date or limit.
    public func search(_ query: SearchQuery) throws -> [SearchResult] {
        let query = try query.validated()
        let partner = searchPartners.borrow(path: path)
        defer { searchPartners.giveBack(partner) }
        try mapErrors { try partner?.markBeforeSearch() }
        return try read { db in
            var run = try SearchRun(db, query, partner: partner)
            if writer == nil, query.near != nil, query.limit != nil, query.withinMeters == nil {
                run.rankCache = try searchRankCaches.snapshot(db)
            }
            return try run.results()
        }
    }

    /// Turns on or off the second read connection that judges half of a long candidate list on
    /// another core (``SearchPartner``). On by default when the machine has two cores or more;
    /// a server serving many searches at once keeps its cores busy with them and turns it off.
    public func setSearchPartner(enabled: Bool) {
        searchPartners.enabled = enabled
    }

    /// Whether searches use the second read connection (``setSearchPartner(enabled:)``).
    public var usesSearchPartner: Bool { searchPartners.enabled }

    /// The ids of every place whose name contains `text` with spaces ignored on both sides,
    /// ascending: the index's substring look-up alone, without ranking (what the benchmark's
    /// `fts_2syl` and `fts_3syl` fetch). Places changed since the index was last updated are
    /// judged from their rows.
    public func placeIDs(nameContaining text: String) throws -> [Int64] {
        let normalized = HangulNormalization.searchNormalized(text)
        guard !normalized.isEmpty, let phrase = SearchExpression.Phrase(literal: text) else {
            throw FootprintStoreError.invalidValue(
                name: "search text", value: "“\(text)”", reason: "give the words to search for")
        }
        return try read { db in
            let pending = try PendingChanges(db)
            var ids = try SearchIndex.rowIDs(db, table: "search_names", expression: .phrase(phrase))
            let needsCheck = !phrase.isComplete
            if !pending.ids.isEmpty || needsCheck {
                var kept: [Int64] = []
                if needsCheck {
                    try SearchIndex.forEachRow(db, ids: ids, condition: nil) { row in
                        if HangulNormalization.searchNormalized(row.name).contains(normalized) { kept.append(row.id) }
                    }
                } else {
                    kept = ids
                }
                kept.removeAll { pending.ids.contains($0) }
                try SearchIndex.forEachRow(db, ids: pending.liveIDs, condition: nil) { row in
                    if HangulNormalization.searchNormalized(row.name).contains(normalized) { kept.append(row.id) }
                }
                ids = kept.sorted()
            }
            return ids
        }
    }
}

/// The places changed since the index was last updated (`place_changes`): excluded from index
/// results, and judged from their current rows.
struct PendingChanges {
    /// Every pending place id, removed ones included.
    let ids: Set<Int64>
    /// The pending places that still exist.
    let liveIDs: [Int64]

    init(_ db: Database) throws {
        var ids = Set<Int64>()
        var live: [Int64] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT place_id, deleted FROM place_changes ORDER BY place_id")
        while let row = try rows.next() {
            let id: Int64 = row[0]
            ids.insert(id)
            if (row[1] as Int?) == 0 { live.append(id) }
        }
        self.ids = ids
        liveIDs = live
    }
}
