/// Turns one element of a JSON array (a GeoJSON feature, a Naver item, a Kakao document) into a
/// place, or says why it cannot.
protocol JSONPlaceDecoder {
    /// The top-level array the elements are in.
    static var arrayKey: String { get }
    /// Decodes the element at `cursor`, consuming it; throws only for invalid JSON.
    mutating func place(from cursor: inout JSONCursor, line: Int) throws(JSONSyntaxError) -> Result<
        ImportedPlace, RowProblem
    >
    /// Checks the top-level string members read before the array (GeoJSON's `type`).
    func checkTopLevel(_ strings: [String: String]) -> String?
    /// The members the fields of the element last decoded came from.
    var memberNames: JSONMemberNames { get }
}

extension JSONPlaceDecoder {
    func checkTopLevel(_ strings: [String: String]) -> String? { nil }
}

/// Reads places from the array `Decoder.arrayKey` of a JSON document, one element at a time;
/// skipped rows name the element (`features[12]`) and the line it starts on.
final class JSONPlaceReader<Decoder: JSONPlaceDecoder>: PlaceRowReader {
    private let stream: JSONArrayStream
    private var decoder: Decoder
    private var checkedTopLevel = false

    var fileBytesConsumed: Int64 { stream.window.fileBytesConsumed }

    init(window: ByteWindow, path: String, decoder: Decoder) {
        stream = JSONArrayStream(window: window, path: path, arrayKey: Decoder.arrayKey)
        self.decoder = decoder
    }

    func next() throws -> ImportedRow? {
        let element = try stream.next()
        if !checkedTopLevel {
            checkedTopLevel = true
            if let problem = decoder.checkTopLevel(stream.topLevelStrings) {
                throw FootprintStoreError.invalidInput(path: stream.path, line: nil, reason: problem)
            }
        }
        guard let element else { return nil }
        var cursor = JSONCursor(element.bytes)
        let result: Result<ImportedPlace, RowProblem>
        do throws(JSONSyntaxError) {
            result = try decoder.place(from: &cursor, line: element.line)
            guard cursor.atEnd() else { throw cursor.error("unexpected text after an element") }
        } catch {
            throw stream.error(error, in: element, isArrayElement: true)
        }
        let checked = result.flatMap { place -> Result<ImportedPlace, RowProblem> in
            var place = place
            return place.checkControlCharacters(members: decoder.memberNames).map { .failure($0) } ?? .success(place)
        }
        switch checked {
        case .success(var place):
            place.jsonArrayKey = Decoder.arrayKey
            place.jsonArrayIndex = element.index
            return .place(place)
        case .failure(let problem):
            let path = "\(Decoder.arrayKey)[\(element.index)]" + (problem.member.map { ".\($0)" } ?? "")
            return .skipped(SkippedRow(line: element.line, jsonPath: path, reason: problem.reason))
        }
    }

    /// Reads the whole document without decoding places, so that a syntax error or text that is
    /// not UTF-8 anywhere is found before the first batch is written.
    static func validate(window: ByteWindow, path: String) throws {
        let stream = JSONArrayStream(window: window, path: path, arrayKey: Decoder.arrayKey)
        while let element = try stream.next() {
            if let invalid = InvalidUTF8.first(in: element.bytes) {
                throw FootprintStoreError.invalidInput(
                    path: path, line: element.line + invalid.linesBefore,
                    reason: "\(Decoder.arrayKey)[\(element.index)]: "
                        + Self.locating(invalid, of: element, in: window).reason)
            }
            var cursor = JSONCursor(element.bytes)
            do throws(JSONSyntaxError) {
                try cursor.skipValue()
                guard cursor.atEnd() else { throw cursor.error("unexpected text after an element") }
            } catch {
                throw stream.error(error, in: element, isArrayElement: true)
            }
        }
    }
}

extension JSONPlaceReader {
    /// `invalid`, found in `element`, with its column on its line of the file: on the element's
    /// first line, the characters before the element on that line count too (those the window
    /// still holds; a line longer than the window counts from the window's start).
    fileprivate static func locating(_ invalid: InvalidUTF8, of element: JSONElement, in window: ByteWindow)
        -> InvalidUTF8
    {
        guard invalid.linesBefore == 0, let start = element.bytes.baseAddress else { return invalid }
        var located = invalid
        var cursor = UnsafePointer<UInt8>(window.base)
        let before = start - cursor
        if let newline = (0..<before).last(where: { cursor[$0] == UInt8(ascii: "\n") }) {
            cursor += newline + 1
        } else if window.discarded == 0, before >= 3, cursor[0] == 0xEF, cursor[1] == 0xBB, cursor[2] == 0xBF {
            cursor += 3  // the byte-order mark is no character of the line
        }
        let prefix = UnsafeBufferPointer(start: cursor, count: start - cursor)
        located.column += prefix.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return located
    }
}

/// Helpers shared by the JSON decoders.
enum JSONField {
    /// A scalar as text: strings as they are, numbers as written, booleans as `true`/`false`;
    /// `nil` for null and containers.
    static func text(_ scalar: JSONScalar) -> String? {
        switch scalar {
        case .string(let text): return text
        case .number(_, let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null, .container: return nil
        }
    }

    /// A number given as a JSON number or as a numeric string (Kakao's `x`, Naver's `mapx`).
    static func number(_ scalar: JSONScalar) -> Double? {
        switch scalar {
        case .number(let value, _): return value
        case .string(let text): return DecimalText.parse(text)
        default: return nil
        }
    }

    /// Likes from a number or a numeric string.
    static func likes(_ scalar: JSONScalar) -> Result<Int, RowProblem> {
        switch scalar {
        case .number(_, let text): return ImportText.likes(text)  // from its digits: a double rounds beyond 2⁵³
        case .string(let text): return ImportText.likes(text)
        case .null: return .success(0)
        case .bool(let value): return .failure(ImportText.notLikes(value ? "true" : "false"))
        case .container: return .failure(RowProblem("likes are not a number"))
        }
    }
}
