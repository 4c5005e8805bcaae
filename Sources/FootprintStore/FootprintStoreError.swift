import FootprintGeo

/// Errors thrown by FootprintStore; each description is one sentence naming the file or input.
public enum FootprintStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file does not exist and the command does not create one.
    case databaseMissing(path: String)
    /// The file is not a Footprint database (another application's, or not SQLite).
    case notAFootprintDatabase(path: String, reason: String)
    /// A database to create in a folder that does not exist (SQLite says only "unable to open
    /// database file").
    case folderMissing(path: String, folder: String)
    /// The file was written by a newer Footprint whose schema this build does not know.
    case newerSchema(path: String, migration: String)
    /// A read-only command met a file whose schema is older than this build's.
    case olderSchema(path: String)
    /// A read-only command met an empty file.
    case emptyDatabase(path: String)
    /// A write was asked of a store opened read-only.
    case readOnly(path: String)
    /// `mod_spatialite` could not be loaded.
    case spatiaLiteUnavailable(String)
    /// SQLite reported an error.
    case database(path: String, message: String)
    /// A write found no space (`SQLITE_FULL`: the disk or the file size limit is reached); the
    /// transaction was rolled back, what was committed before is kept.
    case diskFull(path: String)
    /// A write (or read) of the file failed at the system level (`SQLITE_IOERR`, such as `EFBIG`
    /// or `EIO`); the transaction was rolled back, what was committed before is kept.
    case writeFailed(path: String, message: String)
    /// A writing command met a database this process cannot change; `reason` says why ("its
    /// file is not writable", "its folder is not writable").
    case notWritable(path: String, reason: String)
    /// A read-only command met a database whose folder it cannot write and whose `-wal` file holds
    /// changes: SQLite reads them only through a `-shm` file it would have to create there.
    case logNeedsFolder(path: String)
    /// No place has this id.
    case placeNotFound(id: Int64)
    /// No visit has this id (or the user removed it).
    case visitNotFound(id: Int64)

    /// No privacy zone has this id.
    case privacyZoneNotFound(id: Int64)
    /// A value given to the store is invalid (an empty name, a radius of -5 …).
    case invalidValue(name: String, value: String, reason: String)
    /// An input file cannot be read at all; nothing was changed. `reason` is a capitalised
    /// clause without its full stop ("There is no such file").
    case unreadableInput(path: String, reason: String)
    /// A bad row in an input file (with `--strict`, it fails the whole import).
    case badRow(path: String, line: Int, reason: String)
    /// An input file that can be read but not imported (not a places CSV, invalid JSON, an
    /// unknown format); `line` is where the problem is, when there is one place. Nothing changed.
    /// `reason` is a capitalised clause without its full stop ("The header has no name column").
    case invalidInput(path: String, line: Int?, reason: String)
    /// A strict import met a bad row; nothing changed.
    case strictImportFailed(path: String, row: SkippedRow)
    /// No log entry has this id.
    case logEntryNotFound(id: Int64)
    /// No photo has this id.
    case photoNotFound(id: Int64)
    /// No category has this name.
    case categoryNotFound(name: String)
    /// A category of this name exists already.
    case categoryExists(name: String)
    /// A category cannot be removed while log entries use it.
    case categoryInUse(name: String, entries: Int)
    /// The photo file given does not exist (or is not a file).
    case photoFileMissing(path: String)

    /// A GPX document that is malformed, truncated, hostile (a DOCTYPE or entity) or not GPX, at
    /// the error's line and column; nothing was imported.
    case invalidGPX(path: String, error: GPXError)

    /// One sentence: `LOCATION: Clause.` when there is a file (`places.csv:12: The name is
    /// missing.`, `f.sqlite: The database does not exist; …`), a plain sentence otherwise.
    /// `path` as one word a POSIX shell reads back unchanged: as it is when it holds only
    /// characters no shell treats specially, else in single quotes (a quote inside as `'\''`), so
    /// the suggested command can be pasted.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_-./+,@%:=".unicodeScalars.contains(scalar)
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    public var description: String {
        switch self {
        case .databaseMissing(let path):
            return "\(path): The database does not exist; create it with “footprint init”."
        case .notAFootprintDatabase(let path, let reason):
            return "\(path): The file is not a Footprint database (\(reason)); nothing was changed."
        case .folderMissing(let path, let folder):
            return "\(path): The folder \(folder) does not exist; create it first (mkdir -p \(Self.shellWord(folder)))."
        case .emptyDatabase(let path):
            return
                "\(path): The file is empty; create the database in it with “footprint --db \(Self.shellWord(path)) init”."
        case .olderSchema(let path):
            return "\(path): The database was written by an older Footprint; "
                + "upgrade it with “footprint --db \(Self.shellWord(path)) init”."
        case .newerSchema(let path, let migration):
            return "\(path): The database was written by a newer Footprint (schema step “\(migration)”); "
                + "upgrade Footprint to open it."
        case .readOnly(let path):
            return "\(path): The database was opened read-only and cannot be changed."
        case .spatiaLiteUnavailable(let message):
            return "SpatiaLite (mod_spatialite) could not be loaded: \(message); install libsqlite3-mod-spatialite."
        case .database(let path, let message):
            return "\(path): SQLite reported an error: \(message)."
        case .diskFull(let path):
            return "\(path): The disk is full and the database could not be written; the changes committed "
                + "before are kept — free some space and run the command again."
        case .writeFailed(let path, let message):
            return "\(path): The write to the database failed (\(message)); the changes committed before are "
                + "kept — check the disk's free space and run the command again."
        case .notWritable(let path, let reason):
            return "\(path): The database cannot be changed: \(reason); commands that only read still work."
        case .logNeedsFolder(let path):
            return "\(path): The database cannot be read: its folder is not writable and its write-ahead log "
                + "\(path)-wal holds changes SQLite reads only through a \(path)-shm file it must create there; "
                + "make the folder writable for one command."
        case .placeNotFound(let id):
            return "No place has the id \(id)."
        case .visitNotFound(let id):
            return "No visit has the id \(id); “footprint visit list” shows the visits."

        case .privacyZoneNotFound(let id):
            return "No privacy zone has the id \(id); “footprint privacy list” shows them."
        case .invalidValue(let name, let value, let reason):
            return "The \(name) \(value) is invalid: \(reason)."
        case .unreadableInput(let path, let reason):
            return "\(path): \(reason); nothing was imported."
        case .badRow(let path, let line, let reason):
            return "\(path):\(line): \(reason)."
        case .invalidInput(let path, let line, let reason):
            if let line { return "\(path):\(line): \(reason); nothing was imported." }
            return "\(path): \(reason); nothing was imported."
        case .strictImportFailed(let path, let row):
            return "\(path):\(row); nothing was imported, as the import is strict."
        case .logEntryNotFound(let id):
            return "No log entry has the id \(id)."
        case .photoNotFound(let id):
            return "No photo has the id \(id)."
        case .categoryNotFound(let name):
            return
                "No category is named “\(name)”; add it with “footprint category add \(Self.shellWord(name)) --color '#RRGGBB'”."
        case .categoryExists(let name):
            return "A category named “\(name)” exists already."
        case .categoryInUse(let name, let entries):
            let count = entries == 1 ? "1 log entry uses" : "\(entries) log entries use"
            return
                "The category “\(name)” was not removed: \(count) it; give them another category or remove them first."
        case .photoFileMissing(let path):
            return "\(path): There is no such photo file; nothing was added."

        case .invalidGPX(let path, let error):
            var reason = error.reason
            if reason.hasSuffix(".") { reason.removeLast() }
            return "\(path):\(error.line):\(error.column): \(reason.prefix(1).uppercased() + reason.dropFirst()); "
                + "nothing was imported."
        }
    }
}
