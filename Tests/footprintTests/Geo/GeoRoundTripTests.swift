import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

/// `geo` commands print what they read: a polyline decodes to exactly its positions, and
/// `geo simplify` changes nothing but the points it drops unless asked (`--split-antimeridian`)
/// or it says so (rings rewound to RFC 7946's right-hand rule, on stderr).
@Suite struct GeoRoundTripTests {
    static let poleToPole = #"{"type":"LineString","coordinates":[[180,90],[-180,-90]]}"#

    @Test func aLineFromPoleToPoleAtTheAntimeridianDecodesAsEncoded() throws {
        let encoded = try CLI.run(["geo", "polyline", "encode"], input: Self.poleToPole)
        #expect(encoded.status == 0)
        let decoded = try CLI.run(["geo", "polyline", "decode"], input: encoded.stdout)
        #expect(decoded.stdout == Self.poleToPole + "\n")
        let again = try CLI.run(["geo", "polyline", "encode"], input: decoded.stdout)
        #expect(again.stdout == encoded.stdout)
    }

    @Test func splittingAtTheAntimeridianIsAnOption() throws {
        // 170 → -170 crosses; RFC 7946 §3.1.9's own example cuts it at ±180.
        let line = #"{"type":"LineString","coordinates":[[170,45],[-170,45]]}"#
        let encoded = try CLI.run(["geo", "polyline", "encode"], input: line).stdout
        #expect(try CLI.run(["geo", "polyline", "decode"], input: encoded).stdout == line + "\n")
        let split = try CLI.run(["geo", "polyline", "decode", "--split-antimeridian"], input: encoded)
        #expect(
            split.stdout == #"{"type":"MultiLineString","coordinates":[[[170,45],[180,45]],[[-180,45],[-170,45]]]}"#
                + "\n")
        // A step from 180 to -180 runs along the antimeridian: no position is lost by the split.
        let poles = try CLI.run(["geo", "polyline", "encode"], input: Self.poleToPole).stdout
        #expect(
            try CLI.run(["geo", "polyline", "decode", "--split-antimeridian"], input: poles).stdout
                == #"{"type":"LineString","coordinates":[[180,90],[180,-90]]}"# + "\n")
    }

    /// decode | encode gives back the input for every valid polyline: seeded random lines of
    /// 0–40 positions at both precisions, with repeated points, ±180 and ±90 among them.
    @Test(arguments: [5, 6])
    func decodeThenEncodeGivesTheInputBack(precision: Int) throws {
        var random = SeededGenerator(seed: UInt64(precision))
        let special: [Double] = [180, -180, 0]
        for _ in 0..<12 {
            var coordinates: [Coordinate] = []
            for _ in 0..<Int(random.next() % 41) {
                let longitude =
                    random.next() % 4 == 0
                    ? special[Int(random.next() % 3)] : Double(Int64(random.next() % 36_000_001) - 18_000_000) / 1e5
                let latitude = Double(Int64(random.next() % 18_000_001) - 9_000_000) / 1e5
                let coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
                coordinates.append(coordinate)
                if random.next() % 5 == 0 { coordinates.append(coordinate) }
            }
            let encoded = try Polyline.encode(coordinates, precision: precision)
            let decoded = try CLI.run(["geo", "polyline", "decode", "--precision", "\(precision)"], input: encoded)
            #expect(decoded.status == 0)
            let again = try CLI.run(
                ["geo", "polyline", "encode", "--precision", "\(precision)"], input: decoded.stdout)
            #expect(again.stdout == encoded + "\n", "\(decoded.stdout)")
        }
    }

    @Test func simplifyKeepsLongitudesAsRead() throws {
        let line = #"{"type":"LineString","coordinates":[[179,1],[179.5,1.5],[-179,1]]}"#
        let kept = try CLI.run(["geo", "simplify", "--tolerance-deg", "0.01"], input: line)
        #expect(kept.stdout == line + "\n")
        #expect(kept.stderr.isEmpty)
        let split = try CLI.run(["geo", "simplify", "--tolerance-deg", "0.01", "--split-antimeridian"], input: line)
        #expect(
            split.stdout
                == #"{"type":"MultiLineString","coordinates":[[[179,1],[179.5,1.5],[180,1.333333]],[[-180,1.333333],[-179,1]]]}"#
                + "\n")
    }

    @Test func rewoundRingsAreCountedOnStderr() throws {
        let clockwise = #"{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[1,0],[0,0]]]}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance", "10"], input: clockwise)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}"# + "\n")
        #expect(
            result.stderr
                == "Warning: <stdin>: 1 ring was rewound to the right-hand rule (RFC 7946 §3.1.6: exteriors counterclockwise, holes clockwise).\n"
        )
        let counterclockwise = #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}"#
        #expect(try CLI.run(["geo", "simplify", "--tolerance", "10"], input: counterclockwise).stderr.isEmpty)
    }
}
