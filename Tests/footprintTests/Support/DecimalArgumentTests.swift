import FootprintTestSupport
import Foundation
import Testing

/// Number options read decimal notation only, and anything else is one sentence naming the
/// option — never hexadecimal read as a number, never the parser's usage dump.
@Suite struct DecimalArgumentTests {
    @Test(arguments: ["0x10", "1,000", "500m", "", "1e", "1.2.3"])
    func notADecimalNumberIsOneSentence(_ text: String) throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let cases: [(arguments: [String], name: String, input: String?)] = [
            (["--db", db, "search", "카페", "--near", "37.5,127", "--within", text], "radius", nil),
            (["--db", db, "nearby", "--at", "37.5,127", "--radius", text], "radius", nil),
            (["geo", "destination", "--from", "37.5,127", "--bearing", text, "--distance", "10"], "bearing", nil),
            (["geo", "destination", "--from", "37.5,127", "--bearing", "90", "--distance", text], "distance", nil),
            (["geo", "simplify", "--tolerance", text], "tolerance", #"{"type":"Point","coordinates":[0,0]}"#),
        ]
        for (arguments, name, input) in cases {
            let result = try CLI.run(arguments, input: input)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr == "Error: The \(name) “\(text)” is invalid: write it as a decimal number, e.g. 500 or 2.5.\n",
                "\(arguments)")
        }
    }

    @Test func decimalNotationIsRead() throws {
        let result = try CLI.run(["geo", "destination", "--from", "37.5,127", "--bearing", " +9E1", "--distance", ".1e4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("37.49999946,127.01130896"))
    }
}
