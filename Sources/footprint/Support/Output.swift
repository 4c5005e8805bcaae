import FootprintGeo
import Foundation

/// Where the CLI writes: stdout for results, stderr for progress and errors.
enum Output {
    /// Writes `text` and a newline to stdout.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a `--json` result: one JSON document and a newline.
    static func json(_ value: JSONValue) {
        line(value.serialized())
    }

    /// Writes `text` and a newline to stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
