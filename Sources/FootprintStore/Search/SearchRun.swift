import FootprintGeo
import Foundation
import GRDB
import HeapModule

/// One search on one read connection: runs the plan's stages, judges the candidates, ranks.
struct SearchRun {
    /// A candidate that matched, before ranking.
    struct Matched {
        var id: Int64
        var likes: Int
        var match: SearchMatch
        var fit: Double
        var distanceMeters: Double?
    }

    let db: Database
    let query: SearchQuery
    let matcher: SearchMatcher
    let plan: SearchPlan
    /// The SQL filters on `places` (category, tags, visited, likes, visit dates).
    let condition: SQL?
    /// With `withinMeters`, the places inside the circle (exact), when the circle is small
    /// enough to list them from the R*Tree (``insideListRadius``); `nil` otherwise, and each
    /// candidate's distance is checked as it is read.
    let inside: Set<Int64>?
    let flat: FlatDistance?
    /// The second connection that judges half of a long candidate list; `nil` when the store has
    /// none for this search, or its snapshot turned out to differ.
    var partner: SearchPartner?
    /// The store's snapshot of every place's position, likes and name length, when it has one:
    /// name stages near a point then read their candidates best bound first.
    var rankCache: SearchRankSnapshot?

    var seen = Set<Int64>()
    var matched: [Matched] = []
    /// Matches found by another source's name of a merged place (``OtherNames``).
    var otherNameMatches = 0

    init(_ db: Database, _ query: SearchQuery, partner: SearchPartner? = nil) throws {
        self.db = db
        self.partner = partner
        self.query = query
        matcher = SearchMatcher(query)
        plan = SearchPlan(matcher, query: query)
        condition = Self.condition(for: query)
        if let near = query.near, let radius = query.withinMeters, radius <= Self.insideListRadius {
            inside = try Self.placeIDs(db, within: radius, of: near)
        } else {
            inside = nil
        }
        // Proximity is scored on the flat estimate (Karney's geodesic for thousands of candidates
        // would cost ~1 µs each); the distances returned are exact.
        flat = query.near.flatMap {
            FlatDistance.isUsable(center: $0, radiusMeters: 0) ? FlatDistance(center: $0) : nil
        }
    }

    /// Every stage that can still change the first `limit` results, then the ranking.
    mutating func results() throws -> [SearchResult] {
        let pending = try PendingChanges(db)
        seen = pending.ids
        try judge(pending.liveIDs)
        var completeBelow = 0
        var stages = plan.stages
        var next = 0
        var laterAdded = false
        while true {
            if next == stages.count {
                guard !laterAdded else { break }
                laterAdded = true
                stages += plan.laterStages()
                continue
            }
            let stage = stages[next]
            next += 1
            if let limit = query.limit, matched.lazy.filter({ $0.match.tier < completeBelow }).count >= limit { break }
            var ids: [Int64]
            switch stage.source {
            case .names(let expression) where rankCache != nil && query.near != nil && query.withinMeters == nil:
                // Near a point, with a snapshot of every place's bounds: best bound first.
                let ids = try SearchIndex.rowIDs(
                    db, table: "search_names", expression: expression, limit: oneKeyBound
                ).filter {
                    !seen.contains($0)
                }
                try judgeNamesBestFirst(rankCache!, ids: ids, bestTier: completeBelow)
                try judgeOtherNames(expression)
                completeBelow = stage.completeBelow
                continue
            case .names(let expression) where partner == nil:
                // One connection: the look-up and the reading of its rows in one statement.
                try judgeNames(matching: expression)
                try judgeOtherNames(expression)
                completeBelow = stage.completeBelow
                continue
            case .names(let expression):
                ids = try SearchIndex.rowIDs(db, table: "search_names", expression: expression, limit: oneKeyBound)
                try judgeOtherNames(expression)
            case .tags(let expression):
                ids = try SearchIndex.rowIDs(db, table: "search_short_fields", expression: expression)
            case .literals(let phrases):
                ids = try literalCandidates(phrases)
            case .allWordsAnywhere(let words):
                ids = try allWordsAnywhere(words)
            case .listing:
                ids = try listedIDs()
            case .scan(let texts, let tagsOnly):
                ids = try scannedIDs(texts, tagsOnly: tagsOnly)
            }
            ids.removeAll { seen.contains($0) || !(inside?.contains($0) ?? true) }
            seen.formUnion(ids)
            if case .names = stage.source { try judge(ids, columns: .ranking) } else { try judge(ids) }
            completeBelow = stage.completeBelow
        }
        try judgeFuzzy(pending: pending.liveIDs)
        keepOnePerPlace()
        return try ranked()
    }

    /// Reads the places with these ids that pass the filters, and keeps those that match, within
    /// the radius. With ``SearchIndex/RowColumns/ranking`` (a name look-up's candidates), a place
    /// whose name does not match is read again with every field. A long list is split with the
    /// ``SearchPartner``, which judges its second half on the other core.
    mutating func judge(_ ids: [Int64], columns: SearchIndex.RowColumns = .all) throws {
        let judge = Judge(
            matcher: matcher, near: query.near, withinMeters: query.withinMeters, flat: flat, condition: condition)
        var verdicts: Judge.Verdicts
        if let partner, ids.count >= Self.partnerMinimum {
            let half = ids.count / 2
            let job = PartnerJob(judge: judge.withOwnBuffers(), ids: Array(ids[half...]), columns: columns)
            job.start(on: partner)
            // The partner's half is awaited even when this one fails: the job must be done with
            // the partner's connection before the search gives it back.
            let mine = Result { try judge.judge(db, ids: ids[..<half], columns: columns) }
            let partnerVerdicts = try job.wait()
            verdicts = try mine.get()
            if let theirs = partnerVerdicts {
                verdicts.found += theirs.found
                verdicts.unmatchedNames += theirs.unmatchedNames
            } else {
                // Another connection committed since the search began: the partner's snapshot
                // differs, so this connection judges the rest of the search alone.
                self.partner = nil
                let theirs = try judge.judge(db, ids: ids[half...], columns: columns)
                verdicts.found += theirs.found
                verdicts.unmatchedNames += theirs.unmatchedNames
            }
        } else {
            verdicts = try judge.judge(db, ids: ids[...], columns: columns)
        }
        matched += verdicts.found
        if !verdicts.unmatchedNames.isEmpty { try self.judge(verdicts.unmatchedNames) }
    }

    /// Below this many candidates the partner's hand-over (~50 µs: a thread, a transaction)
    /// costs more than half the reading saves (~1 µs a candidate).
    static let partnerMinimum = 512

    /// A listing's candidates: the places within the radius (from the R*Tree, whatever its size),
    /// else those that pass the filters' SQL condition.
    private func listedIDs() throws -> [Int64] {
        if let near = query.near, let radius = query.withinMeters {
            return try inside.map { Array($0) } ?? Array(Self.placeIDs(db, within: radius, of: near))
        }
        var sql: SQL = "SELECT p.id FROM places p"
        if let condition { sql = sql + " WHERE " + condition }
        let (text, arguments) = try sql.build(db)
        return try Int64.fetchAll(db, sql: text, arguments: arguments)
    }

    /// Places holding every word, each in the name or in another field.
    private func allWordsAnywhere(_ words: [SearchExpression]) throws -> [Int64] {
        var common: Set<Int64>?
        for word in words {
            var ids = Set(try SearchIndex.rowIDs(db, table: "search_names", expression: word))
            ids.formUnion(try SearchIndex.rowIDs(db, table: "search_short_fields", expression: word))
            ids.formUnion(try SearchIndex.rowIDs(db, table: "search_text", expression: word))
            common = common.map { $0.intersection(ids) } ?? ids
            if common?.isEmpty ?? false { return [] }
        }
        return common.map { Array($0).sorted() } ?? []
    }

    /// Up to this radius the circle's places are listed from the R*Tree first, so that candidates
    /// outside it are never read: a 3 km circle in Seoul holds ~11,000 of the benchmark's million
    /// places (9× the 1,255 of the peers' 1 km queries), ~3.5 ms of R*Tree boxes at the 0.3 µs
    /// each of SpatiaLite's `radius_1km_bbox_only` — what reading ~2,500 candidates costs.
    static let insideListRadius = 3000.0

    /// The weights of the score's parts (see ``FootprintStore/search(_:)``).
    static let fitWeight = 0.4
    static let proximityWeight = 0.35
    static let popularityWeight = 0.15
    static let recencyWeight = 0.1
    /// Proximity falls by 0.2 for every tenfold distance beyond this (1 at 0 m, 0.79 at 1 km,
    /// 0.6 at 10 km, 0.4 at 100 km, 0 at 10,000 km): a bias that still tells 10 km from 300 km.
    static let proximityScaleMeters = 100.0
    /// The age in days at which recency is one half.
    static let recencyScaleDays = 90.0

    /// A match's place in the order: higher score first, then lower id.
    private struct Ranked: Comparable {
        var score: Double
        var id: Int64
        var index: Int

        /// Whether `a` ranks below `b`.
        static func < (a: Ranked, b: Ranked) -> Bool { a.score != b.score ? a.score < b.score : a.id > b.id }
    }

    /// Scores, orders and cuts the matches, then reads the places returned. With a limit, the best
    /// `limit` are kept in a min-heap as they are scored (a 2-syllable query can match thousands).
    private func ranked() throws -> [SearchResult] {
        let lastVisits = try lastVisitDates(matched.map(\.id))
        let today = Date()
        func ranked(_ index: Int) -> Ranked {
            let candidate = matched[index]
            var part = Self.fitWeight * candidate.fit
            if let distance = candidate.distanceMeters {
                let decades = log10(1 + distance / Self.proximityScaleMeters)
                part += Self.proximityWeight * max(0, 1 - decades / 5)
            }
            part += Self.popularityWeight * min(1, log10(1 + Double(max(0, candidate.likes))) / 5)
            if let date = lastVisits[candidate.id] {
                let days = max(0, today.timeIntervalSince(date) / 86_400)
                part += Self.recencyWeight / (1 + days / Self.recencyScaleDays)
            }
            // The fraction stays below 1 so that the kind's integer part decides first.
            let score = Double(SearchMatch.tierCount - candidate.match.tier) + min(part, 0.999_999)
            return Ranked(score: score, id: candidate.id, index: index)
        }
        var order: [Ranked]
        if let limit = query.limit, matched.count > limit {
            var best = Heap<Ranked>()
            for index in matched.indices {
                let entry = ranked(index)
                if best.count < limit {
                    best.insert(entry)
                } else if best.min! < entry {
                    best.replaceMin(with: entry)
                }
            }
            order = best.unordered
        } else {
            order = matched.indices.map(ranked)
        }
        order.sort(by: >)
        let places = try Self.places(db, ids: order.map(\.id))
        return order.compactMap { entry in
            let candidate = matched[entry.index]
            guard let place = places[candidate.id] else { return nil }
            let distance = query.near.map { Geodesic.distance(from: $0, to: place.coordinate) }
            return SearchResult(place: place, score: entry.score, match: candidate.match, distanceMeters: distance)
        }
    }

    /// The places with these ids, by id, from one cached statement (the query interface would
    /// build its SQL anew for every search).
    private static func places(_ db: Database, ids: [Int64]) throws -> [Int64: Place] {
        guard !ids.isEmpty else { return [:] }
        // Place.databaseSelection: every column but the geometry.
        let statement = try db.cachedStatement(
            sql: """
                SELECT p.id, p.name, p.category, p.tags, p.likes, p.address, p.road_address, p.phone, p.visit_time,
                       p.note, p.source, p.source_id, p.latitude, p.longitude, p.created_at, p.updated_at
                FROM json_each(?) j JOIN places p ON p.id = j.value
                """)
        let idList = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let rows = try Row.fetchCursor(statement, arguments: [idList])
        var places: [Int64: Place] = [:]
        while let row = try rows.next() {
            let place = Place(searchRow: row)
            if places[place.id!] == nil { places[place.id!] = place }
        }
        return places
    }

    /// The last visit's local date of each place that has one, as a UTC midnight.
    private func lastVisitDates(_ ids: [Int64]) throws -> [Int64: Date] {
        guard !ids.isEmpty, try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM visits)")) == true
        else {
            return [:]
        }
        var dates: [Int64: Date] = [:]
        let idList = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT v.place_id, max(v.local_date) FROM json_each(?) j JOIN visits v ON v.place_id = j.value
                GROUP BY v.place_id
                """, arguments: [idList])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        while let row = try rows.next() {
            if let text: String = row[1], let date = formatter.date(from: text) { dates[row[0]] = date }
        }
        return dates
    }
}

extension Place {
    /// A place from a row of ``SearchRun``'s place statement, its columns read by position in the
    /// statement's order (``Place/init(row:)`` finds each of its 17 columns by name, ~10% of a
    /// ranked search that reads 20 places). `best_time` is not selected, as there.
    fileprivate init(searchRow row: Row) {
        self.init(id: row[0], name: row[1], coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0))
        category = row[2]
        tags = Hashtag.decode(row[3] ?? "")
        likes = row[4] ?? 0
        address = row[5]
        roadAddress = row[6]
        phone = row[7]
        visitTime = row[8]
        note = row[9]
        source = row[10]
        sourceID = row[11]
        coordinate = Coordinate(uncheckedLatitude: row[12] ?? .nan, longitude: row[13] ?? .nan)
        createdAt = (row[14] as String?).flatMap(Timestamp.date(from:))
        updatedAt = (row[15] as String?).flatMap(Timestamp.date(from:))
    }
}
