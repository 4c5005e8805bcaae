import FootprintTestSupport
import Foundation
import Testing

/// `footprint recommend`: output, pagination, read-only opening, and each bad input as one sentence.
@Suite struct RecommendCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for (name, at, category, tags, likes) in [
            ("서울시청", "37.5663,126.9779", "관공서", ["행정"], "10"),
            ("덕수궁", "37.5658,126.9751", "관광명소 > 고궁", ["야경", "역사"], "900"),
            ("스타벅스 시청점", "37.5650,126.9770", "음식점 > 카페", ["커피"], "300"),
            ("스타벅스 을지로점", "37.5660,126.9810", "음식점 > 카페", ["커피"], "300"),
            ("청계광장", "37.5693,126.9782", "공원 > 하천", ["야경", "산책"], "500"),
            ("부산역", "35.1151,129.0413", "교통", [], "0"),
        ] {
            try CLI.run(
                ["--db", db, "place", "add", "--name", name, "--at", at, "--category", category, "--likes", likes]
                    + tags.flatMap { ["--tag", $0] })
        }
    }

    func json(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(["--db", db, "recommend"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func jsonHasThePlaceObjectThenScoreExplanationAndCursor() throws {
        let result = try CLI.run(["--db", db, "recommend", "--at", "37.5663,126.9779", "--time", "12:00", "--json"])
        #expect(result.status == 0)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 5)  // 부산역 is 325 km away
        let keys = [
            "id", "name", "lat", "lon", "category", "tags", "likes", "address", "source", "source_id", "distance_m",
            "score", "explanation", "cursor",
        ]
        // Member order as written: in the first object, each key appears after the one before it.
        let text = result.stdout
        var position = text.startIndex
        for key in keys {
            let range = try #require(text[position...].range(of: "\"\(key)\":"), "\(key)")
            position = range.upperBound
        }
        for object in objects {
            let parts = try #require(object["explanation"] as? [[String: Any]])
            #expect(parts.map { $0["term"] as? String } == ["distance", "popularity", "similarity", "novelty", "time", "diversity"])
            #expect(parts.last?["weight"] as? Double == -0.3)
        }
        // The score is the sum of the contributions, to the last bit: read from the text with
        // Double(_:) (Foundation's JSON reader may round a 17-digit number differently).
        let objectPattern = /"score":([^,]+),"explanation":\[(.*?)\],"cursor"/
        let contributionPattern = /"contribution":([^,}]+)/
        let matches = result.stdout.matches(of: objectPattern)
        #expect(matches.count == objects.count)
        for match in matches {
            let sum = match.output.2.matches(of: contributionPattern).reduce(0.0) { $0 + Double($1.output.1)! }
            #expect(sum == Double(match.output.1))
        }
        let scores = objects.map { $0["score"] as! Double }
        #expect(scores == scores.sorted(by: >))
        #expect(objects.first?["name"] as? String == "서울시청" || objects.first?["name"] as? String == "덕수궁")
    }

    @Test func explainAddsALinePerTermUnderEachRow() throws {
        let result = try CLI.run(
            ["--db", db, "recommend", "--at", "37.5663,126.9779", "--time", "12:00", "--limit", "1", "--explain",
             "--weights", "popularity=0,distance=1"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                ID  NAME      CATEGORY  LAT,LON           TAGS   DISTANCE  SCORE
                1   서울시청  관공서    37.5663,126.9779  #행정  0 m       1.2
                    distance    1 × 1 = +1
                    popularity  0.3419 × 0 = +0
                    similarity  0 × 0.2 = +0
                    novelty     1 × 0.15 = +0.15
                    time        0.5 × 0.1 = +0.05
                    diversity   0 × -0.3 = +0

                """)
    }

    @Test func pagesOfTwoConcatenateToTheFirstFour() throws {
        let arguments = ["--at", "37.5663,126.9779", "--time", "12:00"]
        let whole = try json(arguments + ["--limit", "4"]).map { $0["id"] as! Int }
        let first = try json(arguments + ["--limit", "2"])
        let cursor = try #require(first.last?["cursor"] as? String)
        let second = try json(["--at", "37.5663,126.9779", "--limit", "2", "--after", cursor])
        #expect(first.map { $0["id"] as! Int } + second.map { $0["id"] as! Int } == whole)

        let moved = try CLI.run(["--db", db, "recommend", "--at", "37.5663,126.9779", "--radius", "900", "--after", cursor])
        #expect(moved.status == 1)
        #expect(
            moved.stderr
                == "Error: The cursor given with --after is invalid: it continues a query whose radius is 2000 m, not 900 m; "
                + "repeat that query's radius or start without --after.\n")
    }

    @Test func placeAnchorLeavesItselfOutAndDayWithoutVisitsIsEmpty() throws {
        let related = try json(["--place", "2", "--time", "12:00"])
        #expect(related.count == 4)
        #expect(!related.contains { $0["id"] as? Int == 2 })
        // Only 청계광장 shares a hashtag (#야경) with 덕수궁; no category is alike.
        for spot in related {
            let parts = try #require(spot["explanation"] as? [[String: Any]])
            let similarity = try #require(parts.first { $0["term"] as? String == "similarity" }?["value"] as? Double)
            #expect((similarity > 0) == (spot["name"] as? String == "청계광장"))
        }
        #expect(try json(["--day", "2024-05-18"]).isEmpty)
        #expect(try json(["--at", "-33.87,151.21"]).isEmpty)  // a value may begin with `-`; open sea
    }

    @Test func dayWithoutGPSUsesThePathThroughItsVisits() throws {
        // 서울시청 then 청계광장: a path 330 m north.
        for (place, time) in [("1", "2024-05-18T10:00+09:00"), ("5", "2024-05-18T12:00+09:00")] {
            let added = try CLI.run(["--db", db, "visit", "add", place, "--arrived", time])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let spots = try json(["--day", "2024-05-18"])
        // The visited places are left out; 덕수궁 and both cafés are within 300 m of the path.
        #expect(Set(spots.map { $0["id"] as! Int }) == [2, 3, 4])
        let cafe = try #require(spots.first { $0["id"] as? Int == 3 })
        // South of the path's first point: the nearest point of the path is 서울시청 itself.
        let measured = try CLI.run(["geo", "distance", "--from", "37.5650,126.9770", "--to", "37.5663,126.9779", "--json"])
        let expected = try #require(
            (JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any])?["distance_m"] as? Double)
        #expect(abs((cafe["distance_m"] as! Double) - expected) < 1e-6)
        #expect(try json(["--day", "2024-05-18", "--radius", "100"]).isEmpty)
    }

    @Test func readsWithoutChangingTheFile() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try CLI.run(["--db", db, "recommend", "--at", "37.5663,126.9779"])
        #expect(result.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    static let badInputs: [(arguments: [String], status: Int32, message: String)] = [
        (["--at", "37.5,127", "--radius", "0"], 1, "The radius 0 is invalid: give a number of metres above 0 and at most 50000."),
        (["--at", "37.5,127", "--radius", "-5"], 1, "The radius -5 is invalid: give a number of metres above 0 and at most 50000."),
        (["--at", "37.5,127", "--radius", "50001"], 1, "The radius 50001 is invalid: give a number of metres above 0 and at most 50000."),
        (["--at", "37.5,127", "--limit", "0"], 1, "The limit 0 is invalid: give a number from 1 to 1000."),
        (["--at", "37.5,127", "--limit", "1001"], 1, "The limit 1001 is invalid: give a number from 1 to 1000."),
        (["--place", "99"], 1, "No place has the id 99."),
        (
            ["--at", "126.92,37.55"], 1,
            "The latitude 126.92 is out of range and the longitude 37.55 looks like a latitude: give the point as LAT,LON (37.55,126.92)."
        ),
        (["--at", "95,127"], 1, "The latitude 95 is outside -90…90 degrees."),
        (["--at", "37.5,127", "--time", "25:00"], 1, "The time “25:00” is invalid: write a local time of day as HH:MM, e.g. 18:30."),
        (
            ["--at", "37.5,127", "--weights", "speed=1"], 1,
            "The weight name “speed” is invalid: give one of distance, popularity, similarity, novelty, time."
        ),
        (["--at", "37.5,127", "--weights", "distance=x"], 1, "The weight of distance “x” is invalid: give a number from 0 to 100."),
        (["--at", "37.5,127", "--after", "abc"], 1, "The cursor “abc” is invalid: give a cursor that recommend printed."),
        ([], 64, "Give an anchor: --at LAT,LON, --place ID or --day DATE."),
        (["--place", "1", "--at", "37.5,127"], 64, "Give one anchor only: --at LAT,LON, --place ID or --day DATE."),
    ]

    @Test(arguments: badInputs.indices)
    func badInputIsOneSentence(index: Int) throws {
        let (arguments, status, message) = Self.badInputs[index]
        let result = try CLI.run(["--db", db, "recommend"] + arguments)
        #expect(result.status == status)
        #expect(result.stderr == "Error: \(message)\n")
        #expect(result.stdout.isEmpty)
    }
}
