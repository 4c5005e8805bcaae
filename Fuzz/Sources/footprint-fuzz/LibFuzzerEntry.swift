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
    // The set-up is not under test and its leaks are not the parsers': LeakSanitizer ignores
    // what is allocated while it is disabled. (The search store's set-up once kept a 65-byte
    // `Data` LeakSanitizer could not trace, which stopped the target on its first input; see
    // `FuzzTarget.searchStore(beside:)`.)
    __lsan_disable()
    defer { __lsan_enable() }
    do {
        try target.prepare(scratch: scratch)
    } catch {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        exit(70)
    }
    atexit {
        try? FileManager.default.removeItem(atPath: scratch)
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite")
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite-wal")
        try? FileManager.default.removeItem(atPath: scratch + ".search.sqlite-shm")
    }
    return 0
}

/// LeakSanitizer's interface (part of the ASan runtime on Linux): allocations between these two
/// calls are never reported as leaks.
@_silgen_name("__lsan_disable") private func __lsan_disable()
@_silgen_name("__lsan_enable") private func __lsan_enable()

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selected.run(bytes, scratch: scratch)
    return 0
}

/// libFuzzer's driver, `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`
/// (pointer and integer arguments only, which the Swift and C conventions pass alike on x86-64
/// and arm64). Referring to it also links it in: nothing else in the program does.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The process's entry point. SwiftPM links an executable target with `main` defined as
/// `<module>_main`, which takes the place of libFuzzer's own `main`; this one hands the
/// arguments to libFuzzer's driver, as its `main` would.
@_cdecl("footprint_fuzz_main")
public func footprintFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzerTestOneInput(data, size) }
}
