import FootprintTestSupport
import Foundation
import Testing

/// `place list` writes as it reads: listings longer than a text page and JSON longer than an
/// output block come out as a listing held whole would.
@Suite struct PlaceListCommandTests {
    let directory: TemporaryDirectory
    let db: String
    /// More places than ``PlaceListCommand/pageSize`` (1000): the text table is measured in a
    /// pass of its own.
    static let count = 1205
    /// The one long name, past the first page: it sets the NAME column's width.
    static let longName = "the longest name of them all; 한글 too"

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        var csv = "id,name,lat,lon,category\n"
        for index in 1...Self.count {
            let name = index == 1100 ? Self.longName : "place \(index)"
            csv += "\(index),\(name),37.5,127.0\(index % 10),카페\n"
        }
        let file = directory.file("places.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLI.run(["--db", db, "import", "places", file.path, "--quiet"])
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// The NAME column is as wide as the long name in terminal cells: 30 ASCII characters before
    /// 한글 (two cells a syllable), 4 after.
    static let nameWidth = 30 + 2 * 2 + 4

    @Test func aTextListingLongerThanAPageLinesUpWithItsWidestRow() throws {
        let result = try CLI.run(["--db", db, "place", "list", "--all"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == Self.count + 2)  // header, rows, the empty string after the last newline
        #expect(lines.last == "")
        // CATEGORY is as wide as its header (8), LAT,LON as `37.5,127.01` (11): trailing zeros are dropped.
        #expect(
            lines[0] == "ID    NAME" + String(repeating: " ", count: Self.nameWidth - 4)
                + "  CATEGORY  LAT,LON      TAGS")
        #expect(
            lines[1] == "1     place 1" + String(repeating: " ", count: Self.nameWidth - 7) + "  카페      37.5,127.01  ")
        #expect(
            lines[1100] == "1100  " + Self.longName + "  카페      37.5,127     ")
        #expect(
            lines[Self.count] == "1205  place 1205" + String(repeating: " ", count: Self.nameWidth - 10)
                + "  카페      37.5,127.05  ")
    }

    @Test func aShortTextListingIsMeasuredFromItsOwnRows() throws {
        let result = try CLI.run(["--db", db, "place", "list", "--limit", "2"])
        #expect(
            result.stdout
                == "ID  NAME     CATEGORY  LAT,LON      TAGS\n1   place 1  카페      37.5,127.01  \n2   place 2  카페      37.5,127.02  \n"
        )
    }

    @Test func aJSONListingLongerThanAnOutputBlockIsOneDocument() throws {
        let result = try CLI.run(["--db", db, "place", "list", "--all", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.utf8.count > 65_536)
        #expect(
            result.stdout.hasPrefix(
                #"[{"id":1,"name":"place 1","lat":37.5,"lon":127.01,"category":"카페","tags":[],"likes":0,"address":null,"source":"places.csv","source_id":"1"},{"id":2,"#
            ))
        #expect(result.stdout.hasSuffix(#""source_id":"1205"}]"# + "\n"))
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == Self.count)
        #expect(objects.map { $0["id"] as? Int } == (1...Self.count).map { $0 })
        #expect(objects[1099]["name"] as? String == Self.longName)
    }

    @Test func anEmptyListingIsAnEmptyArrayOrAHeader() throws {
        let empty = directory.file("empty.sqlite").path
        #expect(try CLI.run(["--db", empty, "init"]).status == 0)
        #expect(try CLI.run(["--db", empty, "place", "list", "--all", "--json"]).stdout == "[]\n")
        #expect(try CLI.run(["--db", empty, "place", "list"]).stdout == "ID  NAME  CATEGORY  LAT,LON  TAGS\n")
    }
}
