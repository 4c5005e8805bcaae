import ArgumentParser
import Foundation

/// The long options of the commands of a command line, read from ArgumentParser's own
/// description of each command (`_dumpHelp()`, the JSON of `--experimental-dump-help`), so that
/// a usage error can name a misspelt option whatever the parser reported first.
struct CommandOptions {
    /// Each long option (`--radius`) and whether it takes a value.
    private var takesValue: [String: Bool] = [:]

    init(_ command: any ParsableCommand.Type) { add(command) }

    /// Adds the options of `command` (a subcommand reached on the command line).
    mutating func add(_ command: any ParsableCommand.Type) {
        guard let data = command._dumpHelp().data(using: .utf8),
            let tool = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let description = tool["command"] as? [String: Any],
            let arguments = description["arguments"] as? [[String: Any]]
        else { return }
        for argument in arguments {
            guard let kind = argument["kind"] as? String, kind != "positional",
                let names = argument["names"] as? [[String: Any]]
            else { continue }
            for name in names where name["kind"] as? String == "long" {
                if let text = name["name"] as? String { takesValue["--" + text] = kind == "option" }
            }
        }
    }

    /// The long options known, sorted.
    var longNames: [String] { takesValue.keys.sorted() }

    /// The first `--name` in `arguments` (the words after the subcommands) that is no option of
    /// these commands; the value after a known option is skipped, as is everything after `--`.
    func firstUnknown(in arguments: ArraySlice<String>) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.prefix { $0 != "=" })
            guard let value = takesValue[name] else { return name }
            if value, !argument.contains("=") { index += 1 }
        }
        return nil
    }
}
