import Foundation
import Testing

@testable import FootprintGeo

/// The byte writer of point features (the export's) writes exactly what the Feature encoder
/// writes for the same Feature, for every encoder option and awkward text.
@Suite struct PointFeatureWriterTests {
    static let encoders = [
        GeoJSONEncoder(), GeoJSONEncoder(decimals: nil), GeoJSONEncoder(decimals: 2, includesBoundingBox: true),
        GeoJSONEncoder(splitsAtAntimeridian: false),
    ]
    static let coordinates = [
        Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978), Coordinate(uncheckedLatitude: -17.8, longitude: 180),
        Coordinate(uncheckedLatitude: 0, longitude: -180), Coordinate(uncheckedLatitude: 89.9999999, longitude: -0.0000004),
    ]
    /// Names as UTF-8 bytes: quotes, backslash, controls, NUL, Hangul, emoji, and invalid UTF-8
    /// (a lone continuation byte, an overlong form, a surrogate, a cut-off sequence).
    static let texts: [[UInt8]] = [
        Array("스타벅스 \"강남\" \\ 점".utf8), Array("tab\there\nnew\u{1}\u{0}end".utf8), Array("☕️🇰🇷".utf8), [],
        [0x61, 0x80, 0x62], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEC, 0x95], [0xF4, 0x90, 0x80, 0x80],
    ]

    @Test(arguments: 0..<encoders.count)
    func writesWhatTheFeatureEncoderWrites(encoderIndex: Int) {
        let encoder = Self.encoders[encoderIndex]
        for coordinate in Self.coordinates {
            for (index, text) in Self.texts.enumerated() {
                let tags = Array("야경||데이트|".utf8) + text
                let id: Int64 = [0, -1, .max, .min, 42][index % 5]
                var fast: [UInt8] = []
                text.withUnsafeBufferPointer { name in
                    tags.withUnsafeBufferPointer { tagBytes in
                        encoder.appendPointFeature(id: id, at: coordinate, to: &fast) { object in
                            object.string("name", utf8: name)
                            object.stringArray("tags", splitting: tagBytes, at: UInt8(ascii: "|"))
                            object.integer("likes", id)
                            object.stringArray("none", splitting: UnsafeBufferPointer(rebasing: tagBytes[1..<1]), at: 0x7C)
                        }
                    }
                }
                let tagList = String(decoding: tags, as: UTF8.self).split(separator: "|").map { JSONValue.string(String($0)) }
                let feature = Feature(
                    id: .integer(id), geometry: .point(Point(coordinate)),
                    properties: [
                        ("name", .string(String(decoding: text, as: UTF8.self))), ("tags", .array(tagList)),
                        ("likes", .integer(id)),
                    ])
                var reference: [UInt8] = []
                encoder.appendFeature(feature, to: &reference)
                #expect(fast == reference, "\(String(decoding: reference, as: UTF8.self))")
            }
        }
    }

    @Test func integersAreWrittenAsStringDoes() {
        for value: Int64 in [0, 7, -7, 10, 1_000_000, .max, .min, -9_007_199_254_740_993] {
            var bytes: [UInt8] = []
            JSONObjectWriter.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}
