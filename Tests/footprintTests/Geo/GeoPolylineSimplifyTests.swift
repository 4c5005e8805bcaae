import Foundation
import Testing

/// `geo polyline` and `geo simplify` on the built binary. References: Google's polyline spec
/// example; shapely 2.2.0 `simplify(1e-5, preserve_topology=False)` for the degree tolerance.
@Suite struct GeoPolylineSimplifyTests {
    static let googleLine = #"{"type":"LineString","coordinates":[[-120.2,38.5],[-120.95,40.7],[-126.453,43.252]]}"#

    @Test func encodesGooglesExample() throws {
        let result = try CLI.run(["geo", "polyline", "encode"], input: Self.googleLine)
        #expect(result.status == 0)
        #expect(result.stdout == "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n")
    }

    @Test func decodesGooglesExample() throws {
        let result = try CLI.run(["geo", "polyline", "decode"], input: "_p~iF~ps|U_ulLnnqC_mqNvxq`@\n")
        #expect(result.stdout == Self.googleLine + "\n")
    }

    @Test func precisionSixRoundTrips() throws {
        let line =
            #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[126.978012,37.566535],[-0.000001,-33.87]]}}"#
        let encoded = try CLI.run(["geo", "polyline", "encode", "--precision", "6"], input: line)
        let decoded = try CLI.run(["geo", "polyline", "decode", "--precision", "6"], input: encoded.stdout)
        #expect(
            decoded.stdout == #"{"type":"LineString","coordinates":[[126.978012,37.566535],[-0.000001,-33.87]]}"# + "\n"
        )
    }

    @Test func emptyStringIsTheEmptyLine() throws {
        #expect(
            try CLI.run(["geo", "polyline", "decode"], input: "").stdout == #"{"type":"LineString","coordinates":[]}"#
                + "\n")
        #expect(
            try CLI.run(["geo", "polyline", "encode"], input: #"{"type":"LineString","coordinates":[]}"#).stdout == "\n"
        )
        let one = try CLI.run(
            ["geo", "polyline", "encode"], input: #"{"type":"LineString","coordinates":[[127,37.5]]}"#)
        // python polyline 2.0.4: polyline.encode([(37.5, 127)], 5)
        #expect(one.stdout == "_f{cF_ucfW\n")
    }

    @Test func badInputIsOneSentence() throws {
        let bad = try CLI.run(["geo", "polyline", "decode"], input: "abc!")
        #expect(bad.status != 0)
        #expect(
            bad.stderr
                == "Error: <stdin>: The encoded polyline is invalid at character 4: “!” is not a polyline character (? to ~).\n"
        )
        let json = try CLI.run(["geo", "polyline", "encode"], input: #"{"type":"Point","coordinates":[1,2]}"#)
        #expect(json.status != 0)
        #expect(json.stderr == "Error: <stdin>: (root): Expected a LineString, got a Point.\n")
        let broken = try CLI.run(
            ["geo", "polyline", "encode"], input: #"{"type":"LineString","coordinates":[[1,2],[3,"x"]]}"#)
        #expect(broken.stderr == "Error: <stdin>: coordinates[1][1]: Expected a number, got a string.\n")
        let truncated = try CLI.run(["geo", "polyline", "encode"], input: #"{"type":"LineString","#)
        #expect(
            truncated.stderr
                == "Error: <stdin>:1:22: Invalid JSON: expected a member name in double quotes, found the end of the text.\n"
        )
        #expect(json.stderr.split(separator: "\n").count == 1)
        let precision = try CLI.run(["geo", "polyline", "decode", "--precision", "7"], input: "")
        #expect(precision.stderr == "Error: The precision 7 is invalid: an encoded polyline uses 5 or 6 digits.\n")
    }

    @Test func simplifyInDegreesKeepsWhatShapelyKeeps() throws {
        // shapely.LineString([(127,37.5),(127.0001,37.50001),(127.0002,37.5),(127.01,37.5)])
        //   .simplify(1e-5, preserve_topology=False) keeps points 0, 1 and 3.
        let input =
            #"{"type":"LineString","coordinates":[[127,37.5],[127.0001,37.50001],[127.0002,37.5],[127.01,37.5]]}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance-deg", "0.00001"], input: input)
        #expect(
            result.stdout == #"{"type":"LineString","coordinates":[[127,37.5],[127.0001,37.50001],[127.01,37.5]]}"#
                + "\n")
    }

    @Test func simplifyInMetresKeepsFeatureProperties() throws {
        let input =
            #"{"type":"Feature","properties":{"이름":"산책"},"geometry":{"type":"LineString","coordinates":[[127,37.5],[127.0001,37.50001],[127.0002,37.5],[127.01,37.5]]}}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance", "5"], input: input)
        #expect(
            result.stdout
                == #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[127,37.5],[127.01,37.5]]},"properties":{"이름":"산책"}}"#
                + "\n")
    }

    /// A ring is kept at 4 positions rather than dropped, as GEOS's TopologyPreservingSimplifier
    /// (shapely `simplify(0.001, preserve_topology=True)` gives this very polygon back).
    @Test func simplifyKeepsSmallRings() throws {
        let input =
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],[[0.5,0.5],[0.500001,0.5],[0.5,0.500001],[0.5,0.5]]]}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance-deg", "0.001"], input: input)
        // The hole is written clockwise, as RFC 7946 §3.1.6 wants it.
        #expect(
            result.stdout
                == #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]],[[0.5,0.5],[0.5,0.500001],[0.500001,0.5],[0.5,0.5]]]}"#
                + "\n")
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (["--tolerance", "-1"], "Error: The tolerance -1 is invalid: give a finite number of metres, 0 or more.\n"),
        (["--tolerance", "inf"], "Error: The tolerance inf is invalid: give a finite number of metres, 0 or more.\n"),
        (["--tolerance", "nan"], "Error: The tolerance nan is invalid: give a finite number of metres, 0 or more.\n"),
        (
            ["--tolerance-deg", "-0.5"],
            "Error: The tolerance-deg -0.5 is invalid: give a finite number of degrees, 0 or more.\n"
        ),
    ])
    func simplifyRejectsToleranceThatIsNotAFiniteNumberOrNegative(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(["geo", "simplify"] + arguments, input: "")
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    /// A tolerance larger than the Earth keeps the ends only, as shapely's simplify(1e300) does.
    @Test func aHugeToleranceKeepsTheEnds() throws {
        let input = #"{"type":"LineString","coordinates":[[126.9,37.5],[127,37.6],[127.1,37.5]]}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance", "1e300"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"type":"LineString","coordinates":[[126.9,37.5],[127.1,37.5]]}"# + "\n")
    }
}

/// `geo transform` checks geographic input before PROJ sees it (PROJ projects a latitude of 500
/// without a word); positions stay LON,LAT, and the swap hint says so.
@Suite struct GeoTransformRangeTests {
    @Test func outOfRangeGeographicInputIsOneSentence() throws {
        let argument = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5186", "500,37"])
        #expect(argument.status != 0)
        #expect(argument.stderr == "Error: The longitude 500 is outside -180…180 degrees.\n")
        let stdin = try CLI.run(
            ["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857"], input: "127,37\n0,95\n")
        #expect(stdin.stderr == "Error: <stdin>:2: The latitude 95 is outside -90…90 degrees.\n")
        #expect(stdin.stdout.isEmpty)
        let swapped = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5186", "37.56,126.97"])
        #expect(swapped.stderr.contains("geographic positions are LON,LAT here (126.97,37.56)"))
    }
}

@Suite struct GeoSimplifyRangeTests {
    @Test func outOfRangePositionsAreRefusedNotRewritten() throws {
        let result = try CLI.run(
            ["geo", "simplify", "--tolerance", "1"], input: #"{"type":"LineString","coordinates":[[0,0],[500,1]]}"#)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: <stdin>: coordinates[1]: The longitude 500 is outside -180…180 degrees.\n")
        let collection = try CLI.run(
            ["geo", "simplify", "--tolerance", "1"],
            input: #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":null,"#
                + #""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[-200.5,1],[0,0]]]}}]}"#)
        #expect(
            collection.stderr
                == "Error: <stdin>: features[0].geometry.coordinates[0][2]: The longitude -200.5 is outside -180…180 degrees.\n"
        )
    }
}
