import FootprintStore
import Foundation

/// A command's input file argument: a path, or `-` for standard input, as `import`, `geo validate`,
/// `render map --geojson` and `privacy add --polygon` take it (ARCHITECTURE.md's CLI contract).
enum InputFile {
    /// Why an input cannot be read, as a clause with no full stop (“There is no such file”).
    struct ReadProblem: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Whether `path` names standard input.
    static func isStandardInput(_ path: String) -> Bool { path == "-" }

    /// How messages name the input: `<stdin>` for `-`, else the path as given.
    static func label(_ path: String) -> String { isStandardInput(path) ? StandardInput.name : path }

    /// Every byte of the file, or of stdin for `-`; why not when it cannot be read.
    static func read(_ path: String) -> Result<Data, ReadProblem> {
        if isStandardInput(path) { return .success(FileHandle.standardInput.readDataToEndOfFile()) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadProblem(reason: "There is no such file"))
        }
        if isDirectory.boolValue {
            return .failure(ReadProblem(reason: "The path is a directory, not a file"))
        }
        guard FileManager.default.isReadableFile(atPath: path),
            let data = FileManager.default.wholeContents(atPath: path)
        else {
            return .failure(ReadProblem(reason: "The file cannot be read: permission denied"))
        }
        return .success(data)
    }
}
