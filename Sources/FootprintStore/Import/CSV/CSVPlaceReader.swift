import FootprintGeo

/// Reads places from a CSV file with a header row (``CSVHeader``), one row at a time.
///
/// A row without an `id` column value is keyed by a derived id, `NAME@LAT,LON` with the
/// coordinate at 6 decimals (``DerivedID``): the same row imported again finds its place, and
/// two rows of the same name at the same spot are one place.
final class CSVPlaceReader: PlaceRowReader {
    private let scanner: CSVRecordScanner
    private let header: CSVHeader
    private let coordinates: (latitude: Int, longitude: Int)
    private let projection: SourceProjection
    private let fields: ImportedFields
    private var categories = CategoryCache()
    private var scratch: [UInt8] = []

    var fileBytesRead: Int64 { scanner.window.fileBytesRead }

    /// Reads the header of the CSV in `window`.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` when the file has no
    ///   header with a name column and coordinate columns, or x/y columns without a CRS.
    init(window: ByteWindow, path: String, projection: SourceProjection) throws {
        let delimiter = Self.sniffDelimiter(window.bytes)
        let scanner = CSVRecordScanner(window: window, delimiter: delimiter)
        self.scanner = scanner
        var names: [String] = []
        headerLoop: while true {
            switch try scanner.next() {
            case .end:
                throw FootprintStoreError.invalidInput(path: path, line: nil, reason: "it has no header row")
            case .malformed(let problem):
                throw FootprintStoreError.invalidInput(path: path, line: scanner.recordLine, reason: problem.reason)
            case .record:
                names = scanner.fields.map { String(decoding: scanner.bytes(of: $0), as: UTF8.self) }
                if names.count == 1, names[0].allSatisfy(\.isWhitespace) { continue }
                break headerLoop
            }
        }
        header = CSVHeader(names: names)
        guard header[.name] != nil else {
            throw FootprintStoreError.invalidInput(
                path: path, line: nil,
                reason: "it is not a places CSV: its header has no name column (name, 이름, 상호명 or title)")
        }
        guard let columns = header.coordinateColumns else {
            throw FootprintStoreError.invalidInput(
                path: path, line: nil,
                reason: "it is not a places CSV: its header has no coordinate columns "
                    + "(lat and lon, latitude and longitude, 위도 and 경도, or x and y with a CRS)")
        }
        coordinates = (columns.latitude, columns.longitude)
        self.projection = projection
        var fields: ImportedFields = []
        let optional: [(CSVHeader.Column, ImportedFields)] = [
            (.category, .category), (.tags, .tags), (.likes, .likes), (.address, .address),
            (.roadAddress, .roadAddress), (.phone, .phone), (.visitTime, .visitTime), (.note, .note),
        ]
        for (column, field) in optional where header[column] != nil { fields.insert(field) }
        self.fields = fields
    }

    func next() throws -> ImportedRow? {
        while true {
            switch try scanner.next() {
            case .end:
                return nil
            case .malformed(let problem):
                return .skipped(SkippedRow(line: scanner.recordLine, reason: problem.reason))
            case .record:
                let record = scanner.fields
                if record.count == 1, record[0].start == record[0].end { continue }  // a blank line
                switch place(from: record) {
                case .success(let place): return .place(place)
                case .failure(let problem):
                    return .skipped(SkippedRow(line: scanner.recordLine, reason: problem.reason))
                }
            }
        }
    }

    private func place(from record: [CSVField]) -> Result<ImportedPlace, RowProblem> {
        guard record.count == header.fieldCount else {
            return .failure(
                RowProblem("The row has \(record.count) fields where the header has \(header.fieldCount)"))
        }
        guard let nameText = text(record[header[.name]!]) else { return .failure(Self.notUTF8) }
        guard let name = ImportText.field(nameText) else { return .failure(RowProblem("The name is missing")) }
        let axes = projection.isProjected ? ("y", "x") : ("latitude", "longitude")
        let latitude: Double
        switch number(record[coordinates.latitude], axis: axes.0) {
        case .success(let value): latitude = value
        case .failure(let problem): return .failure(problem)
        }
        let longitude: Double
        switch number(record[coordinates.longitude], axis: axes.1) {
        case .success(let value): longitude = value
        case .failure(let problem): return .failure(problem)
        }
        let coordinate: Coordinate
        switch projection.coordinate(x: longitude, y: latitude) {
        case .success(let value): coordinate = value
        case .failure(let problem): return .failure(problem)
        }
        var sourceID: String?
        if let index = header[.id] {
            guard let id = text(record[index]) else { return .failure(Self.notUTF8) }
            sourceID = ImportText.field(id)
        }
        var place = ImportedPlace(
            sourceID: sourceID ?? DerivedID.place(name: name, coordinate: coordinate), name: name,
            latitude: coordinate.latitude, longitude: coordinate.longitude, line: scanner.recordLine)
        place.fields = fields
        if let index = header[.category] {
            guard let category = text(record[index]) else { return .failure(Self.notUTF8) }
            place.category = categories.normalized(category)
        }
        if let index = header[.tags] {
            guard let tags = text(record[index]) else { return .failure(Self.notUTF8) }
            place.tags = ImportText.tags(fromList: tags)
        }
        if let index = header[.likes] {
            guard let likes = text(record[index]) else { return .failure(Self.notUTF8) }
            switch ImportText.likes(likes) {
            case .success(let value): place.likes = value
            case .failure(let problem): return .failure(problem)
            }
        }
        do {
            place.address = try optionalText(record, .address)
            place.roadAddress = try optionalText(record, .roadAddress)
            place.phone = try optionalText(record, .phone)
            place.visitTime = try optionalText(record, .visitTime)
            place.note = try optionalText(record, .note)
        } catch {
            return .failure(error)
        }
        return .success(place)
    }

    /// The normalized text of an optional column, `nil` when the column is absent or the field empty.
    private func optionalText(_ record: [CSVField], _ column: CSVHeader.Column) throws(RowProblem) -> String? {
        guard let index = header[column] else { return nil }
        guard let value = text(record[index]) else { throw Self.notUTF8 }
        return ImportText.field(value)
    }

    private static let notUTF8 = RowProblem(
        "The row is not valid UTF-8 (if the file is in CP949, give the encoding cp949)")

    /// The field as text, or `nil` when it is not valid UTF-8.
    private func text(_ field: CSVField) -> String? {
        let bytes = scanner.bytes(of: field)
        if !field.hasDoubledQuotes { return String(validating: bytes, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            scratch.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(validating: scratch, as: UTF8.self)
    }

    /// The field as a number, or why not.
    private func number(_ field: CSVField, axis: String) -> Result<Double, RowProblem> {
        let bytes = scanner.bytes(of: field)
        if let value = DecimalText.parse(bytes) { return .success(value) }
        let shown = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceForMessage()
        if shown.isEmpty { return .failure(RowProblem("The \(axis) is missing")) }
        return .failure(RowProblem("The \(axis) “\(shown)” is not a number"))
    }

    /// The delimiter of the header line: the most frequent of `,`, tab and `;` outside quotes;
    /// a comma when there is none.
    static func sniffDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: "\t"): 0, UInt8(ascii: ";"): 0]
        var inQuotes = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == UInt8(ascii: "\n") { break }
            if counts[byte] != nil { counts[byte]! += 1 }
        }
        let comma = counts[UInt8(ascii: ",")]!
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != UInt8(ascii: ",")) }!
        return best.value > comma ? best.key : UInt8(ascii: ",")
    }
}

/// Category paths normalized once per distinct text: a file has few categories and many rows.
struct CategoryCache {
    private var cache: [String: String?] = [:]

    mutating func normalized(_ text: String) -> String? {
        if let known = cache[text] { return known }
        let value = ImportText.field(text).flatMap(Place.normalizedCategory)
        if cache.count < 4096 { cache[text] = value }
        return value
    }
}

extension String {
    /// The text trimmed and shortened to 40 characters, to quote it in a message.
    func trimmingWhitespaceForMessage() -> String {
        let trimmed = ImportText.trimmedWhitespace(self)
        return trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
    }
}
