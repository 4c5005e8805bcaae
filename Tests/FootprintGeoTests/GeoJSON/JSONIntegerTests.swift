import FootprintGeo
import Testing

/// Whole numbers beyond 2⁵³ (9007199254740993 is not a double) are written and passed through
/// digit for digit, as JavaScript's BigInt-aware tools and PostgreSQL's bigint do.
@Suite struct JSONIntegerTests {
    @Test(arguments: [
        (Int64(9_007_199_254_740_993), "9007199254740993"),
        (Int64.max, "9223372036854775807"),
        (Int64.min, "-9223372036854775808"),
        (Int64(0), "0"),
        (Int64(-42), "-42"),
    ])
    func integersAreWrittenExactly(_ value: Int64, _ text: String) {
        #expect(JSONValue.integer(value).serialized() == text)
        #expect(JSONValue.array([.integer(value)]).serialized() == "[\(text)]")
    }

    /// The double nearest 9007199254740993 is 9007199254740992: `.number` cannot say the odd one.
    @Test func aDoubleCannotHoldIt() {
        #expect(JSONValue.number(Double(9_007_199_254_740_993 as Int64)).serialized() != "9007199254740993")
    }

    @Test(arguments: [
        ("9007199254740993", JSONValue.integer(9_007_199_254_740_993)),
        ("-9007199254740995", .integer(-9_007_199_254_740_995)),
        ("9223372036854775807", .integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        // Written with a fraction or an exponent, or beyond Int64: a double, as before.
        ("9007199254740993.0", .number(9_007_199_254_740_992)),
        ("9.007199254740993e15", .number(9_007_199_254_740_992)),
        ("99999999999999999999", .number(1e20)),
        // Below 2⁵³ a double is exact: numbers stay numbers.
        ("12345", .number(12345)),
    ])
    func largeIntegerLiteralsAreReadExactly(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test func aLargeIntegerRoundTrips() throws {
        let text = #"{"id":9007199254740993,"likes":[18446744073709551,9223372036854775807]}"#
        #expect(try JSONValue(parsing: text).serialized() == text)
    }

    /// A Feature's id and properties keep their digits through the decoder and the encoder.
    @Test func aFeatureKeepsALargeIdAndProperty() throws {
        let text =
            #"{"type":"Feature","id":9007199254740993,"geometry":{"type":"Point","coordinates":[127,37.5]},"#
            + #""properties":{"likes":9007199254740995}}"#
        let object = try GeoJSONDecoder().decode(text)
        guard case .feature(let feature) = object else {
            Issue.record("expected a Feature")
            return
        }
        #expect(feature.id == .integer(9_007_199_254_740_993))
        #expect(feature.property("likes") == .integer(9_007_199_254_740_995))
        #expect(GeoJSONEncoder().encode(object) == text)
    }
}
