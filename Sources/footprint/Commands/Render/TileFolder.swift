import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `--out` folder of `render tiles`, written only through its own descriptor: every folder
/// and file below it is opened relative to its parent with `O_NOFOLLOW`, so a symbolic link
/// planted inside it (`out/16 -> /etc`, `out/16/3/.5.svg.tmp -> ~/.bashrc`) is never followed,
/// for writing or for removing old tiles. Names are built from integers only (`Z/X/Y.svg`).
///
/// `--out` itself may be a link: the user named it.
final class TileFolder: @unchecked Sendable {
    /// The folder as given, for messages.
    let path: String
    /// The folder's descriptor, open for the life of the value.
    private let descriptor: Int32
    /// The zoom folders' descriptors, opened once each (there are at most 23).
    private var zoomFolders: [Int: Int32] = [:]
    private let lock = NSLock()

    /// Opens `path`, a folder that exists.
    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw RenderError.outputFolder(path, reason: "the folder cannot be opened") }
    }

    deinit {
        for folder in zoomFolders.values { close(folder) }
        close(descriptor)
    }

    /// Writes `bytes` as `Z/X/Y.svg`, creating the zoom and column folders as needed.
    func writeTile(z: Int, x: Int, y: Int, bytes: [UInt8]) throws {
        let zoom = try zoomFolder(z, creating: true)!
        let column = try Self.subfolder(String(x), of: zoom, creating: true, shownAs: "\(path)/\(z)/\(x)")!
        defer { close(column) }
        try Self.write(bytes, named: "\(y).svg", in: column, shownAs: "\(path)/\(z)/\(x)/\(y).svg")
    }

    /// Writes `bytes` as the file `name` directly in the folder.
    func writeFile(_ name: String, bytes: [UInt8]) throws {
        try Self.write(bytes, named: name, in: descriptor, shownAs: "\(path)/\(name)")
    }

    /// Removes the tiles an earlier run wrote at `z` (`Z/X/Y.svg`, numbers only). A link where a
    /// zoom or column folder should be is left alone (what it points to is not ours); a link
    /// named like a tile is removed itself.
    func removeTiles(z: Int) throws {
        guard let zoom = try zoomFolder(z, creating: false) else { return }
        for column in Self.names(in: zoom) where Self.isNumber(Substring(column)) {
            guard let folder = try? Self.subfolder(column, of: zoom, creating: false, shownAs: column) else { continue }
            defer { close(folder) }
            for row in Self.names(in: folder) where row.hasSuffix(".svg") && Self.isNumber(row.dropLast(4)) {
                guard unlinkat(folder, row, 0) == 0 || errno == ENOENT else {
                    throw RenderError.outputFolder(path, reason: "an old tile \(z)/\(column)/\(row) cannot be removed")
                }
            }
        }
    }

    // MARK: - Pieces

    /// The zoom folder's descriptor, cached; `nil` when it does not exist and `creating` is false.
    private func zoomFolder(_ z: Int, creating: Bool) throws -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let folder = zoomFolders[z] { return folder }
        guard let folder = try Self.subfolder(String(z), of: descriptor, creating: creating, shownAs: "\(path)/\(z)")
        else { return nil }
        zoomFolders[z] = folder
        return folder
    }

    /// Opens (and with `creating`, first makes) the folder `name` in `parent` without following
    /// a link; `nil` when it does not exist and `creating` is false.
    private static func subfolder(_ name: String, of parent: Int32, creating: Bool, shownAs shown: String) throws
        -> Int32?
    {
        if creating, mkdirat(parent, name, 0o755) != 0, errno != EEXIST {
            throw RenderError.outputFolder(shown, reason: "the folder cannot be created")
        }
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if folder >= 0 { return folder }
        switch errno {
        case ENOENT where !creating: return nil
        case ELOOP, ENOTDIR:
            throw RenderError.outputFolder(
                shown, reason: "it is a symbolic link or a file, and tiles are never written through one")
        default: throw RenderError.outputFolder(shown, reason: "the folder cannot be opened")
        }
    }

    /// Writes a temporary file (created anew: `O_EXCL`, never through a link) and renames it
    /// over `name`; a rename replaces a link at `name` rather than writing where it points.
    private static func write(_ bytes: [UInt8], named name: String, in folder: Int32, shownAs shown: String) throws {
        let temporary = ".\(name).tmp"
        _ = unlinkat(folder, temporary, 0)
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw RenderError.outputFolder(shown, reason: "the file cannot be created") }
        var written = 0
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(file, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                written += count
            }
            return false
        }
        close(file)
        guard !failed, renameat(folder, temporary, folder, name) == 0 else {
            _ = unlinkat(folder, temporary, 0)
            throw RenderError.outputFolder(
                shown, reason: failed ? "the file cannot be written" : "the file cannot be renamed into place")
        }
    }

    /// The names in a folder (a duplicate of its descriptor is read, so the original stays open).
    private static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        // The duplicate shares the offset: start from the top whatever an earlier read left.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func isNumber(_ name: Substring) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
