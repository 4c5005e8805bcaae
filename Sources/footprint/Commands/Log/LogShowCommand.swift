import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint log show ID`. Read-only.
struct LogShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a log entry.")

    @ParentCommand var root: Footprint
    @Argument(help: "The entry's id.") var id: Int64
    @OptionGroup var output: OutputOptions

    func run() throws {
        let entry = try root.openStore(.readOnly).logEntry(id: id)
        if output.json {
            Output.json(.array([entry.json]))
            return
        }
        var lines = ["\(entry.id)  \(entry.date)  \(entry.title)"]
        let fields: [(String, String?)] = [
            ("category", entry.category.map { name in entry.categoryColor.map { "\(name) (\($0))" } ?? name }),
            ("walk", entry.walkMinutes.map { "\($0) min" }),
            ("places", entry.placeIDs.isEmpty ? nil : entry.placeIDs.map(String.init).joined(separator: ", ")),
            ("photos", entry.photoIDs.isEmpty ? nil : entry.photoIDs.map(String.init).joined(separator: ", ")),
            ("body", entry.body), ("written", entry.createdAt),
        ]
        for (name, value) in fields {
            guard let value else { continue }
            let label = name + String(repeating: " ", count: max(1, 10 - name.count))
            lines.append("  " + label + Table.cleaned([value])[0])
        }
        for line in lines { Output.line(line) }
    }
}
