import ArgumentParser

/// A usage error said as one sentence on stderr (`Error: …`), exit 64, never the parser's usage
/// dump: the command line names what is wrong, and `--help` is there for the rest.
enum UsageError {
    /// The one line for `error`, a usage error of `arguments` (the command line after the
    /// program's name).
    static func sentence(for error: any Error, arguments: [String]) -> String {
        let position = CommandPosition(arguments)
        if let unknown = position.unknownSubcommand {
            return unknownCommand(unknown, among: position.subcommandNames, at: position.path)
        }
        // Named before anything else: the parser checks a command (`validate()`) and its required
        // arguments before it looks for options it does not know, so a misspelt `--radious`
        // would otherwise be reported as a missing --radius or --k.
        if let unknown = position.unknownOption {
            return unknownOption(unknown, among: position.optionNames, at: position.path)
        }
        var message = Footprint.message(for: error).split(separator: "\n").joined(separator: " ")
        // The parser's two sentences for a value outside a list, as one.
        message = message.replacingOccurrences(of: ". Please provide one of ", with: "; give one of ")
        // The commands' own sentences end with a full stop and say what to give; the parser's
        // phrases ("Unknown option '--x'") do not, and get the help to read.
        if message.hasSuffix(".") { return curlyQuoted(message) }
        return "\(curlyQuoted(message)); see “\(position.path.joined(separator: " ")) --help”."
    }

    /// `Unknown command “serch”; did you mean “search”?`, the nearest name by edit distance.
    static func unknownCommand(_ name: String, among names: [String], at path: [String]) -> String {
        let ranked = names.map { (name: $0, distance: EditDistance.between(name.lowercased(), $0)) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        // Within two edits, and fewer than the name's length (`ab` is not a misspelt `add`).
        if let nearest = ranked.first, nearest.distance <= 2, nearest.distance < name.count {
            return "Unknown command “\(name)”; did you mean “\(nearest.name)”?"
        }
        let command = path.joined(separator: " ")
        return "Unknown command “\(name)”; the commands of \(command) are \(names.joined(separator: ", "))."
    }

    /// `Unknown option “--radious”; did you mean “--radius”?`, nearest as for a command; else the
    /// help to read.
    static func unknownOption(_ name: String, among names: [String], at path: [String]) -> String {
        let ranked = names.map { (name: $0, distance: EditDistance.between(name.lowercased(), $0)) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        // Within two edits of the name after its `--` (`--ab` is not a misspelt `--at`).
        if let nearest = ranked.first, nearest.distance <= 2, nearest.distance < name.count - 2 {
            return "Unknown option “\(name)”; did you mean “\(nearest.name)”?"
        }
        return "Unknown option “\(name)”; see “\(path.joined(separator: " ")) --help”."
    }

    /// The parser's `'…'` around values as `“…”`, the one style of Footprint's messages.
    static func curlyQuoted(_ text: String) -> String {
        var result = ""
        var open = false
        for character in text {
            if character == "'" {
                result.append(open ? "”" : "“")
                open.toggle()
            } else {
                result.append(character)
            }
        }
        return open ? text : result
    }
}

/// How far a command line got down the tree of subcommands.
struct CommandPosition {
    /// `footprint`, then each subcommand named, e.g. `["footprint", "geo", "simplify"]`.
    var path = ["footprint"]
    /// The word given where a subcommand was expected that names none.
    var unknownSubcommand: String?
    /// The subcommands at the level reached.
    var subcommandNames: [String] = []
    /// The first `--name` (or `--name=value`) after the command reached that none of the commands
    /// on the path takes (``CommandOptions``).
    var unknownOption: String?
    /// The long options of the commands on the path, `--db` to the command reached's own.
    var optionNames: [String] = []

    init(_ arguments: [String]) {
        var command: any ParsableCommand.Type = Footprint.self
        var options = CommandOptions(Footprint.self)
        var index = 0
        defer {
            optionNames = options.longNames
            if unknownSubcommand == nil { unknownOption = options.firstUnknown(in: arguments.dropFirst(index)) }
        }
        while index < arguments.count {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return }  // a leaf: the rest is its arguments
            let names = subcommands.map { $0._commandName }
            subcommandNames = names
            let argument = arguments[index]
            if argument == "--" { return }
            if argument.hasPrefix("-") {
                // The root's `--db PATH` is the one option before a subcommand that takes a value.
                index += argument == "--db" ? 2 : 1
                continue
            }
            guard argument != "help", let next = subcommands.first(where: { $0._commandName == argument })
            else {
                if argument != "help" { unknownSubcommand = argument }
                return
            }
            path.append(argument)
            command = next
            options.add(next)
            index += 1
        }
        if !command.configuration.subcommands.isEmpty {
            subcommandNames = command.configuration.subcommands.map { $0._commandName }
        }
    }
}

/// The optimal string alignment distance (Levenshtein with adjacent transpositions), in
/// characters: `serch` → `search` is 1, `saerch` → `search` is 1.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousRow = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousRow[j - 2] + 1)
                }
                current[j] = value
            }
            (previousRow, row, current) = (row, current, previousRow)
        }
        return row[b.count]
    }
}
