import Foundation
import Testing

/// `footprint geo transform`, run as a process. Expected numbers are PROJ's `cs2cs` (9.1.1) at the
/// same rounding, with `-r`/`-s` putting each CRS in x,y order, e.g.
/// `echo "126.9779 37.5663" | cs2cs -r -s -f %.3f EPSG:4326 EPSG:5186`.
@Suite struct GeoTransformTests {
    @Test func argumentsToKorea2000() throws {
        let result = try CLI.run([
            "geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5186", "126.9779,37.5663", "129.0413,35.1151",
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "198047.527,551862.835\n386098.654,281771.658\n")
    }

    /// `echo "-58.38 -34.6" | cs2cs -r -f %.3f EPSG:4326 EPSG:3857` → -6498831.873 -4109654.734
    @Test func negativePositionalAfterDoubleDash() throws {
        let result = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--", "-58.38,-34.6"])
        #expect(result.status == 0)
        #expect(result.stdout == "-6498831.873,-4109654.734\n")
    }

    @Test func negativePositionalWithoutDoubleDashIsAnOptionError() throws {
        let result = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "-58.38,-34.6"])
        #expect(result.status != 0)
        #expect(result.stdout == "")
    }

    @Test func jsonAtFullPrecision() throws {
        let result = try CLI.run([
            "geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "--json", "--", "-58.38,-34.6", "0,0",
        ])
        #expect(result.status == 0)
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Double]])
        #expect(decoded.count == 2)
        // cs2cs -f %.9f: -6498831.872511311 -4109654.733552665
        #expect(abs(decoded[0]["x"]! - -6_498_831.872511311) < 1e-6)
        #expect(abs(decoded[0]["y"]! - -4_109_654.733552665) < 1e-6)
        #expect(decoded[1] == ["x": 0, "y": 0])
        // Full precision: more than the 3 decimals of the text output.
        #expect(result.stdout.contains("-6498831.8725"))
    }

    /// TM128 to WGS84 from stdin, like cs2cs: blank lines skipped, CRLF accepted, degrees to
    /// 9 decimals. `echo "309946 552085" | cs2cs -s -f %.9f +proj=tmerc … +to EPSG:4326`.
    @Test func stdinLines() throws {
        let result = try CLI.run(
            ["geo", "transform", "--from", "katec", "--to", "EPSG:4326"],
            input: "309946,552085\n\n   \r\n 309901.063487 , 552051.249017 \r\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "126.978404488,37.566608429\n126.977900034,37.566299958\n")
    }

    @Test func stdinToProjectedAndBack() throws {
        let forward = try CLI.run(
            ["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5179"], input: "126.9779,37.5663\n")
        #expect(forward.stdout == "953892.211,1952009.941\n")
        let back = try CLI.run(["geo", "transform", "--from", "EPSG:5179", "--to", "EPSG:4326"], input: forward.stdout)
        // 1 mm of rounding in the input moves the degrees by ~1e-8.
        let parts = back.stdout.trimmingCharacters(in: .newlines).split(separator: ",").compactMap { Double($0) }
        #expect(parts.count == 2)
        #expect(abs(parts[0] - 126.9779) < 2e-8 && abs(parts[1] - 37.5663) < 2e-8)
    }

    @Test func emptyStdinPrintsNothing() throws {
        let result = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857"], input: "\n\n")
        #expect(result.status == 0)
        #expect(result.stdout == "")
    }

    @Test func badStdinLineIsNamed() throws {
        let result = try CLI.run(
            ["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857"], input: "126.9,37.5\n\n126.9;37.5\n")
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: <stdin>:3: The text “126.9;37.5” is not an X,Y pair of numbers.\n")
    }

    @Test func failedPointOnStdinIsNamed() throws {
        let result = try CLI.run(
            ["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5186"], input: "126,37\n126,95\n")
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: <stdin>:2: The latitude 95 is outside -90…90 degrees.\n"
        )
    }

    @Test func latLonGivenForLonLatGetsAHint() throws {
        let result = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:5186", "37.5663,126.9779"])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: The latitude 126.9779 is out of range"))
        #expect(result.stderr.contains("geographic positions are LON,LAT here"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        ("EPSG:99999", "Error: The CRS “EPSG:99999” is not known to PROJ (proj_create: crs not found).\n"),
        (
            "EPSG:abc",
            "Error: The CRS “EPSG:abc” is invalid: an EPSG code is EPSG: followed by a number, as in EPSG:5186.\n"
        ),
        (
            "tm129",
            "Error: The CRS “tm129” is invalid: use EPSG:n, tm128 or katec, a +proj= string, or AUTHORITY:CODE such as ESRI:102100.\n"
        ),
    ])
    func unknownCRSIsOneSentence(crs: String, expected: String) throws {
        let result = try CLI.run(["geo", "transform", "--from", crs, "--to", "EPSG:4326", "1,2"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == expected)
    }

    @Test func badPositionalIsASyntaxError() throws {
        let result = try CLI.run(["geo", "transform", "--from", "EPSG:4326", "--to", "EPSG:3857", "1,2,3"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "Error: The value “1,2,3” is invalid for “<positions>”; see “footprint geo transform --help”.\n")
    }

    @Test func helpExplainsTheAxisOrder() throws {
        let result = try CLI.run(["geo", "transform", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("LON,LAT"))
        #expect(result.stdout.contains("tm128"))
        let group = try CLI.run(["geo", "--help"])
        #expect(group.stdout.contains("transform"))
    }
}
