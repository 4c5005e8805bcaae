import FootprintTestSupport
import Foundation
import Testing

/// `--json` writes whole numbers digit for digit: likes beyond 2⁵³ (9007199254740993 has no
/// double) come out as they went in, from the database and through `geo simplify`.
@Suite struct LargeIntegerOutputTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    @Test func placeListAndExportKeepLikesBeyondADouble() throws {
        let file = directory.file("big.csv")
        try Data("id,name,lat,lon,likes\n1,A,37.5,127,9007199254740993\n".utf8).write(to: file)
        #expect(try CLI.run(["--db", db, "import", "places", file.path]).status == 0)
        let list = try CLI.run(["--db", db, "place", "list", "--json"])
        #expect(list.stdout.contains(#""likes":9007199254740993,"#))
        let nearby = try CLI.run(["--db", db, "nearby", "--at", "37.5,127", "--k", "1", "--json"])
        #expect(nearby.stdout.contains(#""likes":9007199254740993,"#))
        let export = try CLI.run(["--db", db, "export", "places"])
        #expect(export.stdout.contains(#""likes":9007199254740993,"#))
    }

    @Test func geoSimplifyPassesLargeIdsAndPropertiesThrough() throws {
        let input =
            #"{"type":"Feature","id":9007199254740993,"geometry":{"type":"LineString","coordinates":[[127,37.5],[127.1,37.6]]},"#
            + #""properties":{"likes":-9223372036854775808}}"#
        let result = try CLI.run(["geo", "simplify", "--tolerance", "1"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout == input + "\n")
    }
}
