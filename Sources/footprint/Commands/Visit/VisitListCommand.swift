import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint visit list [--day DATE] [--json]`: visits in time order, read-only.
struct VisitListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List visits in time order.",
        discussion: "Detected stays, imported visits and visits added by hand; those you removed are not shown. "
            + "A * marks a visit you named or edited: detecting its day again keeps it.")

    @ParentCommand var root: Footprint
    @Option(parsing: .unconditional, help: "Only this local day, YYYY-MM-DD.") var day: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readOnly)
        let visits = try store.timelineVisits(on: day)
        if output.json {
            Output.jsonArray(visits) { $0.json() }
            return
        }
        var table = Table()
        table.header = TimelineVisit.tableHeader
        for visit in visits { table.append(visit.tableCells) }
        var text = StandardOutputBuffer()
        for line in table.lines() { text.appendLine(line) }
        text.flush()
    }
}
