#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Something an importer reads bytes from, front to back: a file, or a transcoder in front of one.
protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes of the underlying file consumed so far, for progress.
    var fileBytesRead: Int64 { get }
}

/// A file read with `read(2)`: no Foundation buffering, no copy of the whole file.
final class FileByteSource: ByteSource {
    /// The path as the user gave it, for messages.
    let path: String
    /// The file's size in bytes when it was opened (`nil` for pipes and other non-regular files).
    let size: Int64?
    private(set) var fileBytesRead: Int64 = 0
    private let descriptor: Int32

    /// Opens `path` for reading.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` with the system's reason
    ///   (no such file, permission denied, a directory).
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FootprintStoreError.unreadableInput(path: path, reason: Self.systemReason(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FootprintStoreError.unreadableInput(path: path, reason: Self.systemReason(code))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FootprintStoreError.unreadableInput(path: path, reason: "it is a directory")
        }
        self.descriptor = descriptor
        self.size = (status.st_mode & S_IFMT) == S_IFREG ? Int64(status.st_size) : nil
    }

    deinit { close(descriptor) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(descriptor, base, buffer.count)
            if count >= 0 {
                fileBytesRead += Int64(count)
                return count
            }
            if errno == EINTR { continue }
            throw FootprintStoreError.unreadableInput(path: path, reason: Self.systemReason(errno))
        }
    }

    /// `strerror` in lower case, to sit inside a sentence ("no such file or directory").
    static func systemReason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        guard let first = reason.first else { return reason }
        return first.lowercased() + reason.dropFirst()
    }
}
