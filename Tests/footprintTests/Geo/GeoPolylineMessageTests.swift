import Foundation
import Testing

/// `geo polyline encode` errors name `<stdin>` and the JSON path of the bad position, in GeoJSON's
/// `[longitude, latitude]` terms.
@Suite struct GeoPolylineMessageTests {
    @Test(arguments: [
        (
            #"{"type":"LineString","coordinates":[[127,37.5],[37.5,127]]}"#,
            "Error: <stdin>: coordinates[1]: The latitude 127 is beyond ±90°; GeoJSON positions are "
                + "[longitude, latitude] and this one looks swapped.\n"
        ),
        (
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[127,37.5],[127,"x"]]}}"#,
            "Error: <stdin>: geometry.coordinates[1][1]: Expected a number, got a string.\n"
        ),
        (
            #"{"type":"LineString","coordinates":[[127,37.5],[127]]}"#,
            "Error: <stdin>: coordinates[1]: A position needs 2 or more numbers, got 1.\n"
        ),
        ("[1,", "Error: <stdin>:1:4: Invalid JSON: the text ends where a value was expected.\n"),
    ])
    func encodeErrorsNameStandardInputAndThePath(input: String, expected: String) throws {
        let result = try CLI.run(["geo", "polyline", "encode"], input: input)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == expected)
    }
}
