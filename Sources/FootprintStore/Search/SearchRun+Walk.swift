import Foundation
import GRDB
import GRDBSQLite
import HeapModule

extension SearchRun {
    /// A field of ``SearchIndex/lengthKeyedColumns`` with more than this many candidates is read
    /// in ranking order (``walk(columns:)``) rather than in full: at ~1 µs a candidate, the 900,000
    /// places of 1M whose address holds `서울특별시` cost ~1 s.
    static let walkMinimum = 16_384
    /// A walk that has read this many places without settling the results (a filter or a field
    /// that few of the rows it reads pass) reads the rest of the candidates in full instead.
    static let walkMaximum = 100_000

    /// The candidates of the literal stage (``SearchPlan/Stage/Source/literals(_:)``) still to be
    /// judged. With a limit and no `--near`, a field of ``SearchIndex/lengthKeyedColumns`` that
    /// holds a literal for many places is walked instead: those places are judged here, best
    /// possible rank first, until no place left unread can rank among the first `limit`; the
    /// other fields' candidates are returned.
    mutating func literalCandidates(_ phrases: [SearchExpression.Phrase]) throws -> [Int64] {
        guard let any = SearchExpression.any(phrases.map { .phrase($0) }) else { return [] }
        func all() throws -> [Int64] { try SearchIndex.otherFieldIDs(db, expression: any) }
        guard query.limit != nil, query.near == nil else { return try all() }
        // The places holding a literal in a field that is not walked: judged in full.
        guard let direct = try Self.rowIDs(db, table: "search_short_fields", expression: any, atMost: Self.walkMinimum)
        else { return try all() }
        // Few candidates: read them all, as without a limit.
        if let long = try Self.rowIDs(db, table: "search_text", expression: any, atMost: Self.walkMinimum) {
            let ids = SearchIndex.mergedIDs(direct, long)
            if ids.count <= Self.walkMinimum { return ids }
        }
        // A walk bounds the rank of a place unread without its recency: the visited places are
        // judged first (``walkMinimum`` of them at most).
        let visited = try Int64.fetchAll(
            db, sql: "SELECT DISTINCT place_id FROM visits WHERE place_id IS NOT NULL LIMIT ?",
            arguments: [Self.walkMinimum + 1])
        guard visited.count <= Self.walkMinimum else { return try all() }
        let first = Set(direct).union(visited).subtracting(seen).sorted()
        seen.formUnion(first)
        try judge(first)
        if try !walk(columns: SearchIndex.lengthKeyedColumns) {
            let rest = try all().filter { !seen.contains($0) }
            seen.formUnion(rest)
            try judge(rest)
        }
        return []
    }

    /// The rowids an FTS5 table matches for `expression`, ascending, or `nil` when there are more
    /// than `limit`.
    private static func rowIDs(_ db: Database, table: String, expression: SearchExpression, atMost limit: Int) throws
        -> [Int64]?
    {
        let statement = try db.cachedStatement(sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ? LIMIT ?")
        let cursor = try Int64.fetchCursor(statement, arguments: [expression.text, limit + 1])
        var ids: [Int64] = []
        while let id = try cursor.next() {
            ids.append(id)
            if ids.count > limit { return nil }
        }
        return ids
    }

    /// One length of one field: its places by likes, descending, read a page at a time.
    private struct Group {
        var column: Int
        var length: Int
        /// The fit of a match in a field of this length (its upper bound for length 0).
        var fit: Double
        var page: [(id: Int64, likes: Int)] = []
        var next = 0
        var done = false
    }

    /// The best rank a place unread from a group can have.
    private struct Head: Comparable {
        var bound: Double
        var group: Int
        static func < (a: Head, b: Head) -> Bool { a.bound < b.bound }
    }

    /// Judges the places of `columns`' rows of `search_field_lengths` in descending order of the
    /// best score a match in that field could give them (fit of the length, popularity), until
    /// the `limit`-th best score found exceeds it; `false` when it gave up after ``walkMaximum``
    /// places.
    ///
    /// Exact because a place that matches only in other fields ranks by its first matching field,
    /// whose search-normalized length is at least the stored one and at least the shortest
    /// literal's; proximity is absent (no `--near`), and recency too for the places not judged
    /// before (they have no visits).
    private mutating func walk(columns: [Int]) throws -> Bool {
        guard let limit = query.limit, limit > 0 else { return true }
        let shortest = matcher.literals.map { $0.text.unicodeScalars.count }.min() ?? 0
        var groups: [Group] = []
        for column in columns {
            var length = -1
            while let next = try Int.fetchOne(
                db,
                sql: "SELECT length FROM search_field_lengths WHERE field = ? AND length > ? ORDER BY length LIMIT 1",
                arguments: [column, length])
            {
                length = next
                // A field shorter than every literal holds none (0: length unknown).
                if length == 0 || length >= shortest {
                    groups.append(
                        Group(column: column, length: length, fit: SearchMatcher.fit(length: max(length, shortest))))
                }
            }
        }
        let otherFieldBase = Double(SearchMatch.tierCount - SearchMatch(kind: .otherField).tier)
        func bound(_ group: Group) -> Double {
            let likes = group.page[group.next].likes
            let part =
                Self.fitWeight * group.fit + Self.popularityWeight * min(1, log10(1 + Double(max(0, likes))) / 5)
            return otherFieldBase + min(part, 0.999_999)
        }
        var heads = Heap<Head>()
        for index in groups.indices where try advance(&groups[index]) {
            heads.insert(Head(bound: bound(groups[index]), group: index))
        }
        // The `limit` best scores found, recency left out (a lower bound of each).
        var best = Heap<Double>()
        var scored = 0
        func settle(_ matched: [Matched]) {
            while scored < matched.count {
                let score = Self.scoreWithoutRecency(matched[scored])
                scored += 1
                if best.count < limit {
                    best.insert(score)
                } else if best.min! < score {
                    best.replaceMin(with: score)
                }
            }
        }
        settle(matched)
        var batch: [Int64] = []
        var batchSize = 128
        var read = 0
        while let head = heads.max {
            if best.count == limit, best.min! > head.bound { break }
            _ = heads.removeMax()
            let group = head.group
            let id = groups[group].page[groups[group].next].id
            groups[group].next += 1
            if try advance(&groups[group]) { heads.insert(Head(bound: bound(groups[group]), group: group)) }
            guard seen.insert(id).inserted else { continue }
            batch.append(id)
            if batch.count >= batchSize {
                try judge(batch)
                read += batch.count
                batch = []
                batchSize = min(batchSize * 2, 4096)
                settle(matched)
                if read >= Self.walkMaximum { return false }
            }
        }
        try judge(batch)
        return true
    }

    /// A match's score as ``ranked()`` computes it, recency left out: a lower bound of it.
    static func scoreWithoutRecency(_ candidate: Matched) -> Double {
        var part = fitWeight * candidate.fit
        if let distance = candidate.distanceMeters {
            let decades = log10(1 + distance / proximityScaleMeters)
            part += proximityWeight * max(0, 1 - decades / 5)
        }
        part += popularityWeight * min(1, log10(1 + Double(max(0, candidate.likes))) / 5)
        return Double(SearchMatch.tierCount - candidate.match.tier) + min(part, 0.999_999)
    }

    /// Makes the group's next place readable, reading its next page when needed; `false` when the
    /// group has no place left.
    private func advance(_ group: inout Group) throws -> Bool {
        if group.next < group.page.count { return true }
        if group.done { return false }
        let size = group.page.isEmpty ? 64 : 1024
        let rows: [Row]
        if let last = group.page.last {
            rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, likes FROM search_field_lengths
                        WHERE field = ? AND length = ? AND (likes, id) < (?, ?)
                        ORDER BY likes DESC, id DESC LIMIT ?
                        """), arguments: [group.column, group.length, last.likes, last.id, size])
        } else {
            rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, likes FROM search_field_lengths WHERE field = ? AND length = ?
                        ORDER BY likes DESC, id DESC LIMIT ?
                        """), arguments: [group.column, group.length, size])
        }
        group.page = rows.map { ($0[0], $0[1]) }
        group.next = 0
        group.done = rows.count < size
        return !group.page.isEmpty
    }
}
