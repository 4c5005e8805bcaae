import Foundation
import Testing

/// `footprint geo destination` end to end, against GeographicLib 2.1 (`Geodesic.WGS84.Direct`).
@Suite struct GeoDestinationCommandTests {
    @Test func printsThePointAndTheFinalBearing() throws {
        let result = try CLI.run([
            "geo", "destination", "--from", "37.5665,126.9780", "--bearing", "143.97246166548854",
            "--distance", "324915.2974531313",
        ])
        #expect(result.status == 0)
        // Back to Busan (35.1796,129.0756), arriving at GeographicLib's azi2 145.21678400831019.
        #expect(result.stdout == "35.17960000,129.07560000  final 145.2168°\n")
    }

    @Test func takesANegativeBearingAsOptionValue() throws {
        let result = try CLI.run([
            "geo", "destination", "--from", "37.5665,126.978", "--bearing", "-45", "--distance", "1000", "--json",
        ])
        #expect(result.status == 0)
        let keys = try #require(try? Regex(#"\"([a-z_]+)\":"#))
        #expect(
            result.stdout.matches(of: keys).map { String($0.output[1].substring!) } == [
                "lat", "lon", "final_bearing_deg",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        // GeographicLib: lat2 37.572870728707876, lon2 126.96999557106972, azi2 -45.0048805075327.
        #expect(abs(try #require(object["lat"]) - 37.572_870_728_707_876) < 1e-12)
        #expect(abs(try #require(object["lon"]) - 126.969_995_571_069_72) < 1e-12)
        #expect(abs(try #require(object["final_bearing_deg"]) - 314.995_119_492_467_3) < 1e-9)
    }

    @Test func startsFromASouthernPoint() throws {
        let result = try CLI.run([
            "geo", "destination", "--from", "-33.87,151.21", "--bearing", "-120.5", "--distance", "5e6", "--json",
        ])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        // GeographicLib: lat2 -43.84168356170668, lon2 93.81890849665511, azi2 -82.45277188681891.
        #expect(abs(try #require(object["lat"]) + 43.841_683_561_706_68) < 1e-12)
        #expect(abs(try #require(object["lon"]) - 93.818_908_496_655_11) < 1e-12)
        #expect(abs(try #require(object["final_bearing_deg"]) - (360 - 82.452_771_886_818_91)) < 1e-9)
    }

    /// A negative distance goes backwards along the same geodesic, as in GeodSolve: 5 km back
    /// on bearing 10 is 5 km forward on bearing 190 (GeographicLib 2.1: lat2 37.52213403417662,
    /// lon2 126.96817819773595).
    @Test func aNegativeDistanceGoesBackwards() throws {
        let result = try CLI.run([
            "geo", "destination", "--from", "37.5665,126.978", "--bearing", "10", "--distance", "-5000", "--json",
        ])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        #expect(abs(try #require(object["lat"]) - 37.522_134_034_176_62) < 1e-12)
        #expect(abs(try #require(object["lon"]) - 126.968_178_197_735_95) < 1e-12)
    }

    @Test(arguments: [
        (
            ["--from", "37.5665,126.978", "--bearing", "10", "--distance", "1e300"],
            "Error: The distance 1e+300 is invalid: give at most 100000000 metres (100 000 km) either way, "
                + "as beyond that a double cannot hold a distance to GeographicLib's 15 nm accuracy.\n"
        ),
        (
            ["--from", "37.5665,126.978", "--bearing", "10", "--distance", "-1e20"],
            "Error: The distance -1e+20 is invalid: give at most 100000000 metres (100 000 km) either way, "
                + "as beyond that a double cannot hold a distance to GeographicLib's 15 nm accuracy.\n"
        ),
        (
            ["--from", "37.5665,126.978", "--bearing", "10", "--distance", "nan"],
            "Error: The distance nan is invalid: give a finite number of metres.\n"
        ),
        (
            ["--from", "37.5665,126.978", "--bearing", "10", "--distance", "inf"],
            "Error: The distance inf is invalid: give a finite number of metres.\n"
        ),
        (
            ["--from", "37.5665,126.978", "--bearing", "inf", "--distance", "5"],
            "Error: The bearing inf is invalid: give degrees clockwise from north.\n"
        ),
        (
            ["--from", "126.97,37.56", "--bearing", "10", "--distance", "5"],
            "Error: The latitude 126.97 is out of range and the longitude 37.56 looks like a latitude: "
                + "give the point as LAT,LON (37.56,126.97).\n"
        ),
    ])
    func rejectsBadValuesInOneSentence(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(["geo", "destination"] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }
}
