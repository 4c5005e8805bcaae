import Foundation
import GRDB

extension FootprintStore {
    /// Why this process cannot change the database at `path`, or `nil` when it can: the file
    /// must be writable, and so must its folder, where SQLite creates the `-wal` and `-shm` files
    /// beside it (unless both exist and are writable already).
    ///
    /// Asked of the file system (`access(2)`), not of SQLite, which opens an unwritable file
    /// read-only without a word and fails only at the first write. A process running as root
    /// passes every permission check except a read-only mount's.
    static func writeProblem(at path: String, exists: Bool) -> String? {
        if exists, access(path, W_OK) != 0 {
            return errno == EROFS ? "it is on a read-only file system" : "its file is not writable"
        }
        let folder = folderOf(path)
        guard access(folder, W_OK) != 0 else { return nil }
        if errno == EROFS { return "it is on a read-only file system" }
        if exists, access(path + "-wal", W_OK) == 0, access(path + "-shm", W_OK) == 0 { return nil }
        return "its folder \(folder) is not writable"
    }

    /// Opens `path` read-only and checks it is a Footprint database this build reads.
    ///
    /// SQLite reads a WAL database only through its `-shm` index, which it creates beside the file
    /// when missing (the last connection to close removes it): in a folder this process cannot
    /// write, the open fails with "attempt to write a readonly database". When no `-wal` file
    /// holds changes, the main file is the whole database, so it is opened `immutable` instead
    /// (SQLite then takes no lock and needs no `-shm`). Nothing can write the file meanwhile
    /// without the folder's write permission, which this process lacks, short of root; a writer
    /// would create the `-wal` file, and with one present the open is refused rather than read
    /// without the changes it holds.
    static func openReadOnlyChecked(at path: String, memoryMapped: Bool = true) throws -> DatabaseQueue {
        do {
            let queue = try openReadOnly(at: path, memoryMapped: memoryMapped)
            try checkIdentity(of: queue, at: path, readOnly: true)
            return queue
        } catch let error as FootprintStoreError {
            guard access(folderOf(path), W_OK) != 0, !FileManager.default.fileExists(atPath: path + "-shm") else {
                throw error
            }
            let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
            guard log == 0 else { throw FootprintStoreError.logNeedsFolder(path: path) }
            let queue = try openReadOnly(at: immutableURI(path), name: path, memoryMapped: memoryMapped)
            try checkIdentity(of: queue, at: path, readOnly: true)
            return queue
        }
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folderOf(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// An SQLite URI (this SQLite is built with `SQLITE_USE_URI`) opening `path` immutable. Only
    /// `%`, `?` and `#` mean something in a URI's path; they are escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }
}
