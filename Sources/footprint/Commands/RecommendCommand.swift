import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint recommend (--at LAT,LON | --place ID | --day DATE) [--radius M] [--limit N] [filters]
/// [--unvisited] [--time HH:MM] [--weights NAME=W,…] [--after CURSOR] [--explain] [--json]`.
struct RecommendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Spots worth visiting near a point, like a place, or along a day, ranked and explained.",
        discussion: """
            Scores add weighted terms in [0, 1]: distance (Gaussian decay), popularity (likes and visits), similarity \
            (hashtags and category, to the place or the visit history), novelty (visits fade with a 90-day half-life) \
            and time (the place's best time), less a diversity penalty so one chain or one block does not fill the list.
            Example: footprint recommend --at 37.5665,126.978 --radius 1000 --explain
            """)

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "Spots around this point, LAT,LON.") var at: PointArgument?
    @Option(parsing: .unconditional, help: "Spots like this place, around it.") var place: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "Spots along this local day's route and visits, YYYY-MM-DD.") var day:
        String?
    @Option(parsing: .unconditional, help: "Metres around the anchor (default 2000; 300 for --day).")
    var radius: DecimalArgument?
    @Option(parsing: .unconditional, help: "At most N spots, 1–1000 (default 20).") var limit: WholeNumberArgument?
    @Option(parsing: .unconditional, help: "A category path prefix: “음식점” matches “음식점 > 카페”.") var category: String?
    @Option(
        name: .customLong("tag"), parsing: .unconditionalSingleValue,
        help: "A hashtag the spot has (repeat: any of them).")
    var tags: [String] = []
    @Flag(help: "Only places never visited.") var unvisited = false
    @Option(parsing: .unconditional, help: "The local time of day to favour, HH:MM (default now).") var time: String?
    @Option(
        parsing: .unconditional,
        help: "Term weights, e.g. distance=0.5,popularity=0.1 (distance, popularity, similarity, novelty, time).")
    var weights: String?
    @Option(parsing: .unconditional, help: "Continue after this cursor of an earlier page.") var after: String?
    @Flag(help: "Show each term of each score.") var explain = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
        let anchors = [at != nil, place != nil, day != nil].filter { $0 }.count
        if anchors == 0 { throw ValidationError("Give an anchor: --at LAT,LON, --place ID or --day DATE.") }
        if anchors > 1 { throw ValidationError("Give one anchor only: --at LAT,LON, --place ID or --day DATE.") }
    }

    func run() throws {
        let anchor: RecommendationQuery.Anchor
        if let at {
            anchor = .point(try at.coordinate())
        } else if let place {
            anchor = .place(id: Int64(try place.value(of: "place")))
        } else {
            anchor = .day(day ?? "")
        }
        let query = RecommendationQuery(
            anchor: anchor, radiusMeters: try radius?.value(of: "radius"), limit: try limit?.value(of: "limit") ?? 20,
            filter: PlaceFilter(category: category, anyTags: tags), unvisitedOnly: unvisited,
            minuteOfDay: try time.map(RecommendationQuery.minuteOfDay(parsing:)),
            weights: try weights.map(RecommendationWeights.init(parsing:)) ?? .defaults, after: after)
        let store = try root.openStore(.readOnly)
        let page = try store.recommend(query)
        if output.json {
            Output.jsonArray(page.recommendations) { $0.json }
            return
        }
        Recommendation.table(page.recommendations, explain: explain).forEach(Output.line)
    }
}
