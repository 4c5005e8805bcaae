import FootprintStore
import FootprintTestSupport
import Foundation

/// Files and launches the reliability tests share.
enum ReliabilityFixtures {
    /// A places CSV whose rows `range` have unique names (`신뢰장소 00017`) and ids, spread over
    /// Seoul on a grid 0.0001° apart, so each is the nearest place to its own coordinate.
    static func placesCSV(_ range: Range<Int>) -> String {
        var text = "id,name,lat,lon,category\n"
        for index in range {
            text += "\(index),\(name(index)),\(coordinate(index).lat),\(coordinate(index).lon),카페\n"
        }
        return text
    }

    static func name(_ index: Int) -> String { "신뢰장소 " + String(format: "%05d", index) }

    static func coordinate(_ index: Int) -> (lat: String, lon: String) {
        (
            String(format: "%.4f", 37.4 + Double(index / 400) * 0.0001),
            String(format: "%.4f", 126.9 + Double(index % 400) * 0.0001)
        )
    }

    /// Runs the built `footprint` through `launcher` (such as `prlimit --fsize=N --`), which
    /// execs it with `arguments`.
    static func run(launcher: [String], _ arguments: [String]) throws -> CLIResult {
        guard let tool = launcher.first else { return try CLI.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = Array(launcher.dropFirst()) + [CLI.executable.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "FOOTPRINT_DB")
        process.environment = environment
        let folder = try TemporaryDirectory()
        let out = folder.file("out")
        let err = folder.file("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            // Not String(contentsOf:): Foundation leaks 4 KB per empty file on Linux (make sanitize).
            stdout: String(decoding: FileManager.default.wholeContents(atPath: out.path) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.wholeContents(atPath: err.path) ?? Data(), as: UTF8.self))
    }

    /// Size in bytes of the file at `path`, 0 when it does not exist.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
