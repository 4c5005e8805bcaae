import ArgumentParser
import FootprintStore

/// `footprint privacy list [--json]`: the zones by id; reads only.
struct PrivacyListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the privacy zones.")

    @ParentCommand var root: Footprint
    @OptionGroup var output: OutputOptions

    func run() throws {
        let zones = try root.openStore(.readOnly).privacyZones()
        if output.json {
            Output.jsonArray(zones) { $0.json }
            return
        }
        var table = Table("ID", "NAME", "AREA")
        for zone in zones { table.append([String(zone.id), zone.name, zone.areaText]) }
        for line in table.lines() { Output.line(line) }
    }
}
