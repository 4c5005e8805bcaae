import FootprintGeo
import Foundation

/// A visit as a row of a visits CSV gives it, its values checked but its place not yet found.
struct VisitRow: Hashable, Sendable {
    /// How the row names its place.
    enum PlaceReference: Hashable, Sendable {
        /// A source id of an imported place, in any source, or `SOURCE:ID`.
        case sourceID(String)
        /// The nearest place of this name within ``VisitImportFile/matchRadiusMeters``.
        case named(String, Coordinate)
    }

    var line: Int
    var place: PlaceReference
    var arrived: LocalTime
    var left: LocalTime?
    var note: String?
    var rating: Int?
}

/// A row read: a visit, or a row skipped with its reason.
enum VisitRowRead {
    case row(VisitRow)
    case skipped(SkippedRow)
}

/// Reads the rows of a visits CSV with ``CSVRecordScanner``, one at a time.
final class VisitCSVReader {
    private let scanner: CSVRecordScanner
    private let header: VisitCSVHeader
    /// The lat/lon columns' names, to say that they look swapped; `nil` without them.
    private let swappedColumns: SwappedColumns?
    private let zone: TimeZone

    var fileBytesConsumed: Int64 { scanner.window.fileBytesConsumed }

    /// Reads the header of the CSV in `window`.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` when the file has no
    ///   header, or one without the columns a visit needs.
    init(window: ByteWindow, path: String, zone: TimeZone) throws {
        let scanner = CSVRecordScanner(window: window, delimiter: CSVPlaceReader.sniffDelimiter(window.bytes))
        self.scanner = scanner
        self.zone = zone
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
        do throws(RowProblem) {
            header = try VisitCSVHeader(names: names)
        } catch {
            throw FootprintStoreError.invalidInput(path: path, line: scanner.recordLine, reason: error.reason)
        }
        if let latitude = header[.latitude], let longitude = header[.longitude] {
            swappedColumns = SwappedColumns(names: names, latitude: latitude, longitude: longitude, isXY: false)
        } else {
            swappedColumns = nil
        }
    }

    /// The next row, or why it is skipped; `nil` at the end of the file.
    ///
    /// A field that is not UTF-8 is reported with its byte and column, as a places CSV reports it.
    func next() throws -> VisitRowRead? {
        while true {
            switch try scanner.next() {
            case .end:
                return nil
            case .malformed(let problem):
                return .skipped(SkippedRow(line: scanner.recordLine, reason: problem.reason))
            case .record:
                let record = scanner.fields
                if record.count == 1, record[0].start == record[0].end { continue }  // a blank line
                do throws(RowProblem) {
                    return .row(try visit(from: record))
                } catch {
                    if error == .notUTF8, let invalid = InvalidUTF8.first(in: scanner.recordBytes) {
                        return .skipped(
                            SkippedRow(line: scanner.recordLine + invalid.linesBefore, reason: invalid.reason))
                    }
                    return .skipped(SkippedRow(line: scanner.recordLine, reason: error.reason))
                }
            }
        }
    }

    private func visit(from record: [CSVField]) throws(RowProblem) -> VisitRow {
        guard record.count == header.fieldCount else {
            throw RowProblem("The row has \(record.count) fields where the header has \(header.fieldCount)")
        }
        let place: VisitRow.PlaceReference
        if let id = try field(.placeID, of: record) {
            place = .sourceID(id)
        } else if let name = try field(.name, of: record) {
            let latitude = try number(.latitude, of: record)
            let longitude = try number(.longitude, of: record)
            if let swapped = swappedColumns?.problem(latitude: latitude, longitude: longitude) { throw swapped }
            place = .named(name, try ImportText.coordinate(latitude: latitude, longitude: longitude).get())
        } else if header[.placeID] != nil && header[.name] != nil {
            throw RowProblem("The place is missing: the row has neither a place id nor a name")
        } else {
            throw RowProblem(header[.placeID] != nil ? "The place id is missing" : "The name is missing")
        }
        guard let arrivedText = try field(.arrived, of: record) else { throw RowProblem("The arrival time is missing") }
        let arrived = try time(arrivedText, noun: "arrival")
        let left = try field(.left, of: record).map { text throws(RowProblem) in try time(text, noun: "departure") }
        if let left, left.date < arrived.date {
            throw RowProblem("The departure \(left.iso8601) is before the arrival \(arrived.iso8601)")
        }
        var rating: Int?
        if let text = try field(.rating, of: record) {
            guard let value = Int(text), (1...5).contains(value) else {
                throw RowProblem(
                    "The rating “\(text.trimmingWhitespaceForMessage())” is not a whole number from 1 to 5")
            }
            rating = value
        }
        let row = VisitRow(
            line: scanner.recordLine, place: place, arrived: arrived, left: left, note: try field(.note, of: record),
            rating: rating)
        if let problem = Self.controlCharacterProblem(row) { throw problem }
        return row
    }

    /// The column's field trimmed, its doubled quotes made single, in NFC; `nil` when the column
    /// is absent or the field empty.
    private func field(_ column: VisitCSVHeader.Column, of record: [CSVField]) throws(RowProblem) -> String? {
        guard let index = header[column] else { return nil }
        let field = record[index]
        guard let text = try ImportText.field(scanner.bytes(of: field)) else { return nil }
        return field.hasDoubledQuotes ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
    }

    private func number(_ column: VisitCSVHeader.Column, of record: [CSVField]) throws(RowProblem) -> Double {
        guard let text = try field(column, of: record) else { throw RowProblem("The \(column.noun) is missing") }
        guard let value = DecimalText.parse(text) else {
            throw RowProblem("The \(column.noun) “\(text.trimmingWhitespaceForMessage())” is not a number")
        }
        return value
    }

    /// A time as `visit add` reads it (``LocalTime/init(iso8601:zone:)``).
    private func time(_ text: String, noun: String) throws(RowProblem) -> LocalTime {
        do {
            return try LocalTime(iso8601: text, zone: zone)
        } catch FootprintStoreError.invalidValue(_, _, let reason) {
            throw RowProblem("The \(noun) “\(text.trimmingWhitespaceForMessage())” is not a time: \(reason)")
        } catch {
            throw RowProblem("The \(noun) “\(text.trimmingWhitespaceForMessage())” is not a time")
        }
    }

    /// A control character in a text field, refused as ``ImportedPlace/controlCharacterProblem()``
    /// refuses it in a place.
    private static func controlCharacterProblem(_ row: VisitRow) -> RowProblem? {
        var texts: [(String, String)] = [("note", row.note ?? "")]
        switch row.place {
        case .sourceID(let id): texts.append(("place id", id))
        case .named(let name, _): texts.append(("name", name))
        }
        for (label, text) in texts {
            if let byte = ImportedPlace.firstControlByte(text) {
                let code = String(byte, radix: 16, uppercase: true)
                return RowProblem(
                    "The \(label) contains the control character U+\(String(repeating: "0", count: 4 - code.count))"
                        + "\(code), which no text may hold (only tab and line breaks may)")
            }
        }
        return nil
    }
}
