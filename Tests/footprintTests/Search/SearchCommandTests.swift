import FootprintTestSupport
import Foundation
import Testing

@Suite struct SearchCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for (name, at, category, tag) in [
            ("스타벅스 강남역점", "37.4979,127.0276", "음식점 > 카페", "커피"), ("스타벅스 시청점", "37.5650,126.9770", "음식점 > 카페", "야경"),
            ("CGV 강남", "37.5012,127.0262", "문화 > 영화관", "영화"), ("-카페 하나", "37.55,127.0", "음식점 > 카페", "디저트"),
            ("까치", "37.56,126.98", "음식점", "야시장"),
        ] {
            let added = try CLI.run([
                "--db", db, "place", "add", "--name=\(name)", "--at", at, "--category", category, "--tag", tag,
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
    }

    func json(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLI.run(["--db", db, "search", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func jsonCarriesThePlaceScoreAndMatch() throws {
        let objects = try json(["스타벅스", "강남", "--near", "37.4979,127.0276"])
        #expect(objects.map { $0["name"] as? String } == ["스타벅스 강남역점"])
        let first = objects[0]
        #expect(
            Array(first.keys).sorted() == [
                "address", "category", "distance_m", "forgiven", "id", "lat", "likes", "lon", "match", "match_field",
                "match_position", "name", "reading", "score", "source", "source_id", "tags",
            ])
        #expect(first["match"] as? String == "prefix")
        #expect(first["match_position"] as? String == "prefix")
        #expect(first["forgiven"] is NSNull)
        #expect(first["reading"] is NSNull)
        #expect(first["distance_m"] as? Double == 0)
        #expect((first["score"] as? Double ?? 0) > 1)
    }

    @Test func koreanReadingsAreLabelled() throws {
        #expect(try json(["ㅅㅌㅂㅅ"]).first?["match"] as? String == "chosung")
        #expect(try json(["ㅅㅌㅂㅅ"]).first?["match_position"] as? String == "prefix")
        let mistype = try json(["tmxkqjrtm"])
        #expect(mistype.first?["match"] as? String == "keyboard_mistype")
        #expect(mistype.first?["reading"] as? String == "스타벅스")
        #expect(try json(["Rkcl"]).first?["name"] as? String == "까치")
        #expect(try json(["ㅊㅎㅍ"]).first?["name"] as? String == "CGV 강남")
        let tags = try json(["#야"])
        #expect(Set(tags.map { $0["name"] as? String }) == ["스타벅스 시청점", "까치"])
        #expect(tags.allSatisfy { $0["match"] as? String == "tag_prefix" })
    }

    @Test func fuzzyReadingsSayWhatWasForgivenAndExactTurnsThemOff() throws {
        let typo = try json(["스카벅스"])
        // Both one key away; the shorter name fits better.
        #expect(typo.map { $0["name"] as? String } == ["스타벅스 시청점", "스타벅스 강남역점"])
        #expect(typo.map { $0["match"] as? String } == ["typo", "typo"])
        #expect(typo.first?["match_position"] as? String == "prefix")
        #expect(typo.first?["forgiven"] as? String == "ㅌ→ㅋ at 2")
        #expect(try json(["스카벅스", "--exact"]).isEmpty)
        let table = try CLI.run(["--db", db, "search", "스벅", "--limit", "1"])
        #expect(
            table.stdout == """
                ID  NAME             CATEGORY       LAT,LON         TAGS   MATCH
                2   스타벅스 시청점  음식점 > 카페  37.565,126.977  #야경  abbreviation/prefix (abbreviates 스타벅스)

                """)
        #expect(table.status == 0)
    }

    @Test func tableHasAMatchColumn() throws {
        let result = try CLI.run(["--db", db, "search", "강남"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID  NAME") == true)
        #expect(lines.first?.hasSuffix("MATCH") == true)
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix("word_prefix"))
    }

    @Test func aQueryBeginningWithADashFollowsTheSeparator() throws {
        let objects = try json(["--", "-카페"])
        #expect(objects.first?["name"] as? String == "-카페 하나")
        let misspelt = try CLI.run(["--db", db, "search", "카페", "--nearr", "37,127"])
        #expect(misspelt.status != 0)
    }

    @Test func emptyQueriesAndBadValuesAreOneSentence() throws {
        let empty = try CLI.run(["--db", db, "search"])
        #expect(empty.status != 0)
        #expect(empty.stderr.hasPrefix("Error: Give the text to search for"))
        for nothing in ["  ", "#", "# ＃", "\u{200B}\u{00AD}"] {
            let blank = try CLI.run(["--db", db, "search", nothing])
            #expect(blank.status == 64, "\(nothing)")
            #expect(blank.stderr.hasPrefix("Error: Give the text to search for"), "\(nothing)")
        }
        let negative = try CLI.run(["--db", db, "search", "카페", "--near", "37.5,127", "--within", "-5"])
        #expect(negative.stderr == "Error: The radius -5 is invalid: give a finite number of metres, 0 or more.\n")
        let pointless = try CLI.run(["--db", db, "search", "카페", "--within", "5"])
        #expect(pointless.stderr.hasPrefix("Error: Give --near LAT,LON for --within to measure from.\n"))
        let infinite = try CLI.run(["--db", db, "search", "카페", "--near", "37.5,127", "--within", "inf"])
        #expect(infinite.stderr == "Error: The radius inf is invalid: give a finite number of metres, 0 or more.\n")
        let date = try CLI.run(["--db", db, "search", "카페", "--since", "May"])
        #expect(
            date.stderr
                == "Error: The start date “May” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18.\n"
        )
        let likes = try CLI.run(["--db", db, "search", "카페", "--min-likes", "-3"])
        #expect(likes.stderr == "Error: The min-likes -3 is invalid: it must be 0 or more.\n")
        let missing = try CLI.run(["--db", directory.file("none.sqlite").path, "search", "카페"])
        #expect(missing.stderr.contains("footprint init"))
    }

    @Test func nastyQueriesAreText() throws {
        for query in ["\"", "NEAR(a b)", "카페 OR", "*", "(", "name:카페", "'; DROP TABLE places; --", "😀"] {
            let result = try CLI.run(["--db", db, "search", "--", query])
            #expect(result.status == 0, "\(query): \(result.stderr)")
        }
    }

    @Test func filtersAndLimits() throws {
        #expect(
            try json(["스타벅스", "--near", "37.5650,126.9770", "--within", "1000"]).map { $0["name"] as? String } == [
                "스타벅스 시청점"
            ])
        #expect(try json(["카페", "--category", "음식점 > 카페", "--limit", "1"]).count == 1)
        #expect(try json(["카페", "--all"]).count == 3)
        #expect(try json(["--tag", "영화"]).map { $0["name"] as? String } == ["CGV 강남"])
        #expect(try json(["스타벅스", "--visited"]).isEmpty)
    }

    @Test func hashtagsAndListingsByFilter() throws {
        #expect(try json(["#커피", "#야경"]).isEmpty)
        #expect(try json(["스타벅스", "#야경"]).map { $0["name"] as? String } == ["스타벅스 시청점"])
        let listed = try json(["--category", "문화", "--near", "37.4979,127.0276"])
        #expect(listed.map { $0["name"] as? String } == ["CGV 강남"])
        #expect(listed.first?["match"] as? String == "listed")
        let visited = try CLI.run(["--db", db, "search", "--since", "2024-05-01", "--until", "2024-05-31"])
        #expect(visited.status == 0 && visited.stderr.isEmpty, "\(visited.stderr)")
    }

    @Test func readsWithoutChangingTheFile() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        try CLI.run(["--db", db, "search", "스타벅스", "--near", "37.5,127"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
