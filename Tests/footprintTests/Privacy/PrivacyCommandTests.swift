import FootprintTestSupport
import Foundation
import Testing

@Suite struct PrivacyCommandTests {
    @Test func addListAndRemove() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let added = try CLI.run([
            "--db", db, "privacy", "add", "--name", "집", "--at", "37.5665,126.978", "--radius", "200",
        ])
        #expect(added.status == 0)
        #expect(added.stdout == "Privacy zone 1 “집”: 200 m around 37.5665,126.978.\n")
        let polygon = directory.file("office.geojson")
        try
            #"{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[127.0,37.5],[127.01,37.5],[127.01,37.51],[127.0,37.5]]]}}"#
            .write(to: polygon, atomically: true, encoding: .utf8)
        let office = try CLI.run(["--db", db, "privacy", "add", "--name", "office", "--polygon", polygon.path])
        #expect(office.stdout == "Privacy zone 2 “office”: a polygon of 4 positions.\n")
        let list = try CLI.run(["--db", db, "privacy", "list"])
        #expect(
            list.stdout == """
                ID  NAME    AREA
                1   집      200 m around 37.5665,126.978
                2   office  a polygon of 4 positions

                """)
        let json = try CLI.run(["--db", db, "privacy", "list", "--json"])
        #expect(
            json.stdout
                == #"[{"id":1,"name":"집","lat":37.5665,"lon":126.978,"radius_m":200,"polygon":null},{"id":2,"name":"office","lat":null,"lon":null,"radius_m":null,"polygon":{"type":"Polygon","coordinates":[[[127,37.5],[127.01,37.5],[127.01,37.51],[127,37.5]]]}}]"#
                + "\n")
        #expect(try CLI.run(["--db", db, "privacy", "remove", "1"]).stdout == "Removed privacy zone 1.\n")
        let missing = try CLI.run(["--db", db, "privacy", "remove", "1"])
        #expect(missing.status != 0)
        #expect(missing.stderr == "Error: No privacy zone has the id 1; “footprint privacy list” shows them.\n")
        #expect(try CLI.run(["--db", db, "privacy", "list"]).stdout.contains("office"))
    }

    @Test(arguments: [
        ("0", "Error: The privacy zone radius 0 m is invalid: it must be more than 0 m and at most 50 km.\n"),
        ("50001", "Error: The privacy zone radius 50001 m is invalid: it must be more than 0 m and at most 50 km.\n"),
        ("-5", "Error: The privacy zone radius -5 m is invalid: it must be more than 0 m and at most 50 km.\n"),
        ("5km", "Error: The privacy zone radius “5km” is invalid: write it as a decimal number, e.g. 500 or 2.5.\n"),
    ])
    func aBadRadiusIsOneSentenceAndAddsNothing(_ radius: String, _ message: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let result = try CLI.run([
            "--db", db, "privacy", "add", "--name", "home", "--at", "37.5,127", "--radius", radius,
        ])
        #expect(result.status != 0)
        #expect(result.stderr == message)
        #expect(try CLI.run(["--db", db, "privacy", "list", "--json"]).stdout == "[]\n")
    }

    @Test(arguments: [
        (
            #"{"type":"LineString","coordinates":[[127,37.5],[127.1,37.6]]}"#,
            ": Expected a Polygon or MultiPolygon, got a LineString."
        ),
        (
            #"{"type":"Polygon","coordinates":[[[127,37.5],[127.1,37.6]]]}"#,
            ": coordinates[0]: It has 3 positions, fewer than 4."
        ),
        (
            #"{"type":"Feature","properties":null,"geometry":{"type":"MultiPolygon","coordinates":[[[[127,37.5],[127.1,37.6],[127,37.5],[127,37.5]]]]}}"#,
            ": geometry.coordinates[0]: The privacy zone polygon starting at 37.5,127 is invalid: it encloses no area."
        ),
        (
            #"{"type":"FeatureCollection","features":[]}"#,
            ": features: Give one Feature with a Polygon or MultiPolygon, not 0."
        ),
        (#"{"type":"Polygon","coordinates":[[[127,37.5],[127.1,37.6],"#, ":1:"),
    ])
    func aBadPolygonFileNamesTheFileAndThePath(_ text: String, _ expected: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let file = directory.file("zone.geojson")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["--db", db, "privacy", "add", "--name", "x", "--polygon", file.path])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: \(file.path)"))
        #expect(result.stderr.contains(expected))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPolygonIsReadFromStandardInputForADash() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let polygon = #"{"type":"Polygon","coordinates":[[[127.0,37.5],[127.01,37.5],[127.01,37.51],[127.0,37.5]]]}"#
        let added = try CLI.run(["--db", db, "privacy", "add", "--name", "office", "--polygon", "-"], input: polygon)
        #expect(added.status == 0)
        #expect(added.stdout == "Privacy zone 1 “office”: a polygon of 4 positions.\n")
        let bad = try CLI.run(
            ["--db", db, "privacy", "add", "--name", "x", "--polygon", "-"],
            input: #"{"type":"Point","coordinates":[127,37.5]}"#)
        #expect(bad.status == 1)
        #expect(bad.stderr == "Error: <stdin>: (root): Expected a Polygon or MultiPolygon, got a Point.\n")
        let missing = try CLI.run(
            ["--db", db, "privacy", "add", "--name", "x", "--polygon", "none.geojson"], directory: directory.url)
        #expect(missing.stderr == "Error: none.geojson: There is no such file; nothing was changed.\n")
        #expect(try CLI.run(["--db", db, "privacy", "list"]).stdout.split(separator: "\n").count == 2)
    }

    @Test func aCircleNeedsItsCentreAndRadius() throws {
        let result = try CLI.run(["privacy", "add", "--name", "home", "--at", "37.5,127"])
        #expect(result.status == 64)
        #expect(
            result.stderr == "Error: Give --at LAT,LON and --radius M for a circle, or --polygon FILE for a polygon.\n")
    }
}
