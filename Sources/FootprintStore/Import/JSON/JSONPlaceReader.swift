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
            throw stream.error(error, in: element)
        }
        switch result.flatMap({ place in place.controlCharacterProblem().map { .failure($0) } ?? .success(place) }) {
        case .success(var place):
            place.jsonArrayKey = Decoder.arrayKey
            place.jsonArrayIndex = element.index
            return .place(place)
        case .failure(let problem):
            return .skipped(
                SkippedRow(
                    line: element.line, jsonPath: "\(Decoder.arrayKey)[\(element.index)]", reason: problem.reason))
        }
    }

    /// Reads the whole document without decoding places, so that a syntax error anywhere is
    /// found before the first batch is written.
    static func validate(window: ByteWindow, path: String) throws {
        let stream = JSONArrayStream(window: window, path: path, arrayKey: Decoder.arrayKey)
        while let element = try stream.next() {
            var cursor = JSONCursor(element.bytes)
            do throws(JSONSyntaxError) {
                try cursor.skipValue()
                guard cursor.atEnd() else { throw cursor.error("unexpected text after an element") }
            } catch {
                throw stream.error(error, in: element)
            }
        }
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
        case .number(let value, let text):
            // A whole number is read from its digits: a double would round likes beyond 2⁵³.
            if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: "-") }) {
                return ImportText.likes(text)
            }
            guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
                return .failure(RowProblem("The likes \(text) are not a whole number"))
            }
            guard value >= 0 else { return .failure(RowProblem("The likes \(text) are negative")) }
            return .success(Int(value))
        case .string(let text): return ImportText.likes(text)
        case .null: return .success(0)
        case .bool, .container: return .failure(RowProblem("The likes are not a number"))
        }
    }
}
