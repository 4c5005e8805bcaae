import FootprintGeo
import Foundation

/// Reads places from a CSV file with a header row (``CSVHeader``), one row at a time.
///
/// A row without an `id` column value is keyed by a derived id, `NAME@LAT,LON` with the
/// coordinate at 6 decimals (``DerivedID``): the same row imported again finds its place, and
/// two rows of the same name at the same spot are one place.
final class CSVPlaceReader: PlaceRowReader {
    private let scanner: CSVRecordScanner
    private let header: CSVHeader
    private let columns: Columns
    private let coordinates: (latitude: Int, longitude: Int)
    private let projection: SourceProjection
    /// True when the coordinates come from x/y columns (a CRS was given), not latitude/longitude.
    private let readsXY: Bool
    /// The coordinate columns' names, to say that they look swapped.
    private let swappedColumns: SwappedColumns
    private let fields: ImportedFields
    private var categories = CategoryCache()
    /// Where a field with doubled quotes is unescaped. Empty until the first such field: a buffer
    /// allocated here leaked whenever `init` threw (a file that is not a places CSV), because
    /// `deinit` does not run for an object whose `init` failed (found by LeakSanitizer under
    /// `make fuzz`, `Fuzz/Corpus/csv-utf8/leak-scratch-after-header-error`).
    private var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    var fileBytesConsumed: Int64 { scanner.window.fileBytesConsumed }

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
                throw FootprintStoreError.invalidInput(
                    path: path, line: nil, reason: "The file has no header row, only blank lines")
            case .malformed(let problem):
                throw FootprintStoreError.invalidInput(path: path, line: scanner.recordLine, reason: problem.reason)
            case .record:
                names = scanner.fields.map { String(decoding: scanner.bytes(of: $0), as: UTF8.self) }
                if names.count == 1, names[0].allSatisfy(\.isWhitespace) { continue }
                break headerLoop
            }
        }
        let headerLine = scanner.recordLine
        do throws(RowProblem) {
            header = try CSVHeader(names: names)
        } catch {
            throw FootprintStoreError.invalidInput(path: path, line: headerLine, reason: error.reason)
        }
        guard header[.name] != nil else {
            throw FootprintStoreError.invalidInput(
                path: path, line: headerLine,
                reason: "The file is not a places CSV: its header has no name column (name, 이름, 상호명 or title)")
        }
        guard let columns = header.coordinateColumns(crsGiven: projection.isGiven, geographic: projection.isGeographic)
        else {
            if projection.isGiven, header.coordinateColumns(crsGiven: false, geographic: true) != nil {
                throw FootprintStoreError.invalidInput(
                    path: path, line: headerLine,
                    reason: "The header has no x and y columns for --crs to apply to (lat and lon are WGS84 already)")
            }
            if !projection.isGiven, header.hasXY {
                throw FootprintStoreError.invalidInput(
                    path: path, line: headerLine,
                    reason: "The x and y columns need --crs to say what they are (e.g. --crs EPSG:5186)")
            }
            throw FootprintStoreError.invalidInput(
                path: path, line: headerLine,
                reason: "The file is not a places CSV: its header has no coordinate columns "
                    + "(lat and lon, latitude and longitude, 위도 and 경도, or x and y with a CRS)")
        }
        readsXY = projection.isGiven && header.hasXY
        coordinates = (columns.latitude, columns.longitude)
        swappedColumns = SwappedColumns(
            names: names, latitude: columns.latitude, longitude: columns.longitude, isXY: readsXY)
        self.columns = Columns(header)
        self.projection = projection
        var fields: ImportedFields = []
        let optional: [(CSVHeader.Column, ImportedFields)] = [
            (.category, .category), (.tags, .tags), (.likes, .likes), (.address, .address),
            (.roadAddress, .roadAddress), (.phone, .phone), (.visitTime, .visitTime), (.note, .note),
            (.bestTime, .bestTime),
        ]
        for (column, field) in optional where header[column] != nil { fields.insert(field) }
        self.fields = fields
    }

    deinit { scratch.deallocate() }

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
                case .success(var place):
                    if let problem = place.checkControlCharacters() {
                        return .skipped(SkippedRow(line: scanner.recordLine, reason: problem.reason))
                    }
                    return .place(place)
                case .failure(let problem):
                    if problem == .notUTF8, let invalid = InvalidUTF8.first(in: scanner.recordBytes) {
                        return .skipped(
                            SkippedRow(line: scanner.recordLine + invalid.linesBefore, reason: invalid.reason))
                    }
                    return .skipped(SkippedRow(line: scanner.recordLine, reason: problem.reason))
                }
            }
        }
    }

    private func place(from record: [CSVField]) -> Result<ImportedPlace, RowProblem> {
        guard
            record.count == header.fieldCount
                || (record.count >= header.requiredFieldCount && record.count < header.fieldCount)
        else {
            return .failure(
                RowProblem("The row has \(record.count) fields where the header has \(header.fieldCount)"))
        }
        do throws(RowProblem) {
            guard let name = try ImportText.field(bytes(record[columns.name])) else {
                throw RowProblem("The name is missing")
            }
            let axes = readsXY ? ("y", "x") : ("latitude", "longitude")
            let latitude = try number(record[coordinates.latitude], axis: axes.0)
            let longitude = try number(record[coordinates.longitude], axis: axes.1)
            let coordinate: Coordinate
            switch projection.coordinate(x: longitude, y: latitude) {
            case .success(let value): coordinate = value
            case .failure(let problem):
                // Degrees the other way round: said of the file's columns (the check only runs for a bad pair).
                if projection.isGeographic,
                    let swapped = swappedColumns.problem(latitude: latitude, longitude: longitude)
                {
                    throw swapped
                }
                throw problem
            }
            var sourceID: String?
            if let index = columns.id { sourceID = try ImportText.field(bytes(record[index])) }
            var place = ImportedPlace(
                sourceID: sourceID ?? DerivedID.place(name: name, coordinate: coordinate), name: name,
                latitude: coordinate.latitude, longitude: coordinate.longitude, line: scanner.recordLine)
            place.fields = fields
            if sourceID == nil { place.derivedFrom = DerivedID.nameAndPosition }
            if let index = columns.category { place.category = try categories.normalized(bytes(record[index])) }
            if let index = columns.tags { place.tags = try ImportText.tags(fromList: bytes(record[index])) }
            if let index = columns.likes {
                switch ImportText.likes(bytes(record[index])) {
                case .success(let likes): place.likes = likes
                case .failure(let problem): place.drop(.likes, FieldProblem(reason: problem.reason))
                }
            }
            if let index = columns.address { place.address = try ImportText.field(bytes(record[index])) }
            if let index = columns.roadAddress { place.roadAddress = try ImportText.field(bytes(record[index])) }
            if let index = columns.phone { place.phone = try ImportText.field(bytes(record[index])) }
            if let index = columns.visitTime { place.visitTime = try ImportText.field(bytes(record[index])) }
            if let index = columns.note { place.note = try ImportText.field(bytes(record[index])) }
            if let index = columns.bestTime, let text = try ImportText.field(bytes(record[index])) {
                do {
                    place.bestTime = try BestTime(parsing: text).text
                } catch {
                    place.drop(
                        .bestTime,
                        FieldProblem(reason: "best time “\(text)” is not a window such as 18:00-20:00 or 저녁"))
                }
            }
            return .success(place)
        } catch {
            return .failure(error)
        }
    }

    /// The bytes of `field`, its doubled quotes made single (in a scratch buffer valid until the
    /// next call).
    private func bytes(_ field: CSVField) -> UnsafeBufferPointer<UInt8> {
        let bytes = scanner.bytes(of: field)
        if !field.hasDoubledQuotes { return bytes }
        if scratch.count < bytes.count {
            scratch.deallocate()
            scratch = .allocate(capacity: max(256, bytes.count))
        }
        var index = 0
        var length = 0
        while index < bytes.count {
            scratch[length] = bytes[index]
            length += 1
            index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        return UnsafeBufferPointer(rebasing: scratch[0..<length])
    }

    /// The field as a number, or why not.
    private func number(_ field: CSVField, axis: String) throws(RowProblem) -> Double {
        let bytes = bytes(field)
        if let value = DecimalText.parse(bytes) { return value }
        let shown = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceForMessage()
        if shown.isEmpty { throw RowProblem("The \(axis) is missing") }
        throw RowProblem("The \(axis) “\(shown)” is not a number")
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

/// The field indexes of the optional columns, read once from the header.
private struct Columns {
    let name: Int
    let id, category, tags, likes, address, roadAddress, phone, visitTime, note, bestTime: Int?

    init(_ header: CSVHeader) {
        name = header[.name] ?? 0
        id = header[.id]
        category = header[.category]
        tags = header[.tags]
        likes = header[.likes]
        address = header[.address]
        roadAddress = header[.roadAddress]
        phone = header[.phone]
        visitTime = header[.visitTime]
        note = header[.note]
        bestTime = header[.bestTime]
    }
}

/// Category paths normalized once per distinct text: a file has few categories and many rows.
struct CategoryCache {
    private var cache: [String: String?] = [:]
    /// The first distinct texts met, compared byte for byte before any `String` is built.
    private var recent: [(bytes: [UInt8], value: String?)] = []

    mutating func normalized(_ text: String) -> String? {
        if let known = cache[text] { return known }
        let value = ImportText.field(text).flatMap(Place.normalizedCategory)
        if cache.count < 4096 { cache[text] = value }
        return value
    }

    mutating func normalized(_ bytes: UnsafeBufferPointer<UInt8>) throws(RowProblem) -> String? {
        for entry in recent where entry.bytes.count == bytes.count {
            if bytes.isEmpty || memcmp(entry.bytes, bytes.baseAddress!, bytes.count) == 0 { return entry.value }
        }
        let value = normalized(try ImportText.text(bytes))
        if recent.count < 32 { recent.append((Array(bytes), value)) }
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
