import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint category list`: categories by name. Read-only.
struct CategoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the categories.")

    @ParentCommand var root: Footprint
    @OptionGroup var output: OutputOptions

    func run() throws {
        let categories = try root.openStore(.readOnly).categories()
        if output.json {
            Output.jsonArray(categories, json: Self.json)
            return
        }
        var table = Table("NAME", "COLOR", "ENTRIES")
        for category in categories { table.append([category.name, category.color ?? "", String(category.entryCount)]) }
        for line in table.lines() { Output.line(line) }
    }

    /// `{id, name, color, entries}`.
    static func json(_ category: LogCategory) -> JSONValue {
        .object([
            ("id", .integer(category.id)), ("name", .string(category.name)), ("color", .orNullText(category.color)),
            ("entries", .integer(Int64(category.entryCount))),
        ])
    }
}
