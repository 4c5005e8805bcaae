import FootprintTestSupport
import Foundation
import Testing

/// `import places` after `place edit` (the user's fields are kept, `--overwrite-edits`), and
/// same-named files of different trips (`conflicts`, `--source`, `--replace`), as a user runs them.
@Suite struct ImportMergeCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    /// Writes `text` to `path` under the test's directory (folders created) and returns its path.
    func write(_ path: String, _ text: String) throws -> String {
        let url = directory.file(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) throws -> CLIResult { try CLI.run(["--db", db] + arguments) }

    @Test func aRenameAndATagSurviveTheReimport() throws {
        let file = try write("places.csv", "id,name,lat,lon,tags\n1,블루보틀 성수,37.5478,127.0449,카페\n")
        try run(["import", "places", file])
        let edit = try run(["place", "edit", "1", "--name", "블루보틀 성수점", "--tag", "단골"])
        #expect(edit.status == 0)
        let again = try run(["import", "places", file, "--quiet"])
        #expect(again.stdout == "\(file): inserted 0, updated 0, unchanged 1, skipped 0, kept edits 1\n")
        #expect(again.stderr == "")
        let show = try run(["place", "show", "1", "--json"])
        #expect(show.stdout.contains(#""name":"블루보틀 성수점""#))
        #expect(show.stdout.contains(#""tags":["카페","단골"]"#))
        #expect(show.stdout.contains(#""edited":["name","tags"]"#))
        #expect(try run(["place", "show", "1"]).stdout.contains("\n  edited    name, tags\n"))

        let json = try run(["import", "places", file, "--json"])
        #expect(json.stdout.contains(#""kept_edits":1,"conflicts":0,"conflict_rows":[]"#))

        let overwrite = try run(["import", "places", file, "--overwrite-edits"])
        #expect(overwrite.stdout == "\(file): inserted 0, updated 1, unchanged 0, skipped 0\n")
        let after = try run(["place", "show", "1", "--json"])
        #expect(after.stdout.contains(#""name":"블루보틀 성수","#))
        #expect(after.stdout.contains(#""tags":["카페"]"#))
        #expect(after.stdout.contains(#""edited":[]"#))
        #expect(!(try run(["place", "show", "1"]).stdout.contains("edited")))
    }

    @Test func everyEditableFieldIsTheUsersOnceEdited() throws {
        let file = try write(
            "places.csv", "id,name,lat,lon,phone,likes,address\n1,성수 메밀꽃,37.5431,127.0546,02-111-1111,5,성수동2가 1\n")
        try run(["import", "places", file])
        let edit = try run([
            "place", "edit", "1", "--phone", "02-222-2222", "--likes", "40", "--visit-time", "점심",
            "--road-address", "연무장길 10",
        ])
        #expect(edit.status == 0)
        let again = try run(["import", "places", file])
        #expect(again.stdout == "\(file): inserted 0, updated 0, unchanged 1, skipped 0, kept edits 1\n")
        let show = try run(["place", "show", "1", "--json"])
        #expect(show.stdout.contains(#""likes":40,"address":"성수동2가 1""#))
        #expect(show.stdout.contains(#""road_address":"연무장길 10","phone":"02-222-2222","visit_time":"점심""#))
        #expect(show.stdout.contains(#""edited":["likes","phone","road_address","visit_time"]"#))

        let negative = try run(["place", "edit", "1", "--likes", "-3"])
        #expect(negative.status != 0)
        #expect(negative.stderr == "Error: The likes “-3” is invalid: likes cannot be negative.\n")
        let added = try run(["place", "add", "--name", "집", "--at", "37.5,127", "--phone", "010-1234-5678", "--json"])
        #expect(added.stdout.contains(#""name":"집""#))
    }

    @Test func aSameNamedFileOfAnotherTripConflicts() throws {
        let trip1 = try write("trip1/places.csv", "id,name,lat,lon\n1,서울숲,37.5444,127.0374\n2,성수 카페,37.5446,127.0557\n")
        let trip2 = try write(
            "trip2/places.csv", "id,name,lat,lon\n1,해운대,35.1587,129.1604\n2,광안리 카페,35.1532,129.1187\n")
        try run(["import", "places", trip1])
        let result = try run(["import", "places", trip2])
        #expect(result.status == 0)
        #expect(result.stdout == "\(trip2): inserted 0, updated 0, unchanged 0, skipped 0, conflicts 2\n")
        #expect(
            result.stderr == """
                \(trip2):2: The row would move “서울숲” (id “1”) 326.2 km and rename it to “해운대”.
                \(trip2):3: The row would move “성수 카페” (id “2”) 323.6 km.
                \(trip2): The file looks like another source than the places already imported as “places.csv” \
                (2 rows would move a place more than 5 km or rename it beyond recognition, and were left as they \
                were): give --source NAME to import it as a source of its own, or --replace to accept the changes.

                """)
        let list = try run(["place", "list", "--json"])
        #expect(list.stdout.contains(#""name":"서울숲""#) && !list.stdout.contains("해운대"))
        let json = try run(["import", "places", trip2, "--json"])
        #expect(
            json.stdout.hasSuffix(
                #""kept_edits":0,"conflicts":2,"conflict_rows":[{"line":2,"path":null,"reason":"The row would move “서울숲” (id “1”) 326.2 km and rename it to “해운대”"},{"line":3,"path":null,"reason":"The row would move “성수 카페” (id “2”) 323.6 km"}]}"#
                    + "\n"))

        let own = try run(["import", "places", trip2, "--source", "trip2", "--quiet"])
        #expect(own.stdout == "\(trip2): inserted 2, updated 0, unchanged 0, skipped 0\n")
        let replaced = try run(["import", "places", trip2, "--replace", "--quiet"])
        #expect(replaced.stdout == "\(trip2): inserted 0, updated 2, unchanged 0, skipped 0\n")
        #expect(replaced.stderr == "")
    }

    /// One conflicting row is said in the singular.
    @Test func oneConflictingRowIsSaidInTheSingular() throws {
        let trip1 = try write("trip1/p.csv", "id,name,lat,lon\n1,성심당,36.3276,127.4273\n2,대전역,36.3323,127.4342\n")
        let trip2 = try write("trip2/p.csv", "id,name,lat,lon\n1,성심당 본점,36.3277,127.4274\n2,한밭수목원,36.3323,127.4342\n")
        try run(["import", "places", trip1])
        let result = try run(["import", "places", trip2])
        #expect(result.stdout == "\(trip2): inserted 0, updated 1, unchanged 0, skipped 0, conflicts 1\n")
        #expect(
            result.stderr == """
                \(trip2):3: The row would rename “대전역” (id “2”) to “한밭수목원”.
                \(trip2): The file looks like another source than the places already imported as “p.csv” \
                (1 row would move a place more than 5 km or rename it beyond recognition, and was left as it \
                was): give --source NAME to import it as a source of its own, or --replace to accept the changes.

                """)
    }

    @Test func twoKakaoFilesAreOneSource() throws {
        let kakao = #"{"documents":[{"id":"9","place_name":"카페","x":"126.978","y":"37.5665"}]}"#
        let first = try write("a.json", kakao)
        let second = try write("b.json", kakao)
        #expect(
            try run(["import", "places", first]).stdout == "\(first): inserted 1, updated 0, unchanged 0, skipped 0\n")
        #expect(
            try run(["import", "places", second]).stdout == "\(second): inserted 0, updated 0, unchanged 1, skipped 0\n"
        )
        let list = try run(["place", "list", "--json"])
        #expect(list.stdout.contains(#""source":"kakao","source_id":"9""#))
    }
}
