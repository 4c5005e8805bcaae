import GRDB

extension FootprintMigrator {
    /// Applies the migrations the file lacks, while other processes may be creating or upgrading
    /// the same file at the same moment (two `init`s, or an `init` and a first `import`).
    ///
    /// GRDB's migrator reads the applied migrations before it opens each migration's
    /// `BEGIN IMMEDIATE` transaction, and holds no lock between the two: a second process that
    /// read "none applied" runs `v1` again once the first has committed it, and fails with
    /// "table places already exists". No migration can be applied twice, though — each one
    /// ends by inserting its name into `grdb_migrations`, whose primary key refuses a second
    /// copy, and a failed migration rolls back whole. So a failure is retried when the applied
    /// set grew meanwhile (another process got there first), and thrown otherwise; each retry
    /// needs another process's progress, so there are at most as many as there are migrations.
    static func migrate(_ writer: any DatabaseWriter) throws {
        while true {
            let before = try writer.read { try migrator.appliedIdentifiers($0) }
            do {
                try migrator.migrate(writer)
                return
            } catch {
                let after = try writer.read { try migrator.appliedIdentifiers($0) }
                guard after.isStrictSuperset(of: before) else { throw error }
            }
        }
    }
}
