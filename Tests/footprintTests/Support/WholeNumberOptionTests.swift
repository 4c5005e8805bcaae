import FootprintTestSupport
import Foundation
import Testing

/// Whole-number options beyond 64 bits are one sentence naming the option and the text typed,
/// not the parser's usage dump; text that is not a whole number stays a syntax error.
@Suite struct WholeNumberOptionTests {
    static let range = "(-9223372036854775808…9223372036854775807)"

    @Test(arguments: [
        (["geo", "tile", "--at", "37.5,127", "--zoom", "99999999999999999999"], "zoom", "99999999999999999999"),
        (["geo", "polyline", "decode", "--precision", "-99999999999999999999"], "precision", "-99999999999999999999"),
        (
            ["geo", "simplify", "--tolerance", "1", "--decimals", "18446744073709551616"], "decimals",
            "18446744073709551616"
        ),
    ])
    func hugeValuesAreOneSentence(_ arguments: [String], _ name: String, _ text: String) throws {
        let result = try CLI.run(arguments, input: #"{"type":"Point","coordinates":[127,37.5]}"#)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "Error: The \(name) \(text) is invalid: it is outside the 64-bit whole numbers \(Self.range).\n")
    }

    @Test func databaseCommandsToo() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for (arguments, name) in [
            (["nearby", "--at", "37.5,127", "--k", "99999999999999999999"], "k"),
            (["place", "list", "--limit", "99999999999999999999"], "limit"),
            (["nearby", "--at", "37.5,127", "--k", "3", "--min-likes", "99999999999999999999"], "min-likes"),
        ] {
            let result = try CLI.run(["--db", db] + arguments)
            #expect(
                result.stderr
                    == "Error: The \(name) 99999999999999999999 is invalid: it is outside the 64-bit whole numbers "
                    + "\(Self.range).\n")
        }
        let ordinary = try CLI.run(["--db", db, "place", "list", "--limit", "+5", "--json"])
        #expect(ordinary.status == 0)
    }

    @Test func ordinaryValuesAndSyntaxErrorsAreAsBefore() throws {
        #expect(try CLI.run(["geo", "tile", "--at", "37.5665,126.978", "--zoom", "14"]).stdout == "14/13970/6344\n")
        let outOfRange = try CLI.run(["geo", "tile", "--at", "37.5665,126.978", "--zoom", "23"])
        #expect(outOfRange.stderr == "Error: The zoom 23 is invalid: it must be a whole number from 0 to 22.\n")
        let syntax = try CLI.run(["geo", "tile", "--at", "37.5665,126.978", "--zoom", "1e3"])
        #expect(
            syntax.stderr == "Error: The value “1e3” is invalid for “--zoom <Z>”; see “footprint geo tile --help”.\n")
        #expect(syntax.status == 64)
    }
}
