extension FootprintStore {
    /// The name of the last migration this build applies (such as `v20-search-abbrev`): the newest
    /// database schema it writes and reads. `footprint --version` shows it.
    public static var schemaVersion: String { FootprintMigrator.knownMigrations.last ?? "none" }
}
