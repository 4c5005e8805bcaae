import ArgumentParser
import FootprintGeo
import FootprintStore

/// Filters shared by `nearby`, `search` and `recommend`.
struct FilterOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "A category path prefix: “음식점” matches “음식점 > 카페”.") var category: String?
    @Option(
        name: .customLong("tag"), parsing: .unconditionalSingleValue,
        help: "A hashtag the place has (repeat: any of them).") var tags: [String] = []
    @Option(
        name: .customLong("all-tags"), parsing: .unconditionalSingleValue,
        help: "A hashtag the place must have (repeat: all of them).") var allTags: [String] = []
    @Flag(help: "Only places visited at least once.") var visited = false
    @Flag(help: "Only places never visited.") var unvisited = false
    @Option(name: .customLong("min-likes"), parsing: .unconditional, help: "Only places with at least this many likes.")
    var minimumLikes: WholeNumberArgument?

    func validate() throws {
        if visited && unvisited { throw ValidationError("Give --visited or --unvisited, not both.") }
    }

    /// The filter; throws for a `--min-likes` beyond `Int`.
    /// Whether no filter is given.
    var isEmpty: Bool {
        category == nil && tags.isEmpty && allTags.isEmpty && !visited && !unvisited && minimumLikes == nil
    }

    func placeFilter() throws -> PlaceFilter {
        let likes = try minimumLikes?.value(of: "min-likes")
        if let likes, likes < 0 {
            throw FootprintGeoError.invalidArgument(
                name: "min-likes", value: String(likes), reason: "it must be 0 or more")
        }
        return PlaceFilter(
            category: category, anyTags: tags, allTags: allTags, visited: visited ? true : (unvisited ? false : nil),
            minimumLikes: likes)
    }
}
