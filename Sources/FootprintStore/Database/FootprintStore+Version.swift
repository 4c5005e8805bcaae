extension FootprintStore {
    /// The name of the last migration this build applies (`v18-search-typo-2`): the newest
    /// database schema it writes and reads. `footprint --version` shows it.
    public static var schemaVersion: String { FootprintMigrator.knownMigrations.last ?? "none" }
}
