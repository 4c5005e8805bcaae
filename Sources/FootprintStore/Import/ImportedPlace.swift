/// The optional fields an import row carries. On re-import, a field the row does not carry (its
/// column is absent, or its JSON property missing) keeps the value stored in the database, so a
/// note written in Footprint survives a re-import of a file without notes.
struct ImportedFields: OptionSet, Hashable, Sendable {
    let rawValue: UInt16
    static let category = ImportedFields(rawValue: 1 << 0)
    static let tags = ImportedFields(rawValue: 1 << 1)
    static let likes = ImportedFields(rawValue: 1 << 2)
    static let address = ImportedFields(rawValue: 1 << 3)
    static let roadAddress = ImportedFields(rawValue: 1 << 4)
    static let phone = ImportedFields(rawValue: 1 << 5)
    static let visitTime = ImportedFields(rawValue: 1 << 6)
    static let note = ImportedFields(rawValue: 1 << 7)
    /// The recommended visiting window (`best_time`), CSV only.
    static let bestTime = ImportedFields(rawValue: 1 << 8)
}

/// A place as read from one row of an import file, normalized, before it is written.
struct ImportedPlace: Hashable, Sendable {
    /// The row's id in its source, or the id derived from its content (see the readers).
    var sourceID: String
    var name: String
    var latitude: Double
    var longitude: Double
    /// Normalized category path (`음식점 > 카페`), `nil` for none.
    var category: String?
    /// Tags in storage form: normalized, `|`-joined.
    var tags: String
    var likes: Int
    var address: String?
    var roadAddress: String?
    var phone: String?
    var visitTime: String?
    /// The recommended visiting window in its stored form (``BestTime/text``).
    var bestTime: String?
    var note: String?
    /// Which of the optional fields the row carries.
    var fields: ImportedFields
    /// The line the row starts on.
    var line: Int
    /// What the source id was derived from (`name and position`) when the row has no id of its
    /// own; `nil` when it has one. Words the message for a row that repeats another.
    var derivedFrom: String?
    /// For a JSON element, the array it is in (`features`) and its index there.
    var jsonArrayKey: String?
    var jsonArrayIndex = 0
    /// The optional values left out of the row as bad (``drop(_:_:)``), in field order.
    var warnings: [FieldProblem] = []

    /// Where a JSON element is (`features[12]`), for messages; `nil` for a CSV row.
    var jsonPath: String? { jsonArrayKey.map { "\($0)[\(jsonArrayIndex)]" } }

    init(sourceID: String, name: String, latitude: Double, longitude: Double, line: Int) {
        self.sourceID = sourceID
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.category = nil
        self.tags = ""
        self.likes = 0
        self.fields = []
        self.line = line
    }
}

/// One row of an import file: a place, or the reason it was skipped.
enum ImportedRow {
    case place(ImportedPlace)
    case skipped(SkippedRow)
}

/// Reads the rows of one import file in order, streaming.
protocol PlaceRowReader: AnyObject {
    /// The next row, or `nil` at the end of the file. Throws only for file-level errors.
    func next() throws -> ImportedRow?
    /// How far into the file the next row starts, in bytes (for progress).
    var fileBytesConsumed: Int64 { get }
}
