import FootprintTestSupport
import Foundation
import Testing

@Suite struct PlaceCommandTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    @Test func readersDoNotCreateTheDatabase() throws {
        let result = try CLI.run(["--db", db, "place", "list"])
        #expect(result.status != 0)
        #expect(result.stderr == "Error: \(db): The database does not exist; create it with “footprint init”.\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func addShowEditRemoveKeepsVisits() throws {
        #expect(try CLI.run(["--db", db, "init"]).stdout == "\(db): ready, 0 places.\n")
        let added = try CLI.run([
            "--db", db, "place", "add", "--name", "스타벅스 강남역점", "--at", "37.4979,127.0276", "--category", "음식점>카페",
            "--tag", "#카페", "--tag", "＃야경", "--json",
        ])
        #expect(added.status == 0)
        #expect(
            added.stdout
                == #"[{"id":1,"name":"스타벅스 강남역점","lat":37.4979,"lon":127.0276,"category":"음식점 > 카페","tags":["카페","야경"],"likes":0,"address":null,"source":null,"source_id":null}]"#
                + "\n")
        let visit = try CLI.run([
            "--db", db, "visit", "add", "1", "--arrived", "2024-05-04T14:30+09:00", "--left", "2024-05-04T15:10+09:00",
            "--note", "라떼",
        ])
        #expect(visit.stdout == "Visit 1 to 스타벅스 강남역점 on 2024-05-04.\n")
        let edited = try CLI.run(["--db", db, "place", "edit", "1", "--untag", "야경", "--at", "-33.87,151.21", "--json"])
        #expect(edited.stdout.contains(#""lat":-33.87,"lon":151.21"#))
        #expect(edited.stdout.contains(#""tags":["카페"]"#))
        #expect(try CLI.run(["--db", db, "place", "remove", "1"]).stdout == "Removed place 1: 스타벅스 강남역점.\n")
        let show = try CLI.run(["--db", db, "place", "show", "1"])
        #expect(show.status != 0)
        #expect(show.stderr == "Error: No place has the id 1.\n")
    }

    @Test func listIsATableWithHangulAligned() throws {
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        try CLI.run(["--db", db, "place", "add", "--name", "Cafe X", "--at", "37.5,127.0", "--category", "카페"])
        let list = try CLI.run(["--db", db, "place", "list"])
        #expect(
            list.stdout == """
                ID  NAME    CATEGORY  LAT,LON           TAGS
                1   서울숲            37.5444,127.0374  
                2   Cafe X  카페      37.5,127          

                """)
    }

    @Test(arguments: [
        (
            ["--at", "126.978,37.5665"],
            "Error: The latitude 126.978 is out of range and the longitude 37.5665 looks like a latitude: give the point as LAT,LON (37.5665,126.978).\n"
        ),
        (["--at", "91,0"], "Error: The latitude 91 is outside -90…90 degrees.\n"),
        (["--at", "37,nan"], "Error: The longitude is not a finite number.\n"),
    ])
    func badCoordinatesAreOneSentence(arguments: [String], message: String) throws {
        try CLI.run(["--db", db, "init"])
        let result = try CLI.run(["--db", db, "place", "add", "--name", "x"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }

    @Test func visitTimesAreChecked() throws {
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        let result = try CLI.run(["--db", db, "visit", "add", "1", "--arrived", "2024-02-30T10:00"])
        #expect(result.status != 0)
        #expect(result.stderr == "Error: The time “2024-02-30T10:00” is invalid: no such date or time.\n")
        let missing = try CLI.run(["--db", db, "visit", "add", "7", "--arrived", "2024-05-01T10:00Z"])
        #expect(missing.stderr == "Error: No place has the id 7.\n")
    }

    @Test func environmentVariableNamesTheDatabase() throws {
        try CLI.run(["init"], environment: ["FOOTPRINT_DB": db])
        #expect(FileManager.default.fileExists(atPath: db))
    }
}

/// Review findings: values starting with `-`, times in other scripts' digits, offsets past ±18:00,
/// and `--k` asking for more than the default limit.
@Suite struct ArgumentEdgeTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
    }

    @Test func optionValuesMayBeginWithADash() throws {
        let added = try CLI.run([
            "--db", db, "place", "add", "--name", "-x", "--at", "37.5,127", "--category", "-c", "--tag", "-t",
        ])
        #expect(added.status == 0)
        #expect(try CLI.run(["--db", db, "place", "list"]).stdout.contains("-x    -c        37.5,127  #-t"))
        let limit = try CLI.run(["--db", db, "nearby", "--at", "37.5,127", "--k", "1", "--limit", "-1"])
        #expect(limit.stderr == "Error: The limit -1 is invalid: it must be 1 or more.\n")
        let misspelt = try CLI.run(["--db", db, "place", "add", "--name", "y", "--at", "37.5,127", "--bogus"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr == "Error: Unknown option “--bogus”; see “footprint place add --help”.\n")
    }

    @Test(arguments: [
        ("2024-05-04T14:30:٠٠", "write it as ISO 8601, e.g. 2024-05-04T14:30+09:00"),
        ("2024-05-04T14:30+25:00", "a UTC offset is at most ±18:00, with minutes below 60"),
        ("2024-05-04T14:30+09:75", "a UTC offset is at most ±18:00, with minutes below 60"),
    ])
    func badTimesAreOneSentence(time: String, reason: String) throws {
        try CLI.run(["--db", db, "place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        let result = try CLI.run(["--db", db, "visit", "add", "1", "--arrived", time])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: The time “\(time)” is invalid: \(reason).\n")
    }

    @Test func kAsksForKPlaces() throws {
        for index in 0..<30 {
            try CLI.run(["--db", db, "place", "add", "--name", "p\(index)", "--at", "37.5\(index),127"])
        }
        let result = try CLI.run(["--db", db, "nearby", "--at", "37.5,127", "--k", "25", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any])
        #expect(objects.count == 25)
    }
}

@Suite struct DatabasePathTests {
    @Test func aDirectoryOrAnEmptyFileIsOneSentence() throws {
        let directory = try TemporaryDirectory()
        let folder = try CLI.run(["--db", directory.url.path, "place", "list"])
        #expect(
            folder.stderr
                == "Error: \(directory.url.path): The file is not a Footprint database (it is a directory); nothing was changed.\n"
        )
        let empty = directory.file("empty.sqlite").path
        FileManager.default.createFile(atPath: empty, contents: nil)
        let read = try CLI.run(["--db", empty, "place", "list"])
        #expect(
            read.stderr
                == "Error: \(empty): The file is empty; create the database in it with “footprint --db \(empty) init”.\n"
        )
        #expect(try CLI.run(["--db", empty, "init"]).status == 0)
        #expect(try CLI.run(["--db", empty, "place", "list"]).status == 0)
    }
}

@Suite struct TableCellTests {
    @Test func aLineBreakInANameStaysOnOneLine() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        try CLI.run(["--db", db, "place", "add", "--name", "두 줄\n이름", "--at", "37.5,127"])
        let list = try CLI.run(["--db", db, "place", "list"])
        #expect(list.stdout.split(separator: "\n").count == 2)
        #expect(list.stdout.contains("두 줄 이름"))
    }
}
