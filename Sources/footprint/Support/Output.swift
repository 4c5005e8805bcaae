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

    /// Writes a `--json` listing held in memory, element by element: the same bytes as
    /// ``json(_:)`` of the whole array, without building the array's value or its text.
    static func jsonArray<Element>(_ elements: [Element], json: (Element) -> JSONValue) {
        var writer = JSONArrayWriter()
        for element in elements { writer.append(json(element)) }
        writer.finish()
    }

    /// Writes `text` and a newline to stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A `--json` listing written to stdout as its elements come: `[`, the compact JSON of each
/// element, `]` and a newline — the bytes ``Output/json(_:)`` writes for the whole array, with
/// one element in memory at a time.
struct JSONArrayWriter {
    private var output = StandardOutputBuffer()
    private var isEmpty = true

    init() { output.append(UInt8(ascii: "[")) }

    mutating func append(_ value: JSONValue) {
        if !isEmpty { output.append(UInt8(ascii: ",")) }
        isEmpty = false
        output.append(value)
    }

    /// Closes the array and writes what is left.
    mutating func finish() {
        output.append(contentsOf: "]\n".utf8)
        output.flush()
    }
}

/// Bytes on their way to stdout, written in blocks of ``blockSize``: a listing of a million rows
/// makes a few hundred writes, and never holds more than a block.
struct StandardOutputBuffer {
    /// 64 KiB: a pipe's capacity on Linux, so one write fills it without splitting.
    static let blockSize = 1 << 16

    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(Self.blockSize + 4096) }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(contentsOf text: some Sequence<UInt8>) {
        bytes.append(contentsOf: text)
        flushIfFull()
    }

    /// Appends the compact JSON text of `value`.
    mutating func append(_ value: JSONValue) {
        value.write(into: &bytes)
        flushIfFull()
    }

    /// Appends `text` and a newline.
    mutating func appendLine(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    /// Writes what is held.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if bytes.count >= Self.blockSize { flush() }
    }
}
