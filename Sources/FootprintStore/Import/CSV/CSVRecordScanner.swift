#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A field of the current CSV record: its bytes in the scanner's window.
struct CSVField {
    /// Offsets of the field's content (inside the quotes, if quoted) from the window's `start`.
    var start: Int
    var end: Int
    /// True when the content holds doubled quotes (`""`) that stand for one.
    var hasDoubledQuotes: Bool
}

/// What ``CSVRecordScanner/next()`` found.
enum CSVScan {
    /// A record; its fields are in ``CSVRecordScanner/fields`` until the next call.
    case record
    /// A record that is not valid CSV, skipped; the scanner has moved past it.
    case malformed(RowProblem)
    /// The end of the file.
    case end
}

/// Splits a byte stream into RFC 4180 records, in place: fields separated by a delimiter,
/// records by LF or CRLF, fields optionally in double quotes that may hold delimiters, line
/// breaks and doubled quotes.
///
/// Quotes count only at the start of a field (`ab"c` is the text `ab"c`, as Excel reads it). A
/// quoted field left open for more than ``maximumRecordBytes`` or to the end of the file is a
/// malformed record: it is reported on the line it starts on and reading resumes on the next line,
/// so a stray quote cannot swallow the rest of the file.
///
/// Our own reader rather than yaslab/CSV.swift 2.5.2: that package took 2.57 s to split the
/// benchmark's 1M-row places.csv (72 MB) into `[String]` rows in a release build here, this one
/// 0.62 s for the rows fully parsed into places (fields read in place, one `String` per kept field).
final class CSVRecordScanner {
    /// The longest record; a longer one is reported and skipped.
    static let maximumRecordBytes = 1 << 20

    let window: ByteWindow
    let delimiter: UInt8
    /// The current record's fields.
    private(set) var fields: [CSVField] = []
    /// The line the current record starts on.
    private(set) var recordLine = 1
    /// The line the next record starts on.
    private var nextLine = 1

    init(window: ByteWindow, delimiter: UInt8) {
        self.window = window
        self.delimiter = delimiter
        fields.reserveCapacity(32)
    }

    /// Moves to the next record.
    func next() throws -> CSVScan {
        while true {
            if window.start == window.end, !(try window.refill()) { return .end }
            let outcome = scan(atEnd: window.atEnd)
            switch outcome {
            case .complete(let length, let newlines):
                recordLine = nextLine
                nextLine += newlines
                recordBase = window.start
                recordLength = length
                window.start += length
                return .record
            case .needMore:
                if window.end - window.start > Self.maximumRecordBytes {
                    recordLine = nextLine
                    try skipLine(from: 0)
                    return .malformed(RowProblem("The record is longer than 1 MiB (a quote left open?)"))
                }
                if !(try window.refill()) { continue }  // at the end: scan again with atEnd set
            case .unclosedQuote:
                recordLine = nextLine
                try skipLine(from: 0)
                return .malformed(RowProblem("A quoted field is never closed"))
            case .textAfterQuote(let offset, let newlines):
                recordLine = nextLine
                nextLine += newlines
                try skipLine(from: offset)
                return .malformed(RowProblem("A quoted field is followed by text before the next delimiter"))
            }
        }
    }

    private enum Outcome {
        case complete(length: Int, newlines: Int)
        case needMore
        case unclosedQuote
        case textAfterQuote(offset: Int, newlines: Int)
    }

    /// Scans one record from the window's start; `atEnd` makes the end of the bytes end it.
    private func scan(atEnd: Bool) -> Outcome {
        fields.removeAll(keepingCapacity: true)
        let bytes = window.base + window.start
        let count = window.end - window.start
        let delimiter = self.delimiter
        let quote = UInt8(ascii: "\"")
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var position = 0
        var newlines = 0
        while true {
            if position < count, bytes[position] == quote {
                let contentStart = position + 1
                var cursor = contentStart
                var doubled = false
                // Find the closing quote, counting the line breaks inside the field.
                while true {
                    while cursor < count, bytes[cursor] != quote {
                        if bytes[cursor] == newline { newlines += 1 }
                        cursor += 1
                    }
                    if cursor >= count { return atEnd ? .unclosedQuote : .needMore }
                    if cursor + 1 < count, bytes[cursor + 1] == quote {
                        doubled = true
                        cursor += 2
                        continue
                    }
                    if cursor + 1 == count, !atEnd { return .needMore }
                    break
                }
                fields.append(CSVField(start: contentStart, end: cursor, hasDoubledQuotes: doubled))
                position = cursor + 1
                if position == count { return .complete(length: position, newlines: newlines) }
                let next = bytes[position]
                if next == delimiter {
                    position += 1
                    continue
                }
                if next == newline { return .complete(length: position + 1, newlines: newlines + 1) }
                if next == carriageReturn {
                    if position + 1 < count {
                        let length = bytes[position + 1] == newline ? position + 2 : position + 1
                        return .complete(length: length, newlines: newlines + 1)
                    }
                    if !atEnd { return .needMore }
                    return .complete(length: position + 1, newlines: newlines + 1)
                }
                return .textAfterQuote(offset: position, newlines: newlines)
            }
            let fieldStart = position
            while position < count {
                let byte = bytes[position]
                if byte == delimiter || byte == newline { break }
                position += 1
            }
            if position == count {
                if !atEnd { return .needMore }
                var end = position
                if end > fieldStart, bytes[end - 1] == carriageReturn { end -= 1 }
                fields.append(CSVField(start: fieldStart, end: end, hasDoubledQuotes: false))
                return .complete(length: position, newlines: newlines)
            }
            if bytes[position] == delimiter {
                fields.append(CSVField(start: fieldStart, end: position, hasDoubledQuotes: false))
                position += 1
                continue
            }
            var end = position
            if end > fieldStart, bytes[end - 1] == carriageReturn { end -= 1 }
            fields.append(CSVField(start: fieldStart, end: end, hasDoubledQuotes: false))
            return .complete(length: position + 1, newlines: newlines + 1)
        }
    }

    /// Drops bytes up to and including the first line break at or after `offset` (from the
    /// window's start), reading on as needed; the next record starts on the following line.
    private func skipLine(from offset: Int) throws {
        var offset = offset
        while true {
            let count = window.end - window.start
            if offset < count,
                let found = memchr(window.base + window.start + offset, Int32(UInt8(ascii: "\n")), count - offset)
            {
                let position = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
                window.start += position - (window.base + window.start) + 1
                nextLine += 1
                return
            }
            window.start = window.end
            offset = 0
            if !(try window.refill()) { return }
        }
    }

    /// The bytes of `field`, valid until the next call to ``next()``.
    func bytes(of field: CSVField) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: window.base + recordBase + field.start, count: field.end - field.start)
    }

    /// The current record's bytes as they are in the file, quotes and line breaks included,
    /// valid until the next call to ``next()``.
    var recordBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: window.base + recordBase, count: recordLength)
    }

    /// Where the current record starts in the window's buffer (the window has moved past it).
    private var recordBase = 0
    private var recordLength = 0
}
