import FootprintTestSupport
import Foundation
import Testing

/// `LAT,LON` options: a malformed point is one sentence, not the argument parser's usage dump.
@Suite struct PointArgumentTests {
    static let malformed = ["37.5", "37.5,127,1", "0x10,127", "37.5,abc", ",", "37.5;127"]

    @Test(arguments: malformed)
    func aMalformedPointIsOneSentence(_ point: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for arguments in [["search", "카페", "--near", point], ["nearby", "--at", point, "--k", "3"], ["geo", "tile", "--at", point, "--zoom", "14"]] {
            let result = try CLI.run(["--db", db] + arguments)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "Error: The point “\(point)” is invalid: write it as LAT,LON in decimal degrees, e.g. 37.5665,126.978.\n",
                "\(arguments)")
        }
    }

    @Test func spacesAroundTheNumbersAreFine() throws {
        let result = try CLI.run(["geo", "distance", "--from", " 37.5665, 126.978", "--to", "37.5665,126.978"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
