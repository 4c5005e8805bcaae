import FootprintGeo
import FootprintHangul
import GRDB

extension SearchRun {
    /// With a radius, filters or a point, a fuzzy look-up reads up to this many of its probes'
    /// names (rowids only, ~0.1 µs each) to apply the radius and the filters before it chooses
    /// which to judge, and to choose the nearest: the bound on what it reads beyond the judged.
    static let maximumFuzzyScan = 65_536

    /// When abbreviations rank first (``FootprintHangul/FuzzyQuery/abbreviationRanksFirst``), the
    /// names their probes find are judged before the others, up to this many beyond
    /// ``maximumFuzzyCandidatesBeyond``: an abbreviation token names the word it abbreviates, so
    /// nearly all of them match, and each is judged in ~1 µs (the abbreviation is tried first, no
    /// alignment, ``FootprintHangul/FuzzyQuery/match(_:)``) — ~8 ms at the bound. A brand's
    /// branches (`파바`: 3,930 파리바게뜨 among 1M places) are all judged.
    static let maximumAbbreviationCandidates = 8192

    /// When the probes find more names than ``maximumFuzzyCandidates``, each probe is looked up
    /// on its own to count how many of them find each name, but only the probes that find at
    /// most this many names (the rare spellings: a name within the edit budget holds several;
    /// a probe that finds more, a common ending such as `근린공원`, tells nothing about which of
    /// its names to judge and its names are not counted). A probe is read up to one more than
    /// this to tell.
    static let maximumCountedProbeNames = 1024

    /// The count reads at most this many rowids in all (~0.1 µs each, ~7 ms of CPU at the
    /// bound): probes are read in order, so a query whose probes read more counts only its
    /// first ones. Counting every probe's names, common ones included (up to 262,144 rowids,
    /// then sorting them), took search_typo p99 on 1M from 37 to 59 ms.
    static let maximumProbeHits = 65_536

    /// The `search_names` rowids to judge for the probes `probes` (any of them), within the
    /// radius and the filters: all of them up to ``maximumFuzzyCandidates``; beyond, those of
    /// `abbreviations` (up to ``maximumAbbreviationCandidates``), then
    /// ``maximumFuzzyCandidatesBeyond`` others: first those two rare probes or more find
    /// (``maximumCountedProbeNames``), most first — a name within the edit budget holds the
    /// spelling of several probes (each assumes the edit at another place, and those off the
    /// edit's place hold it too), a name that only shares a common ending (`근린공원`, 10,100 of
    /// 1M names) holds only that ending's, which are not rare; then, as before the count, those
    /// where a probe's spelling begins a word (`wordStarts`), then the others; each group
    /// nearest first near a point, else by id. Judging the first by id alone missed
    /// 산산아근린공원 for `산간아근린공원` on 1M. The radius and filters are applied before the
    /// choice, so that a restricted search judges its own names, not the first of the whole store.
    func fuzzyCandidates(
        probes: [SearchExpression], abbreviations: SearchExpression?, wordStarts: [SearchExpression]
    ) throws -> [Int64] {
        guard let any = SearchExpression.any(probes) else { return [] }
        let statement = try db.cachedStatement(sql: "SELECT rowid FROM search_names WHERE search_names MATCH ? LIMIT ?")
        let restricted = inside != nil || condition != nil || query.near != nil
        func fetch(_ expression: SearchExpression, limit: Int) throws -> [Int64] {
            let ids = try Int64.fetchAll(
                statement, arguments: [expression.text, restricted ? Self.maximumFuzzyScan : limit])
            return restricted ? try nearestFirst(allowed(ids)) : ids
        }
        let found = try fetch(any, limit: Self.maximumFuzzyCandidates + 1)
        guard found.count > Self.maximumFuzzyCandidates else { return found }
        var chosen: [Int64] = []
        var taken = Set<Int64>()
        func take(_ ids: [Int64], upTo bound: Int) {
            for id in ids where chosen.count < bound && taken.insert(id).inserted { chosen.append(id) }
        }
        if let abbreviations {
            take(
                try fetch(abbreviations, limit: Self.maximumAbbreviationCandidates),
                upTo: Self.maximumAbbreviationCandidates)
        }
        let bound = chosen.count + Self.maximumFuzzyCandidatesBeyond
        // How many rare probes find each name, within ``maximumProbeHits`` rowids read.
        var hits: [Int64: Int] = [:]
        var read = 0
        for probe in probes where read < Self.maximumProbeHits {
            let limit = min(Self.maximumCountedProbeNames + 1, Self.maximumProbeHits - read)
            let ids = try Int64.fetchAll(statement, arguments: [probe.text, limit])
            read += ids.count
            guard ids.count <= Self.maximumCountedProbeNames, ids.count < limit else { continue }
            for id in ids { hits[id, default: 0] += 1 }
        }
        // The names where a probe's spelling begins a word, as many as are judged: among names
        // counted as often, these first; then the first look-up's (by id).
        var wordStart: [Int64] = []
        if let first = SearchExpression.any(wordStarts) {
            wordStart = try Int64.fetchAll(
                statement, arguments: [first.text, restricted ? Self.maximumFuzzyScan : bound])
        }
        let wordStartSet = Set(wordStart)
        // Found by one rare probe tells no more than being found at all: such names keep their
        // place after the word-start ones (ranking them first judged names one syllable apart
        // from the typo before the common word meant: search_typo recall 0.761 against 0.778).
        func strength(_ id: Int64) -> Int {
            let count = hits[id, default: 0]
            return count >= 2 ? count : 0
        }
        var pool = hits.keys.filter { hits[$0]! >= 2 }
        pool.sort()
        var pooled = Set(pool)
        for id in wordStart + found where pooled.insert(id).inserted { pool.append(id) }
        pool.removeAll { taken.contains($0) }
        if restricted { pool = try nearestFirst(allowed(pool)) }
        let ranked = pool.enumerated().map { position, id in
            (hits: -strength(id), wordStart: wordStartSet.contains(id) ? 0 : 1, position: position, id: id)
        }
        take(
            ranked.sorted { ($0.hits, $0.wordStart, $0.position) < ($1.hits, $1.wordStart, $1.position) }.map(\.id),
            upTo: bound)
        return chosen
    }

    /// `ids` inside the radius (when its places are listed) and passing the filters, in order.
    private func allowed(_ ids: [Int64]) throws -> [Int64] {
        var ids = ids
        if let inside { ids.removeAll { !inside.contains($0) } }
        guard let condition, !ids.isEmpty else { return ids }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        let sql: SQL = "SELECT p.id FROM json_each(\(list)) j JOIN places p ON p.id = j.value WHERE " + condition
        let passing = Set(try SQLRequest<Int64>(literal: sql).fetchAll(db))
        return ids.filter { passing.contains($0) }
    }

    /// `ids` nearest the query's point first (from the rank snapshot when there is one), or as
    /// they are without a point.
    private func nearestFirst(_ ids: [Int64]) throws -> [Int64] {
        guard let near = query.near, ids.count > 1 else { return ids }
        var distances: [Int64: Double] = [:]
        distances.reserveCapacity(ids.count)
        func distance(_ coordinate: Coordinate) -> Double {
            flat?.estimate(latitude: coordinate.latitude, longitude: coordinate.longitude)
                ?? Geodesic.distance(from: near, to: coordinate)
        }
        if let rankCache {
            for id in ids {
                guard let entry = rankCache.entry(of: id) else { continue }
                distances[id] = distance(Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude))
            }
        } else {
            for (id, coordinate) in try FootprintStore.coordinates(db, ids: ids) {
                distances[id] = distance(coordinate)
            }
        }
        // Unknown positions (not in the snapshot) first: they are read, as a name stage does.
        return ids.sorted { (distances[$0] ?? -1, $0) < (distances[$1] ?? -1, $1) }
    }

    /// The MATCH expression of the names where `probe`'s spelling begins a word: its first term,
    /// a bigram of two syllables, as the index's word-start token (`#` + the bigram, see
    /// ``FootprintHangul/SearchTokenizer/Options-swift.struct/wordStarts``). `nil` when the probe
    /// begins with a 초성 bigram or a skip bigram, which have none, or an abbreviation token
    /// (looked up first, see ``fuzzyCandidates(any:abbreviations:wordStarts:)``).
    static func wordStartExpression(_ probe: FuzzyQuery.Probe) -> SearchExpression? {
        let marker = String(UnicodeScalar(SearchTokenizer.wordStartMarker))
        func isSyllableBigram(_ term: String) -> Bool {
            term.unicodeScalars.count == 2 && term.unicodeScalars.allSatisfy { HangulSyllable($0) != nil }
        }
        switch probe {
        case .text(let text):
            guard var phrase = SearchExpression.Phrase(literal: text), phrase.joinedTerms == nil,
                let first = phrase.terms.first, !first.isPrefix, isSyllableBigram(first.text)
            else { return nil }
            phrase.terms[0].text = marker + first.text
            return .phrase(phrase)
        case .pieces(var pieces):
            pieces.removeAll { $0.isEmpty }
            guard let first = pieces.first?.first, isSyllableBigram(first) else { return nil }
            pieces[0][0] = marker + first
            return expression(.pieces(pieces))
        }
    }

    /// The MATCH expression of one probe; `nil` when it has no index term. A phrase that begins
    /// with a skip bigram `~AC` also reads as the abbreviation token `^AC`, which the index holds
    /// in its place over a word's second syllable
    /// (``FootprintHangul/SearchTokenizer/Options-swift.struct/abbreviations``).
    static func expression(_ probe: FuzzyQuery.Probe) -> SearchExpression? {
        switch probe {
        case .text(let text):
            return SearchExpression.Phrase(literal: text).map { .phrase($0) }
        case .pieces(let pieces):
            let skip = String(UnicodeScalar(SearchTokenizer.skipMarker))
            let abbreviation = String(UnicodeScalar(SearchTokenizer.abbreviationMarker))
            let phrases = pieces.filter { !$0.isEmpty }.map { terms -> SearchExpression in
                func phrase(_ terms: [String]) -> SearchExpression {
                    .phrase(
                        SearchExpression.Phrase(
                            terms: terms.map { SearchExpression.Term(text: $0, isPrefix: false) }, isComplete: true))
                }
                guard terms[0].hasPrefix(skip) else { return phrase(terms) }
                var other = terms
                other[0] = abbreviation + terms[0].dropFirst()
                return .any([phrase(terms), phrase(other)])!
            }
            return SearchExpression.all(phrases)
        }
    }
}
