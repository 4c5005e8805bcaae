import Foundation
import Testing

/// `footprint geo validate`, run as the built binary on the fixtures of `Fixtures/geo-validate`.
@Suite struct GeoValidateTests {
    /// The fixture folder; the binary runs there so that messages name files as given.
    static let folder: URL = Bundle.module.url(
        forResource: "geo-validate", withExtension: nil, subdirectory: "Fixtures")!

    func validate(_ arguments: [String], input: String? = nil) throws -> CLIResult {
        try CLI.run(["geo", "validate"] + arguments, input: input, directory: Self.folder)
    }

    @Test func aValidFileExitsZeroAndSaysSo() throws {
        let result = try validate(["valid.geojson"])
        #expect(result.status == 0)
        #expect(result.stdout == "valid.geojson: valid\n")
        #expect(result.stderr == "")
    }

    @Test func anInvalidFileListsEveryErrorWithPathAndPlace() throws {
        let result = try validate(["invalid.geojson"])
        #expect(result.status == 1)
        #expect(result.stdout == "invalid.geojson: invalid, 4 errors\n")
        #expect(
            result.stderr == """
                invalid.geojson:13:25: features[1].geometry.coordinates[0]: A linear ring needs 4 or more positions, got 3.
                invalid.geojson:18:15: features[2].type: The type “feature” is not a GeoJSON type; type names are case-sensitive: “Feature”.
                invalid.geojson:24:67: features[3].geometry.coordinates[0][1]: Expected a number, got a string.
                invalid.geojson:26:22: features[3].coordinates: A Feature must not have a “coordinates” member (RFC 7946 §7.1).

                """)
    }

    @Test func warningsDoNotFail() throws {
        let result = try validate(["warning.geojson"])
        #expect(result.status == 0)
        #expect(result.stdout == "warning.geojson: valid with 2 warnings\n")
        #expect(
            result.stderr == """
                warning.geojson:3:10: crs: Warning: the “crs” member was removed from GeoJSON (RFC 7946 §4); coordinates are always WGS84 longitude, latitude.
                warning.geojson:9:25: features[0].geometry.coordinates[0]: Warning: the exterior ring is clockwise; RFC 7946 §3.1.6 asks for counterclockwise exteriors (right-hand rule).

                """)
    }

    @Test func nonJSONIsOneLineWithItsPlace() throws {
        let result = try validate(["nan.geojson"])
        #expect(result.status == 1)
        #expect(result.stderr == "nan.geojson:1:35: Invalid JSON: NaN is not a JSON number.\n")
    }

    @Test func everyFileIsCheckedAndOneFailureFailsTheRun() throws {
        let result = try validate(["valid.geojson", "missing.geojson", "nan.geojson", "warning.geojson"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "valid.geojson: valid\nnan.geojson: invalid, 1 error\nwarning.geojson: valid with 2 warnings\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "missing.geojson: There is no such file.")
        #expect(lines.count == 4)
        #expect(!result.stderr.contains("Usage"))
    }

    @Test func aDirectoryIsOneSentence() throws {
        let result = try CLI.run(["geo", "validate", "."], directory: Self.folder)
        #expect(result.status == 1)
        #expect(result.stderr == ".: The path is a directory, not a file.\n")
    }

    @Test(arguments: [[String](), ["-"]])
    func standardInputIsReadWithoutAFileOrWithADash(arguments: [String]) throws {
        let valid = try validate(arguments, input: #"{"type":"Point","coordinates":[126.978,37.5665]}"#)
        #expect(valid.status == 0)
        #expect(valid.stdout == "<stdin>: valid\n")
        let invalid = try validate(arguments, input: #"{"type":"LineString","coordinates":[[126.978,37.5665]]}"#)
        #expect(invalid.status == 1)
        #expect(
            invalid.stderr
                == "<stdin>:1:36: coordinates: A LineString needs 2 or more positions (or none), got 1.\n"
        )
    }

    @Test func jsonReportsEveryFile() throws {
        let result = try validate(["--json", "warning.geojson", "nan.geojson"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == #"[{"file":"warning.geojson","valid":true,"errors":[],"warnings":[{"path":"crs","message":"the “crs” member was removed from GeoJSON (RFC 7946 §4); coordinates are always WGS84 longitude, latitude","line":3,"column":10},{"path":"features[0].geometry.coordinates[0]","message":"the exterior ring is clockwise; RFC 7946 §3.1.6 asks for counterclockwise exteriors (right-hand rule)","line":9,"column":25}]},{"file":"nan.geojson","valid":false,"errors":[{"path":"","message":"invalid JSON: NaN is not a JSON number","line":1,"column":35}],"warnings":[]}]"#
                + "\n")
    }

    @Test func helpSaysHowStandardInputIsRead() throws {
        let result = try CLI.run(["geo", "validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("With no FILE, or with `-`, standard input is read"))
        #expect(try CLI.run(["geo", "--help"]).stdout.contains("validate"))
    }
}
