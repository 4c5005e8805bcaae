import ArgumentParser
import FootprintStore

/// `--limit N | --all`, shared by listing commands.
struct LimitOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "At most N results (default 20).") var limit: WholeNumberArgument?
    @Flag(help: "Every result, no limit.") var all = false

    func validate() throws {
        if all, limit != nil { throw ValidationError("Give --limit N or --all, not both.") }
    }

    /// `nil` for `--all`; the limit otherwise.
    func resolvedLimit(default defaultLimit: Int = 20) throws -> Int? {
        if all { return nil }  // with --limit too: refused by validate()
        let value = try limit?.value(of: "limit") ?? defaultLimit
        guard value > 0 else {
            throw FootprintStoreError.invalidValue(name: "limit", value: String(value), reason: "it must be 1 or more")
        }
        return value
    }
}
