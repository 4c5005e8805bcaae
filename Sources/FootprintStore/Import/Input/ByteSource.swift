#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemPositionalRead = Glibc.pread
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemPositionalRead = Darwin.pread
#endif

/// Something an importer reads bytes from, front to back: a file, or a transcoder in front of one.
protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes of the underlying file consumed so far, for progress.
    var fileBytesRead: Int64 { get }
}

/// A file read with `read(2)` (or `pread(2)` on a descriptor an ``ImportSource`` shares): no
/// Foundation buffering, no copy of the whole file.
final class FileByteSource: ByteSource {
    /// The file as messages name it: the path as the user gave it, or `<stdin>`.
    let path: String
    /// The file's size in bytes when it was opened (`nil` for pipes and other non-regular files).
    let size: Int64?
    private(set) var fileBytesRead: Int64 = 0
    private let descriptor: Int32
    /// Where the next `pread` reads, for a shared descriptor; `nil` for one opened here.
    private var sharedOffset: Int64?

    /// Opens `path` for reading; `name` (default: the path) names it in errors.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` with the system's reason
    ///   (no such file, permission denied, a directory).
    init(path: String, name: String? = nil) throws {
        let name = name ?? path
        self.path = name
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FootprintStoreError.unreadableInput(path: name, reason: Self.openingReason(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FootprintStoreError.unreadableInput(path: name, reason: Self.readingReason(code, name: name))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FootprintStoreError.unreadableInput(path: name, reason: "The path is a directory, not a file")
        }
        self.descriptor = descriptor
        self.size = (status.st_mode & S_IFMT) == S_IFREG ? Int64(status.st_size) : nil
    }

    /// Reads `descriptor`, a regular file that stays open for as long as this value is used (the
    /// caller closes it), from `offset` on with `pread`, so several readers can share it.
    init(sharing descriptor: Int32, from offset: Int64, size: Int64, name: String) {
        self.path = name
        self.descriptor = descriptor
        self.size = size
        sharedOffset = offset
    }

    deinit { if sharedOffset == nil { close(descriptor) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count: Int
            if let offset = sharedOffset {
                count = systemPositionalRead(descriptor, base, buffer.count, off_t(offset))
                if count > 0 { sharedOffset = offset + Int64(count) }
            } else {
                count = systemRead(descriptor, base, buffer.count)
            }
            if count >= 0 {
                fileBytesRead += Int64(count)
                return count
            }
            if errno == EINTR { continue }
            throw FootprintStoreError.unreadableInput(path: path, reason: Self.readingReason(errno, name: path))
        }
    }

    /// Why `open` failed, as a capitalised clause: "There is no such file", "The file cannot be
    /// read: permission denied".
    static func openingReason(_ code: Int32) -> String {
        code == ENOENT ? "There is no such file" : "The file cannot be read: \(systemReason(code))"
    }

    /// Why reading failed, as a capitalised clause naming the file or standard input.
    static func readingReason(_ code: Int32, name: String) -> String {
        "\(ImportSource.noun(for: name)) cannot be read: \(systemReason(code))"
    }

    /// `strerror` in lower case, to sit inside a sentence ("no such file or directory").
    static func systemReason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        guard let first = reason.first else { return reason }
        return first.lowercased() + reason.dropFirst()
    }
}
