import Foundation
import Testing

/// `footprint geo distance` end to end, against GeographicLib 2.1 (`Geodesic.WGS84.Inverse`).
@Suite struct GeoDistanceCommandTests {
    @Test func printsMetresAndBothBearings() throws {
        let result = try CLI.run(["geo", "distance", "--from", "37.5665,126.9780", "--to", "35.1796,129.0756"])
        #expect(result.status == 0)
        // GeographicLib: 324915.2974531313 m, azi1 143.97246166548854, azi2 145.21678400831019.
        #expect(result.stdout == "324915.297 m  initial 143.9725°  final 145.2168°\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func seoulToSydneyTakesASouthernPointAsOptionValue() throws {
        let result = try CLI.run(["geo", "distance", "--from", "37.5665,126.9780", "--to", "-33.87,151.21", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\"distance_m\":"))
        let keys = try #require(try? Regex(#"\"([a-z_]+)\":"#))
        #expect(
            result.stdout.matches(of: keys).map { String($0.output[1].substring!) }
                == ["distance_m", "initial_bearing_deg", "final_bearing_deg"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        // GeographicLib: 8297406.273620346 m, azi1 159.2345125392392, azi2 160.21247343315795.
        #expect(abs(try #require(object["distance_m"]) - 8_297_406.273_620_346) < 1e-6)
        #expect(abs(try #require(object["initial_bearing_deg"]) - 159.234_512_539_239_2) < 1e-9)
        #expect(abs(try #require(object["final_bearing_deg"]) - 160.212_473_433_157_95) < 1e-9)
    }

    @Test func westernAndSouthernPointsOnBothEnds() throws {
        let result = try CLI.run(["geo", "distance", "--from", "40.7128,-74.006", "--to", "-34.6,-58.38", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        // GeographicLib: 8491416.527972504 m, azi1 166.7678624203206, azi2 167.82762140413706.
        #expect(abs(try #require(object["distance_m"]) - 8_491_416.527_972_504) < 1e-6)
        #expect(abs(try #require(object["initial_bearing_deg"]) - 166.767_862_420_320_6) < 1e-9)
    }

    @Test func theJSONCarriesFullDoublePrecision() throws {
        let result = try CLI.run([
            "geo", "distance", "--from", "37.5665,126.9780", "--to", "35.1796,129.0756", "--json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double])
        #expect(abs(try #require(object["distance_m"]) - 324_915.297_453_131_3) < 1e-8)
        #expect(result.stdout.hasSuffix("}\n"))
    }

    @Test func coincidentPointsAreZeroMetresApart() throws {
        let result = try CLI.run(["geo", "distance", "--from", "37.5665,126.978", "--to", "37.5665,126.978"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.000 m  initial 180.0000°  final 180.0000°\n")
    }

    @Test(arguments: [
        (
            ["--from", "126.97,37.56", "--to", "35.1796,129.0756"],
            "Error: The latitude 126.97 is out of range and the longitude 37.56 looks like a latitude: "
                + "give the point as LAT,LON (37.56,126.97).\n"
        ),
        (["--from", "37.5665,126.978", "--to", "10,200"], "Error: The longitude 200 is outside -180…180 degrees.\n"),
        (["--from", "nan,126.978", "--to", "10,20"], "Error: The latitude is not a finite number.\n"),
    ])
    func rejectsBadPointsInOneSentence(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(["geo", "distance"] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }
}
