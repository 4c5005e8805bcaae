import Foundation

/// The target this process fuzzes, from `FUZZ_TARGET` (`make fuzz` sets it).
nonisolated(unsafe) private var selected = FuzzTarget.geojson
/// Where file readers read their input from: one file per process, rewritten per input.
nonisolated(unsafe) private var scratch = ""

/// libFuzzer calls this once before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("Set FUZZ_TARGET to one of: \(names).\n".utf8))
        exit(64)
    }
    selected = target
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    scratch = "\(folder)/footprint-fuzz-\(getpid())-\(name)"
    atexit {
        try? FileManager.default.removeItem(atPath: scratch)
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite")
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite-wal")
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite-shm")
    }
    return 0
}

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selected.run(bytes, scratch: scratch)
    return 0
}
