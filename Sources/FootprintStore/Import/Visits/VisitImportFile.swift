import Foundation

/// How ``FootprintStore/importVisits(_:progress:)`` reads a visits file.
public struct VisitImportOptions: Hashable, Sendable {
    /// The encoding; `nil` detects it as ``ImportOptions/encoding`` does.
    public var encoding: ImportEncoding?
    /// The name the visits (and the places the file adds) are recorded under; `nil` uses the
    /// file's name. A visit is the same visit on a re-import when its place, its arrival and this
    /// name are.
    public var source: String?
    /// When true, any bad row fails the whole import and nothing changes.
    public var strict: Bool
    /// The zone of times written without an offset (`visit add` reads them in the local zone).
    public var zone: TimeZone
    /// How many skipped rows the summary lists (all are counted).
    public var reportedSkipLimit: Int

    public init(
        encoding: ImportEncoding? = nil, source: String? = nil, strict: Bool = false, zone: TimeZone = .current,
        reportedSkipLimit: Int = 10_000
    ) {
        self.encoding = encoding
        self.source = source
        self.strict = strict
        self.zone = zone
        self.reportedSkipLimit = reportedSkipLimit
    }
}

/// A visits CSV opened for ``FootprintStore/importVisits(_:progress:)``: its encoding told and
/// its header checked, so a file-level problem surfaces before any database is opened or created.
/// One value serves one import.
///
/// The header needs `arrived` and either `place_id` or `name`, `lat` and `lon`; `left`, `note`
/// and `rating` are read when present (English or Korean names: 도착, 출발, 메모, 평점 …).
public final class VisitImportFile {
    /// How far a row's `name`, `lat`, `lon` may be from a place of that name to be that place.
    public static let matchRadiusMeters = 100.0

    /// The file as messages name it: its path as given, or `<stdin>`.
    public let name: String
    /// Its encoding, given or detected.
    public let encoding: ImportEncoding
    /// The source name its visits are recorded under: the option, else the file's name.
    public let source: String
    let options: VisitImportOptions
    let reader: VisitCSVReader
    let size: Int64?
    /// Kept open while the rows are read.
    private let input: ImportSource
    private var used = false

    /// Opens and checks the file at `path`, named in messages as written.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` (missing, unreadable or
    ///   empty file), ``FootprintStoreError/invalidInput(path:line:reason:)`` (no header, or one
    ///   without the columns a visit needs), and `invalidValue` for an empty source name.
    public convenience init(path: String, options: VisitImportOptions = VisitImportOptions()) throws {
        try self.init(
            input: ImportSource(path: path, name: path), defaultSource: (path as NSString).lastPathComponent,
            options: options)
    }

    /// Opens and checks what can be read from `descriptor` (standard input is 0), named `name`
    /// in messages and, without ``VisitImportOptions/source``, as the source.
    public convenience init(
        descriptor: Int32, name: String = PlaceImportFile.standardInputName,
        options: VisitImportOptions = VisitImportOptions()
    ) throws {
        try self.init(input: ImportSource(descriptor: descriptor, name: name), defaultSource: name, options: options)
    }

    private init(input: ImportSource, defaultSource: String, options: VisitImportOptions) throws {
        let source = options.source ?? defaultSource
        // Only spaces are no name either: a message could not show it.
        guard !source.allSatisfy(\.isWhitespace) else {
            throw FootprintStoreError.invalidValue(
                name: "source", value: "“\(source)”", reason: "a source needs a name")
        }
        let opened = try ImportInput.open(input, encoding: options.encoding)
        reader = try VisitCSVReader(window: opened.window, path: input.name, zone: options.zone)
        self.name = input.name
        self.input = input
        self.encoding = opened.encoding
        self.source = source
        self.options = options
        self.size = opened.size
    }

    /// Marks the file as read; a second import of the same value is a programming error.
    func take() throws {
        guard !used else {
            throw FootprintStoreError.invalidValue(
                name: "import file", value: name, reason: "it was already imported; open it again")
        }
        used = true
    }
}
