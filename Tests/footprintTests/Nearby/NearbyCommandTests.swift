import FootprintTestSupport
import Foundation
import Testing

@Suite struct NearbyCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for (name, at, category) in [
            ("서울시청", "37.5663,126.9779", "관공서"), ("덕수궁", "37.5658,126.9751", "명소 > 궁궐"),
            ("스타벅스 시청점", "37.5650,126.9770", "음식점 > 카페"), ("부산역", "35.1151,129.0413", "교통"),
        ] {
            try CLI.run(["--db", db, "place", "add", "--name", name, "--at", at, "--category", category])
        }
    }

    @Test func radiusListsNearestFirstWithExactMetres() throws {
        let result = try CLI.run(["--db", db, "nearby", "--at", "37.5663,126.9779", "--radius", "1000", "--json"])
        #expect(result.status == 0)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["서울시청", "스타벅스 시청점", "덕수궁"])
        #expect(objects[0]["distance_m"] as? Double == 0)
        // GeographicLib: Geodesic.WGS84.Inverse(37.5663, 126.9779, 37.5658, 126.9751)['s12']
        let palace = try #require(objects[2]["distance_m"] as? Double)
        #expect(abs(palace - 253.5211966542178) < 1e-4)
    }

    @Test func nearestWithCategoryPrefix() throws {
        let result = try CLI.run(["--db", db, "nearby", "--at", "35.0,129.0", "--k", "1", "--category", "음식점"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("스타벅스 시청점"))
        #expect(result.stdout.hasPrefix("ID  NAME"))
    }

    @Test func southernCoordinatesAreValues() throws {
        let result = try CLI.run(["--db", db, "nearby", "--at", "-33.87,151.21", "--k", "1", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("서울시청") == false)
        #expect(result.stdout.contains("부산역"))
    }

    /// A radius beyond half the circumference (20 003 931 m) is the whole Earth, as ST_DWithin
    /// takes any distance: every place, nearest first (Busan, 325 km from Seoul, is nearest to its antipode).
    @Test(arguments: ["20100000", "1e300"])
    func aRadiusBeyondTheAntipodeIsTheWholeEarth(_ radius: String) throws {
        let result = try CLI.run(["--db", db, "nearby", "--at", "-37.5663,-53.0221", "--radius", radius, "--json"])
        #expect(result.status == 0)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 4)
        #expect(objects.first?["name"] as? String == "부산역")
    }

    @Test func badValuesAreOneSentence() throws {
        let negative = try CLI.run(["--db", db, "nearby", "--at", "37.5,127", "--radius", "-5"])
        #expect(negative.status != 0)
        #expect(negative.stderr == "Error: The radius -5 is invalid: give a finite number of metres, 0 or more.\n")
        let infinite = try CLI.run(["--db", db, "nearby", "--at", "37.5,127", "--radius", "inf"])
        #expect(infinite.status != 0)
        #expect(infinite.stderr == "Error: The radius inf is invalid: give a finite number of metres, 0 or more.\n")
        let swapped = try CLI.run(["--db", db, "nearby", "--at", "126.97,37.56", "--k", "3"])
        #expect(swapped.stderr.hasPrefix("Error: The latitude 126.97 is out of range"))
        #expect(!swapped.stderr.contains("Usage"))
    }

    @Test func readsWithoutChangingTheFile() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        try CLI.run(["--db", db, "nearby", "--at", "37.5663,126.9779", "--radius", "100"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
