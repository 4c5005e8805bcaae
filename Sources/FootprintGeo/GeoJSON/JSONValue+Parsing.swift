extension JSONValue {
    /// Parses a strict RFC 8259 JSON text (UTF-8): no NaN or Infinity, no trailing commas, no
    /// comments; numbers at full double precision; object members in the order written. When a
    /// name repeats in an object the last value wins, at the place of the first (as JavaScript's
    /// `JSON.parse` does).
    ///
    /// - Throws: ``GeoJSONError/invalidJSON(line:column:reason:)`` with the place of the fault.
    public init(parsing bytes: some Collection<UInt8>) throws(GeoJSONError) {
        let result: Result<JSONValue, GeoJSONError> = withContiguousBytes(of: bytes) { buffer in
            do throws(JSONSyntaxError) {
                let tape = try JSONTape.parse(buffer)
                var path: [JSONPathComponent] = []
                var duplicates: [JSONDuplicateKey]? = nil
                return .success(tape.value(at: 0, path: &path, duplicates: &duplicates))
            } catch {
                var locator = TextLocator(bytes: buffer)
                let position = locator.position(of: error.offset)
                return .failure(.invalidJSON(line: position.line, column: position.column, reason: error.reason))
            }
        }
        self = try result.get()
    }

    /// Parses a strict RFC 8259 JSON text; see ``init(parsing:)-(Collection<UInt8>)``.
    public init(parsing text: String) throws(GeoJSONError) {
        try self.init(parsing: text.utf8)
    }
}

/// Runs `body` on the bytes of `collection`, copying them only when they are not contiguous.
func withContiguousBytes<Bytes: Collection<UInt8>, Result>(
    of collection: Bytes, _ body: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
    if let result = collection.withContiguousStorageIfAvailable(body) { return result }
    return Array(collection).withUnsafeBufferPointer(body)
}

/// One step of a JSON path: a member name or an array index.
enum JSONPathComponent: Hashable, Sendable {
    case key(String)
    case index(Int)
}

extension [JSONPathComponent] {
    /// The path as people write it: `features[3].geometry.coordinates[0][2]`; a name that is not
    /// an identifier is written as `["name"]`; the root is the empty string.
    var text: String {
        var output = ""
        for component in self {
            switch component {
            case .index(let index): output += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    if !output.isEmpty { output += "." }
                    output += key
                } else {
                    output += "[" + JSONValue.string(key).serialized() + "]"
                }
            }
        }
        return output
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$")
        }
    }
}

/// A member name written twice in one object (RFC 8259 §4: names SHOULD be unique).
struct JSONDuplicateKey {
    var key: String
    var path: String
    var offset: Int
}

extension JSONTape {
    /// The number at `index` as a ``JSONValue``: `.integer` for a whole number written without
    /// fraction or exponent that a double cannot hold exactly (beyond 2⁵³) but an Int64 can, so
    /// that an id such as 9007199254740993 passes through a command unchanged; `.number`
    /// otherwise.
    func numberValue(_ index: Int) -> JSONValue {
        let value = number(index)
        guard value.magnitude >= 0x1p53, value.magnitude <= 0x1p63 else { return .number(value) }
        var end = offset(index)
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") { end += 1 }
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        if end < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[end]) {
            return .number(value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset(index)..<end]), as: UTF8.self)
        return Int64(text).map(JSONValue.integer) ?? .number(value)
    }

    /// The value at `index` as a ``JSONValue``. When `duplicates` is not nil, repeated member
    /// names are recorded there with their paths (`path` is the path of the value at `index`).
    func value(at index: Int, path: inout [JSONPathComponent], duplicates: inout [JSONDuplicateKey]?) -> JSONValue {
        switch kind(index) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return numberValue(index)
        case .string: return .string(string(index))
        case .array:
            var values: [JSONValue] = []
            values.reserveCapacity(count(index))
            var child = index + 1
            for element in 0..<count(index) {
                if duplicates != nil { path.append(.index(element)) }
                values.append(value(at: child, path: &path, duplicates: &duplicates))
                if duplicates != nil { path.removeLast() }
                child = next(child)
            }
            return .array(values)
        case .object:
            return .object(members(of: index, path: &path, duplicates: &duplicates))
        }
    }

    /// The members of the object at `index`, each name once (last value wins, first place kept).
    func members(of index: Int, path: inout [JSONPathComponent], duplicates: inout [JSONDuplicateKey]?) -> JSONMembers {
        var members: JSONMembers = []
        members.reserveCapacity(count(index))
        // Small objects: a linear scan finds repeats faster than hashing every name.
        var positions: [String: Int]? = count(index) > 12 ? [:] : nil
        var keyNode = index + 1
        for _ in 0..<count(index) {
            let key = string(keyNode)
            let valueNode = keyNode + 1
            if duplicates != nil { path.append(.key(key)) }
            let value = value(at: valueNode, path: &path, duplicates: &duplicates)
            let existing: Int? =
                if positions != nil { positions![key] } else { members.firstIndex { $0.key == key } }
            if let existing {
                members[existing].value = value
                duplicates?.append(JSONDuplicateKey(key: key, path: path.text, offset: offset(keyNode)))
            } else {
                positions?[key] = members.count
                members.append((key: key, value: value))
            }
            if duplicates != nil { path.removeLast() }
            keyNode = next(valueNode)
        }
        return members
    }
}
