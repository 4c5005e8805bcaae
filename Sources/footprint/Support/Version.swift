import FootprintStore

/// What `footprint --version` prints: the release this source is, and the last database
/// migration this build knows (a file written by a newer build is refused by name).
enum FootprintVersion {
    /// The release, in semantic versioning; raised when a release is tagged.
    static let release = "0.1.0"

    /// `footprint 0.1.0 (database schema v21-search-text-split)`.
    static var line: String { "footprint \(release) (database schema \(FootprintStore.schemaVersion))" }
}
