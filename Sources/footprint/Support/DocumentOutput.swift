import Foundation

/// Where a command that produces a document writes it: stdout, or `-o FILE` written atomically
/// (a temporary file beside it, renamed over it at the end), so a failure leaves nothing half-written.
struct DocumentOutput {
    private let destination: URL?
    private let temporary: URL?
    private let handle: FileHandle

    /// Opens stdout when `path` is `nil` or `-`, else a temporary file beside `path`. A `path` that
    /// is the file `database` (however spelled or linked) is refused: the rename would replace it.
    init(path: String?, protecting database: String? = nil) throws {
        guard let path, path != "-" else {
            destination = nil
            temporary = nil
            handle = .standardOutput
            return
        }
        if let database, Self.isSameFile(path, database) {
            throw OutputError(
                description: "\(path): This is the database being read; write the export to another file.")
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputError(
                description: "\(path): The file cannot be written: the folder \(folder.path) does not exist.")
        }
        let temporaryURL = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw OutputError(description: "\(path): The file cannot be written in the folder \(folder.path).")
        }
        destination = url
        temporary = temporaryURL
        handle = try FileHandle(forWritingTo: temporaryURL)
    }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }

    /// Finishes the document: renames the temporary file over the destination.
    func commit() throws {
        guard let destination, let temporary else { return }
        try handle.close()
        // rename(2) replaces an existing file atomically.
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw OutputError(description: "\(destination.path): The file cannot be written: \(reason).")
        }
    }

    /// Removes the temporary file after a failure.
    func discard() {
        guard let temporary else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Whether both paths name one existing file (same device and inode).
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Runs `produce` with this output, committing on success and discarding on failure; `database`
    /// is a file the output must never replace.
    static func writing(
        to path: String?, protecting database: String? = nil, _ produce: (DocumentOutput) throws -> Void
    ) throws {
        let output = try DocumentOutput(path: path, protecting: database)
        do {
            try produce(output)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }
}

/// A document that cannot be written, as one sentence.
struct OutputError: Error, CustomStringConvertible {
    var description: String
}
