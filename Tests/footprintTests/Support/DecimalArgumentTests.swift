import FootprintTestSupport
import Foundation
import Testing

@testable import footprint

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
                result.stderr
                    == "Error: The \(name) “\(text)” is invalid: write it as a decimal number, e.g. 500 or 2.5.\n",
                "\(arguments)")
        }
    }

    @Test func decimalNotationIsRead() throws {
        let result = try CLI.run([
            "geo", "destination", "--from", "37.5,127", "--bearing", " +9E1", "--distance", ".1e4",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("37.49999946,127.01130896"))
    }

    /// The scanner keeps the syntax the regex `[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)`
    /// had, spaces (tab and Zs) trimmed around it.
    @Test(arguments: [
        ("1", 1.0), ("-2.5", -2.5), ("+.5", 0.5), ("5.", 5.0), ("1.5e+3", 1500), ("2E-1", 0.2), ("\t 7 ", 7),
        ("\u{3000}12\u{00A0}", 12), ("INF", .infinity), ("-Infinity", -.infinity),
    ])
    func theScannerReadsDecimals(_ text: String, _ expected: Double) {
        #expect(DecimalArgument.decimal(Substring(text)) == expected)
    }

    @Test(arguments: [
        "", " ", ".", "+", "e5", "1e", "1e+", "1.2.3", "0x10", "1,000", "١٢", "12\n", "infinit", "nanx", "--1", "1 2",
        "1e5x", String(repeating: "9", count: 70_000) + "x",
    ])
    func theScannerRefusesTheRest(_ text: String) {
        #expect(DecimalArgument.decimal(Substring(text)) == nil)
    }

    @Test func nanIsANumberForTheChecks() {
        #expect(DecimalArgument.decimal("NaN")?.isNaN == true)
    }
}
