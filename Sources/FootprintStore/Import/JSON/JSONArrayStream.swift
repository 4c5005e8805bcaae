/// One element of a streamed JSON array.
struct JSONElement {
    /// The element's text, valid until the stream's next call.
    var bytes: UnsafeBufferPointer<UInt8>
    /// Its index in the array.
    var index: Int
    /// The line of the file it starts on, from 1.
    var line: Int
}

/// Streams the elements of one array member (`features`, `items`, `documents`) of a JSON
/// document whose top level is an object, holding one element at a time in memory.
///
/// The stream checks the document's structure around the elements; each element's own syntax is
/// checked by the ``JSONCursor`` that parses it. Other top-level members are checked and, when
/// they are strings, kept in ``topLevelStrings`` (GeoJSON's `type`).
final class JSONArrayStream {
    let window: ByteWindow
    let path: String
    /// The array member streamed.
    let arrayKey: String
    /// Top-level members whose values are strings, as far as read.
    private(set) var topLevelStrings: [String: String] = [:]

    private enum State {
        case start
        case inArray(next: Int)
        case done
    }

    private var state = State.start
    /// The line of the window's start.
    private var line = 1
    /// The length and line breaks of the element last returned, consumed on the next call.
    private var pending: (length: Int, newlines: Int)?

    init(window: ByteWindow, path: String, arrayKey: String) {
        self.window = window
        self.path = path
        self.arrayKey = arrayKey
    }

    /// The next element, or `nil` after the last one once the rest of the document is checked.
    ///
    /// - Throws: ``FootprintStoreError/invalidInput(path:line:reason:)`` for a document that is not
    ///   JSON, whose top level is not an object, or that has no such array.
    func next() throws -> JSONElement? {
        if let pending {
            window.start += pending.length
            line += pending.newlines
            self.pending = nil
        }
        switch state {
        case .done:
            return nil
        case .start:
            guard let first = try peekByte() else { throw invalid("\(ImportSource.noun(for: path)) is empty") }
            guard first == UInt8(ascii: "{") else {
                throw invalid("The document is not a JSON object with a “\(arrayKey)” array", atLine: line)
            }
            window.start += 1
            if try !readMembersUntilArray(first: true) {
                throw invalid("The document has no “\(arrayKey)” array")
            }
            state = .inArray(next: 0)
            return try next()
        case .inArray(let index):
            if index > 0 {
                switch try peekByte() {
                case UInt8(ascii: ","):
                    let commaLine = line
                    window.start += 1
                    // `[…, ]`: said of the element the comma follows, as no element comes after it.
                    if try peekByte() == UInt8(ascii: "]") {
                        throw syntax(
                            "a trailing comma after \(arrayKey)[\(index - 1)] is not allowed in JSON", atLine: commaLine
                        )
                    }
                case UInt8(ascii: "]"):
                    window.start += 1
                    try finishDocument()
                    return nil
                default: throw syntax("expected “,” or “]” after an element of “\(arrayKey)”")
                }
            } else if try peekByte() == UInt8(ascii: "]") {
                window.start += 1
                try finishDocument()
                return nil
            }
            guard try peekByte() != nil else { throw syntax("the text ends inside “\(arrayKey)”") }
            let extent = try sliceValue()
            pending = extent
            state = .inArray(next: index + 1)
            return JSONElement(
                bytes: UnsafeBufferPointer(start: window.base + window.start, count: extent.length), index: index,
                line: line)
        }
    }

    /// Converts a syntax error inside an element to the file-level error, with its line and,
    /// for an element of the streamed array, its path (`documents[1]: Invalid JSON: …`).
    func error(_ syntax: JSONSyntaxError, in element: JSONElement, isArrayElement: Bool = false)
        -> FootprintStoreError
    {
        var line = element.line
        for index in 0..<min(syntax.offset, element.bytes.count) where element.bytes[index] == UInt8(ascii: "\n") {
            line += 1
        }
        let path = isArrayElement ? "\(arrayKey)[\(element.index)]: " : ""
        return invalid("\(path)Invalid JSON: \(syntax.reason)", atLine: line)
    }

    // MARK: Top level

    /// Reads top-level members up to the streamed array's `[`; false when the object ends first.
    private func readMembersUntilArray(first: Bool) throws -> Bool {
        var first = first
        while true {
            guard let byte = try peekByte() else { throw syntax("the text ends inside the top-level object") }
            if first, byte == UInt8(ascii: "}") {
                window.start += 1
                return false
            }
            if !first {
                if byte == UInt8(ascii: "}") {
                    window.start += 1
                    return false
                }
                guard byte == UInt8(ascii: ",") else { throw syntax("expected “,” or “}” in the top-level object") }
                window.start += 1
                guard try peekByte() != nil else { throw syntax("the text ends inside the top-level object") }
            }
            first = false
            guard try peekByte() == UInt8(ascii: "\"") else { throw syntax("expected a member name in double quotes") }
            let key = try parseSlice { cursor throws(JSONSyntaxError) in try cursor.string() }
            guard try peekByte() == UInt8(ascii: ":") else { throw syntax("expected “:” after a member name") }
            window.start += 1
            guard let valueStart = try peekByte() else { throw syntax("the text ends before the value of “\(key)”") }
            if key == arrayKey {
                guard valueStart == UInt8(ascii: "[") else {
                    throw invalid("The “\(arrayKey)” member is not an array", atLine: line)
                }
                window.start += 1
                return true
            }
            let value = try parseSlice { cursor throws(JSONSyntaxError) -> JSONScalar in try cursor.scalar() }
            if case .string(let text) = value, topLevelStrings.count < 16 { topLevelStrings[key] = text }
        }
    }

    /// Checks the members after the array and that nothing follows the top-level object.
    private func finishDocument() throws {
        state = .done
        if try readMembersUntilArray(first: false) {
            throw invalid("The document has two “\(arrayKey)” arrays", atLine: line)
        }
        if try peekByte() != nil { throw syntax("text follows the end of the JSON document") }
    }

    /// Slices the value at the window's start, parses it with `parse` (which must consume it
    /// whole) and moves past it.
    private func parseSlice<T>(_ parse: (inout JSONCursor) throws(JSONSyntaxError) -> T) throws -> T {
        let extent = try sliceValue()
        let element = JSONElement(
            bytes: UnsafeBufferPointer(start: window.base + window.start, count: extent.length), index: 0, line: line)
        var cursor = JSONCursor(element.bytes)
        do throws(JSONSyntaxError) {
            let value = try parse(&cursor)
            guard cursor.atEnd() else { throw cursor.error("unexpected text after a value") }
            window.start += extent.length
            line += extent.newlines
            return value
        } catch {
            throw self.error(error, in: element)
        }
    }

    // MARK: Bytes

    /// The next byte that is not white space, not consumed; `nil` at the end of the file.
    private func peekByte() throws -> UInt8? {
        while true {
            while window.start < window.end {
                switch window.base[window.start] {
                case 0x0A:
                    line += 1
                    window.start += 1
                case 0x20, 0x09, 0x0D:
                    window.start += 1
                case let byte:
                    return byte
                }
            }
            if !(try window.refill()) { return nil }
        }
    }

    /// The extent of the value starting at the window's start (a container, string or scalar),
    /// reading more of the file until it is in the window whole.
    private func sliceValue() throws -> (length: Int, newlines: Int) {
        var position = 0
        var newlines = 0
        var depth = 0
        var inString = false
        let first = window.base[window.start]
        let isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        while true {
            let available = window.end - window.start
            let bytes = window.base + window.start
            if isScalar {
                while position < available {
                    switch bytes[position] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                        return (position, 0)
                    default: position += 1
                    }
                }
                if !(try window.refill()) { return (position, 0) }
                continue
            }
            scan: while position < available {
                let byte = bytes[position]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        if position + 1 >= available { break scan }
                        position += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return (position + 1, newlines) }
                    } else if byte == 0x0A {
                        newlines += 1
                    }
                    position += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return (position + 1, newlines) }
                case 0x0A: newlines += 1
                default: break
                }
                position += 1
            }
            if !(try window.refill()) { throw syntax("the text ends inside a value", atLine: line + newlines) }
        }
    }

    private func invalid(_ reason: String, atLine line: Int? = nil) -> FootprintStoreError {
        .invalidInput(path: path, line: line, reason: reason)
    }

    private func syntax(_ reason: String, atLine line: Int? = nil) -> FootprintStoreError {
        .invalidInput(path: path, line: line ?? self.line, reason: "Invalid JSON: \(reason)")
    }
}
