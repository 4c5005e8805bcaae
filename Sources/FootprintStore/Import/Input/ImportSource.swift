import Foundation

#if canImport(Glibc)
    import Glibc
    private let pipeRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let pipeRead = Darwin.read
#endif

/// The bytes of one import, which are read more than once (format detection, the whole-JSON
/// check, the import itself, a CP949 restart): a regular file by its path, or — for standard
/// input, a pipe (`<(…)`) or a device — a copy in an unlinked temporary file, made once, so
/// memory stays constant in the input's size and nothing is left behind, even if the process is
/// killed. Tests and the fuzzer hand the bytes in memory instead (``init(bytes:name:)``), and
/// everything after the source reads them as it reads a file. `sqlite3 .import` and PostgreSQL's `COPY … FROM STDIN` read standard input too; they
/// read it once, and so can only stream what they can check as they go.
final class ImportSource {
    /// How messages name standard input.
    static let standardInputName = "<stdin>"

    /// The input as messages name it: its path as given, or `<stdin>`.
    let name: String
    /// Its size in bytes.
    let size: Int64?
    private let path: String?
    /// The bytes themselves, for a source made in memory.
    private let bytes: [UInt8]?
    /// The copy (or a regular file given as a descriptor), read with `pread` from `offset`.
    private let descriptor: Int32
    private let offset: Int64
    private let ownsDescriptor: Bool

    /// The file at `path`; one that is not a regular file (a pipe, a device) is copied first.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)``.
    init(path: String, name: String? = nil) throws {
        let name = name ?? path
        self.name = name
        bytes = nil
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw FootprintStoreError.unreadableInput(path: name, reason: FileByteSource.openingReason(errno))
        }
        if (status.st_mode & S_IFMT) == S_IFREG {
            self.path = path
            size = Int64(status.st_size)
            descriptor = -1
            offset = 0
            ownsDescriptor = false
            return
        }
        let file = try FileByteSource(path: path, name: name)
        let copy = try Self.copy(file, name: name)
        self.path = nil
        descriptor = copy.descriptor
        size = copy.size
        offset = 0
        ownsDescriptor = true
    }

    /// The bytes readable from `descriptor` (standard input is 0): a regular file from where it
    /// stands, anything else copied to its end first. The descriptor is not closed.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)``.
    init(descriptor source: Int32, name: String = ImportSource.standardInputName) throws {
        self.name = name
        path = nil
        bytes = nil
        var status = stat()
        if fstat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            let position = lseek(source, 0, SEEK_CUR)
            if position >= 0 {
                descriptor = source
                offset = Int64(position)
                size = max(0, Int64(status.st_size) - Int64(position))
                ownsDescriptor = false
                return
            }
        }
        let copy = try Self.copy(PipeByteSource(descriptor: source, name: name), name: name)
        descriptor = copy.descriptor
        size = copy.size
        offset = 0
        ownsDescriptor = true
    }

    /// `bytes`, named `name` in messages: an input read from memory, with no file behind it.
    init(bytes: [UInt8], name: String) {
        self.name = name
        self.bytes = bytes
        path = nil
        size = Int64(bytes.count)
        descriptor = -1
        offset = 0
        ownsDescriptor = false
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// A new reader from the first byte.
    func open() throws -> ByteSource {
        if let bytes { return MemoryByteSource(bytes) }
        if let path { return try FileByteSource(path: path, name: name) }
        return FileByteSource(sharing: descriptor, from: offset, size: size ?? 0, name: name)
    }

    /// "The input" for standard input, "The file" otherwise: the subject of a message's clause.
    static func noun(for name: String) -> String {
        name == standardInputName ? "The input" : "The file"
    }

    /// Copies `source` to its end into a temporary file that is unlinked at once.
    private static func copy(_ source: some ByteSource, name: String) throws -> (descriptor: Int32, size: Int64) {
        var template = Array((NSTemporaryDirectory() + "/footprint-import-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw spoolError(errno, name: name) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var size: Int64 = 0
        do {
            while true {
                let count = try source.read(into: buffer)
                if count == 0 { break }
                var written = 0
                while written < count {
                    let result = write(descriptor, buffer.baseAddress! + written, count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        throw spoolError(errno, name: name)
                    }
                    written += result
                }
                size += Int64(count)
            }
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, size)
    }

    private static func spoolError(_ code: Int32, name: String) -> FootprintStoreError {
        .unreadableInput(
            path: name,
            reason: "\(noun(for: name)) cannot be copied to a temporary file to be read: "
                + FileByteSource.systemReason(code))
    }
}

/// A descriptor read with `read(2)` and left open: standard input or a pipe, copied by
/// ``ImportSource``.
private final class PipeByteSource: ByteSource {
    let descriptor: Int32
    let name: String
    private(set) var fileBytesRead: Int64 = 0

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = pipeRead(descriptor, base, buffer.count)
            if count >= 0 {
                fileBytesRead += Int64(count)
                return count
            }
            if errno == EINTR { continue }
            throw FootprintStoreError.unreadableInput(
                path: name, reason: FileByteSource.readingReason(errno, name: name))
        }
    }
}

/// Bytes in memory, read front to back: the source of an ``ImportSource`` made from bytes.
private final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private(set) var fileBytesRead: Int64 = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let start = Int(fileBytesRead)
        let count = min(buffer.count, bytes.count - start)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + count)]))
        }
        fileBytesRead += Int64(count)
        return count
    }
}
