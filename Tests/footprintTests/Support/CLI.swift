import Foundation

/// What one run of the built `footprint` binary printed and how it exited.
struct CLIResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the `footprint` executable built beside the test bundle, feeding `input` on stdin.
enum CLI {
    /// The built executable: the test runner lives in the same products folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the runner is `FootprintPackageTests.xctest`, a plain executable in the products folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("footprint").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("footprint")
    }()

    @discardableResult
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        directory: URL? = nil
    ) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var fullEnvironment = ProcessInfo.processInfo.environment
        fullEnvironment.removeValue(forKey: "FOOTPRINT_DB")
        fullEnvironment.merge(environment) { $1 }
        process.environment = fullEnvironment
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot fill a pipe and stall the child.
        let errorBox = DataBox()
        let errorReader = Thread { errorBox.data = stderr.fileHandleForReading.readDataToEndOfFile(); errorBox.done.signal() }
        errorReader.start()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        errorBox.done.wait()
        let errorBytes = errorBox.data
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorBytes, as: UTF8.self))
    }
}

/// Holds what the stderr reader thread read until the caller takes it.
private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
