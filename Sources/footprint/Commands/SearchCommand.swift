import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint search QUERY [--near LAT,LON] [--within M] [filters] [--since DATE] [--until DATE]
/// [--limit N | --all] [--json]`.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find places as Korean is typed: substrings, 초성, half-typed syllables, 한/영 mistypes, typos.",
        discussion: """
            The query matches names that contain it with spaces ignored (스타벅스 강남 finds 스타벅스강남역점), \
            then names holding all its words, then its Korean readings (ㅅㅌㅂㅅ, 스타벅, tmxkqjrtm), then \
            category, tags, address and note; when those find fewer places than the limit, a query with \
            a slip is forgiven, ranked below them (스카벅스: a typo, 파리게뜨: a syllable left out, 롯리데아: \
            swapped, 스벅: an abbreviation; --exact turns this off). #야경 searches tags (#야경 #데이트: both; 남산 #야경: 남산 among places \
            tagged 야경). With no query, the places that pass the filters are listed (--since 2024-05-01 \
            --until 2024-05-31: the places visited in May). Every character is searched for as written; \
            a query that begins with “-” goes after “--”: footprint search -- -카페
            Example: footprint search 카페 --near 37.5665,126.978 --within 2000 --since 2024-05-01
            """)

    @ParentCommand var root: Footprint
    @Argument(help: ArgumentHelp("The words to find; several words are one query.", valueName: "query")) var words:
        [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Rank places nearer this point higher.", valueName: "LAT,LON"))
    var near: PointArgument?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only places within M metres of --near.", valueName: "M"))
    var within: DecimalArgument?
    @OptionGroup var filters: FilterOptions
    @Option(help: ArgumentHelp("Only places visited on or after this local date.", valueName: "YYYY-MM-DD")) var since:
        String?
    @Option(help: ArgumentHelp("Only places visited on or before this local date.", valueName: "YYYY-MM-DD")) var until:
        String?
    @Flag(help: "Only literal and exact readings: no typos, left-out or swapped syllables, or abbreviations.")
    var exact = false
    @OptionGroup var limits: LimitOptions
    @OptionGroup var output: OutputOptions

    var text: String { words.joined(separator: " ") }

    func validate() throws {
        let listsByFilter = !filters.isEmpty || since != nil || until != nil || within != nil
        if !SearchQuery(text).hasTextOrTags && !listsByFilter {
            throw ValidationError(
                "Give the text to search for, e.g. footprint search 카페, or a filter to list places by "
                    + "(a query that begins with “-” goes after “--”).")
        }
        if within != nil && near == nil { throw ValidationError("Give --near LAT,LON for --within to measure from.") }
    }

    func run() throws {
        // The radius is worded as `nearby` words it (the search query's own check says less for inf).
        let within = try self.within?.value(of: "radius")
        if let within { try FootprintStore.checkRadius(within) }
        let query = SearchQuery(
            text, near: try near?.coordinate(), withinMeters: within, filter: try filters.placeFilter(),
            visitedSince: since,
            visitedUntil: until, limit: try limits.resolvedLimit(), exact: exact)
        let results = try root.openStore(.readOnly).search(query)
        if output.json {
            Output.jsonArray(results, json: \.json)
            return
        }
        var table =
            query.near == nil
            ? Table("ID", "NAME", "CATEGORY", "LAT,LON", "TAGS", "MATCH")
            : Table("ID", "NAME", "CATEGORY", "LAT,LON", "TAGS", "MATCH", "DISTANCE")
        for result in results {
            table.append(
                result.place.tableCells + [result.match.description + (result.match.forgiven.map { " (\($0))" } ?? "")]
                    + (result.distanceMeters.map { [DistanceText.meters($0)] } ?? []))
        }
        table.lines().forEach(Output.line)
    }
}

extension SearchResult {
    /// The place object of the CLI contract with `score`, `match` (the rule: `exact`, `prefix`,
    /// `word_prefix`, `substring`, `all_words`, `chosung`, …, `other_field`, and the fuzzy
    /// readings `typo`, `missing_syllable`, `extra_syllable`, `swapped`, `abbreviation`,
    /// `chosung_abbreviation`), `match_position` (`whole`, `prefix`, `word_prefix`, `substring`:
    /// where the literal match, the Korean reading or the fuzzy one lies in the name; `null` for
    /// the other rules), `match_field`, `reading` (for a keyboard mistype, the text it reads as;
    /// else `null`) and `forgiven` (for a fuzzy reading, the edit forgiven: `ㅌ→ㅋ at 2`; else
    /// `null`). Every result has every key.
    var json: JSONValue {
        var extra: [(key: String, value: JSONValue)] = [
            ("score", .number(score)), ("match", .string(match.kind.description)),
        ]
        let position: String? =
            switch match.kind {
            case .exact: "whole"
            case .prefix: "prefix"
            case .wordPrefix: "word_prefix"
            case .substring: "substring"
            default: match.position?.description
            }
        extra.append(("match_position", position.map { .string($0) } ?? .null))
        extra.append(("match_field", .string(match.field.rawValue)))
        extra.append(("reading", match.reading.map { .string($0) } ?? .null))
        extra.append(("forgiven", match.forgiven.map { .string($0) } ?? .null))
        return place.json(distanceMeters: distanceMeters, extra: extra)
    }
}
