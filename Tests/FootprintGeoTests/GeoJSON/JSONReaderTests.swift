import FootprintGeo
import Testing

/// The strict JSON reader under the GeoJSON decoder (RFC 8259), checked against the standard
/// library's correctly rounded `Double(String)` (strtod) for numbers.
@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValueInOrder() throws {
        let value = try JSONValue(
            parsing: #" {"b": [1, -2.5, 1e3, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"} "#)
        #expect(
            value
                == .object([
                    (
                        key: "b",
                        value: .array([.number(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null])
                    ),
                    (key: "a", value: .string("x\"\\/\u{08}\u{0C}\n\r\t\u{E9}😀")),
                ]))
    }

    /// Numbers as JSON writes them, from a fixed pseudo-random sequence: integer and fraction
    /// digits (up to 25 significant digits, beyond the fast path's 19), exponents, signs.
    static let numberTexts: [String] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var texts: [String] = [
            "0", "-0", "0.0", "1", "9007199254740993", "0.1", "0.30000000000000004", "126.978032",
            "37.566496", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
            "123456789012345678901234567890",
            "0.000000000000000000000000000001", "1e22", "1e23", "8.98846567431158e307",
        ]
        for _ in 0..<20_000 {
            var text = next(2) == 0 ? "-" : ""
            let integerDigits = next(4) == 0 ? 1 : 1 + next(12)
            text +=
                next(3) == 0
                ? "0" : String(1 + next(9)) + String((1..<integerDigits).map { _ in Character(String(next(10))) })
            if next(3) != 0 { text += "." + String((0...next(15)).map { _ in Character(String(next(10))) }) }
            if next(4) == 0 { text += ["e", "E"][next(2)] + ["", "+", "-"][next(3)] + String(next(40)) }
            texts.append(text)
        }
        return texts
    }()

    @Test func numbersAreCorrectlyRounded() throws {
        let parsed = try JSONValue(parsing: "[" + Self.numberTexts.joined(separator: ",") + "]")
        guard case .array(let values) = parsed else { Issue.record("expected an array"); return }
        #expect(values.count == Self.numberTexts.count)
        var mismatches: [String] = []
        for (text, value) in zip(Self.numberTexts, values) {
            // Whole numbers beyond 2⁵³ that fit an Int64 are kept digit for digit (JSONIntegerTests).
            if case .integer(let integer) = value, Int64(text) == integer { continue }
            guard case .number(let number) = value, let reference = Double(text),
                number.bitPattern == reference.bitPattern
            else { mismatches.append(text); continue }
        }
        #expect(mismatches == [])
    }

    @Test(arguments: [
        ("", 1, 1, "the text is empty; expected a JSON value"),
        ("[1 2]", 1, 4, "expected “,” or “]” after an array element, found “2”"),
        ("[01]", 1, 3, "a number must not have leading zeros"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found “]”"),
        ("[.5]", 1, 2, "expected a value, found “.”"),
        ("[+1]", 1, 2, "expected a value, found “+”"),
        ("[-]", 1, 3, "expected a digit in a number, found “]”"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found “]”"),
        ("[1e400]", 1, 2, "the number is too large for a double"),
        ("[-Infinity]", 1, 2, "-Infinity is not a JSON number"),
        ("{\"a\" 1}", 1, 6, "expected “:” after a member name, found “1”"),
        ("{\"a\": 1,}", 1, 8, "a trailing comma is not allowed in JSON"),
        ("{1: 2}", 1, 2, "expected a member name in double quotes, found “1”"),
        ("[\"a\tb\"]", 1, 4, "a control character (0x9) must be escaped inside a string"),
        ("[\"\\x\"]", 1, 4, "\\x is not a JSON escape"),
        ("[\"\\ud800\"]", 1, 3, "a \\u escape holds a high surrogate without its low surrogate"),
        ("[\"\\udc00\"]", 1, 3, "a \\u escape holds a lone low surrogate"),
        ("[\"\\u12g4\"]", 1, 3, "a \\u escape needs four hex digits"),
        ("[\"abc", 1, 2, "a string is not closed before the end of the text"),
        ("[1] [2]", 1, 5, "more text follows the JSON value"),
        ("[1,\n 2,\n", 3, 1, "the text ends where a value was expected"),
        ("[tru]", 1, 2, "expected a value, found “t”"),
        ("{\"경로\": 서울}", 1, 8, "expected a value, found “서”"),
    ])
    func refusesWhatIsNotJSON(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: GeoJSONError.invalidJSON(line: line, column: column, reason: reason)) {
            try JSONValue(parsing: text)
        }
    }

    @Test func refusesInvalidUTF8() {
        let bytes: [UInt8] = Array("[\"".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: GeoJSONError.invalidJSON(line: 1, column: 3, reason: "the text is not valid UTF-8 (byte 0xC3)"))
        {
            try JSONValue(parsing: bytes)
        }
        let surrogate: [UInt8] = Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)
        #expect(throws: GeoJSONError.invalidJSON(line: 1, column: 3, reason: "the text is not valid UTF-8 (byte 0xED)"))
        {
            try JSONValue(parsing: surrogate)
        }
    }

    @Test func refusesNestingBeyondTheLimit() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(
            throws: GeoJSONError.invalidJSON(
                line: 1, column: 513, reason: "the values are nested deeper than 512 levels")
        ) {
            try JSONValue(parsing: deep)
        }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSONValue(parsing: fine)) != nil)
    }

    @Test func repeatedNamesKeepTheLastValueInTheFirstPlace() throws {
        let value = try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value == .object([(key: "a", value: .number(3)), (key: "b", value: .number(2))]))
        // More than 12 members: the hashed path.
        let many = "{" + (0..<20).map { "\"k\($0 % 15)\": \($0)" }.joined(separator: ",") + "}"
        guard case .object(let members) = try JSONValue(parsing: many) else {
            Issue.record("expected an object"); return
        }
        #expect(members.count == 15)
        #expect(members[0].key == "k0" && members[0].value == .number(15))
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(
            throws: GeoJSONError.invalidJSON(
                line: 2, column: 10, reason: "expected “,” or “}” after an object member, found “]”")
        ) {
            try JSONValue(parsing: "{\n\"이름\": \"값\"]")
        }
    }
}
