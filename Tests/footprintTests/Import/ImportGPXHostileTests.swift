import FootprintTestSupport
import Foundation
import Testing

/// Hostile and broken GPX through `footprint import gpx`: one sentence `FILE:LINE:COLUMN: Reason;
/// nothing was imported.`, a non-zero exit, and nothing written — no new database, and an
/// existing one exactly as it was, even when whole tracks came before the error.
@Suite struct ImportGPXHostileTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    /// (name, document, the message after `FILE:`). The documents end without a line feed: a
    /// truncated file's error is at the column after its last character.
    static let cases: [(String, String, String)] = [
        (
            "bomb.gpx",
            """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <gpx version="1.1"><wpt lat="1" lon="2"><name>&lol3;</name></wpt></gpx>
            """,
            "2:1: The document has a DOCTYPE, which GPX never needs; it is refused so that no entity is expanded; "
                + "nothing was imported."
        ),
        (
            "external.gpx",
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx SYSTEM "file:///etc/passwd">
            <gpx version="1.1"/>
            """,
            "2:1: The document has a DOCTYPE, which GPX never needs; it is refused so that no entity is expanded; "
                + "nothing was imported."
        ),
        (
            "undefined.gpx",
            #"<gpx version="1.1"><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>"#,
            "1:47: The entity &xxe; is not defined (only &lt; &gt; &amp; &quot; &apos; are, and no entity is "
                + "expanded); nothing was imported."
        ),
        (
            "kml.gpx",
            """
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>
            """,
            "2:1: The root element is <kml>, not <gpx>: this is not a GPX file; nothing was imported."
        ),
        (
            "truncated.gpx",
            """
            <gpx version="1.1" creator="t">
            <trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-18T01:00:00Z</time></trkpt>
            </trkseg></trk>
            <trk><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-18T01:00:10Z</time></trkpt>
            """,
            "6:65: The file ends inside <trkseg> opened at line 5: it is truncated; nothing was imported."
        ),
        (
            "mid-tag.gpx",
            """
            <gpx version="1.1" creator="t">
            <wpt lat="1" lon="2"/>
            <trk><trkseg><trkpt lat="1" lon="2"></trk
            """,
            "3:37: The file ends inside a tag, comment or declaration; nothing was imported."
        ),
        ("empty.gpx", "", "1:1: The input holds no XML element, so no <gpx>; nothing was imported."),
    ]

    @Test(arguments: cases)
    func refusedWithOneSentenceAndNothingWritten(name: String, document: String, message: String) throws {
        let file = directory.file(name)
        try Data(document.utf8).write(to: file)
        let fresh = try CLI.run(["--db", db, "import", "gpx", file.path])
        #expect(fresh.status != 0)
        #expect(fresh.stdout == "")
        #expect(fresh.stderr == "Error: \(file.path):\(message)\n")
        #expect(!FileManager.default.fileExists(atPath: db), "a failed import must not leave a new database")

        let good = directory.file("good.gpx")
        try Data(#"<gpx version="1.1"><wpt lat="1" lon="2"><name>a</name></wpt></gpx>"#.utf8).write(to: good)
        #expect(try CLI.run(["--db", db, "import", "gpx", good.path]).status == 0)
        let counts =
            "SELECT (SELECT count(*) FROM tracks), (SELECT count(*) FROM track_points), "
            + "(SELECT count(*) FROM track_days), (SELECT count(*) FROM places)"
        #expect(try sqlite(db, counts) == "0|0|0|1\n")
        let existing = try CLI.run(["--db", db, "import", "gpx", file.path])
        #expect(existing.status != 0)
        #expect(existing.stderr == "Error: \(file.path):\(message)\n")
        #expect(try sqlite(db, counts) == "0|0|0|1\n")
        #expect(
            try sqlite(db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'places'")
                == "22\n")
    }

    @Test func aMissingFileIsOneSentence() throws {
        let result = try CLI.run(["--db", db, "import", "gpx", directory.file("none.gpx").path])
        #expect(result.status != 0)
        #expect(
            result.stderr == "Error: \(directory.file("none.gpx").path): There is no such file; nothing was imported.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
