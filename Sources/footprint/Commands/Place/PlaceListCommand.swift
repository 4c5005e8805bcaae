import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint place list`: places by id.
///
/// Written as the places are read, whatever their number: `--json` writes each object as it comes.
/// The text table needs its column widths before its first line: a listing that fits in one page
/// (``pageSize`` rows) is measured from the rows held in memory; a longer one is read twice — once
/// to measure, once to print — so that its columns line up exactly as a short one's would, at the
/// cost of reading the places twice instead of holding them.
struct PlaceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List places by id.")

    /// Rows a text listing holds in memory before it measures its widths in a pass of its own.
    static let pageSize = 1000
    static let header = ["ID", "NAME", "CATEGORY", "LAT,LON", "TAGS"]

    @ParentCommand var root: Footprint
    @OptionGroup var limits: LimitOptions
    @Flag(help: "List pairs of places within --radius whose names search finds each other by: likely copies to merge.")
    var duplicates = false
    @Option(parsing: .unconditional, help: "With --duplicates, how far apart in metres (default 50, at most 1000).")
    var radius: Double?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try root.openStore(.readOnly)
        if duplicates || radius != nil {
            try listDuplicates(store)
            return
        }
        let limit = try limits.resolvedLimit()
        if output.json {
            var writer = JSONArrayWriter()
            try store.forEachPlace(limit: limit) { writer.append($0.json()) }
            writer.finish()
            return
        }
        var widths = Self.header.map(Table.width)
        var page: [[String]] = []
        var isLonger = false
        try store.forEachPlace(limit: limit) { place in
            let row = Table.cleaned(place.tableCells)
            Table.widen(&widths, toFit: row)
            if page.count < Self.pageSize { page.append(row) } else { isLonger = true }
        }
        var text = StandardOutputBuffer()
        text.appendLine(Table.line(Self.header, widths: widths))
        if isLonger {
            try store.forEachPlace(limit: limit) { place in
                text.appendLine(Table.line(Table.cleaned(place.tableCells), widths: widths))
            }
        } else {
            for row in page { text.appendLine(Table.line(row, widths: widths)) }
        }
        text.flush()
    }

    /// `--duplicates`: one line (or object) per pair, by the first id.
    private func listDuplicates(_ store: FootprintStore) throws {
        guard duplicates else { throw ValidationError("--radius is for --duplicates.") }
        let pairs = try store.duplicatePlaces(radiusMeters: radius ?? 50)
        if output.json {
            Output.json(
                .array(
                    pairs.map { pair in
                        .object([
                            ("first", pair.first.json()), ("second", pair.second.json()),
                            ("distance_m", .number(pair.distanceMeters)),
                        ])
                    }))
            return
        }
        let header = ["ID", "NAME", "ID", "NAME", "DISTANCE"]
        let rows = pairs.map { pair in
            Table.cleaned([
                String(pair.first.id ?? 0), pair.first.name, String(pair.second.id ?? 0), pair.second.name,
                JSONValue.text(of: pair.distanceMeters, decimals: 1) + " m",
            ])
        }
        var widths = header.map(Table.width)
        for row in rows { Table.widen(&widths, toFit: row) }
        Output.line(Table.line(header, widths: widths))
        for row in rows { Output.line(Table.line(row, widths: widths)) }
    }
}
