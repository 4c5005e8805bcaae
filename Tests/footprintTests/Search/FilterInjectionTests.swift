import FootprintTestSupport
import Foundation
import Testing

/// Filter values (`--category`, `--tag`, `--all-tags`) and queries written in SQL, LIKE, GLOB,
/// FTS5 and JSON syntax are text: they match a place that holds exactly that text, nothing
/// else, never fail, and change nothing in the database.
@Suite struct FilterInjectionTests {
    let directory: TemporaryDirectory
    let db: String

    /// Values that would be syntax if they were pasted into SQL, a LIKE or GLOB pattern, an FTS5
    /// query or a JSON path.
    static let hostile = [
        "'; DROP TABLE places; --", "\" OR 1=1 --", "%", "_", "*", "?", "[a-z]", "\\", "카페' OR '1'='1",
        "NEAR(카페 바)", "카페 OR 바", "name:카페", "^카페", "{name tags}: 바", "$.tags[0]", ")(",
    ]

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        for (name, at, category, tag) in [
            ("카페 하나", "37.55,127.0", "음식점 > 카페", "커피"), ("바 둘", "37.551,127.001", "음식점 > 바", "야경"),
            ("이상한 곳", "37.552,127.002", "'; DROP TABLE places; --", "%"),
        ] {
            let added = try CLI.run([
                "--db", db, "place", "add", "--name=\(name)", "--at", at, "--category", category, "--tag", tag,
            ])
            try #require(added.status == 0, "\(added.stderr)")
        }
    }

    func names(_ arguments: [String]) throws -> [String] {
        let result = try CLI.run(["--db", db] + arguments.prefix(1) + ["--json"] + arguments.dropFirst())
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let objects = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return try #require(objects, "\(arguments): \(result.stdout)").compactMap { $0["name"] as? String }.sorted()
    }

    func placeCount() throws -> String {
        try sqlite(db, "SELECT count(*) FROM places").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: hostile)
    func aCategoryOrTagFilterIsText(_ value: String) throws {
        for command in [["search", "--", "곳"], ["nearby", "--at", "37.55,127.0", "--radius", "1000"]] {
            let category = try names(command.prefix(1) + ["--category", value] + command.dropFirst())
            #expect(category == (value == "'; DROP TABLE places; --" ? ["이상한 곳"] : []), "\(command) --category")
            let tag = try names(command.prefix(1) + ["--tag", value] + command.dropFirst())
            #expect(tag == (value == "%" ? ["이상한 곳"] : []), "\(command) --tag")
            let allTags = try names(command.prefix(1) + ["--all-tags", value] + command.dropFirst())
            #expect(allTags == (value == "%" ? ["이상한 곳"] : []), "\(command) --all-tags")
        }
        #expect(try placeCount() == "3")
    }

    @Test(arguments: hostile)
    func aQueryIsText(_ value: String) throws {
        let result = try CLI.run(["--db", db, "search", "--json", "--", value])
        #expect(result.status == 0, "\(value): \(result.stderr)")
        if value == "카페 OR 바" || value == "NEAR(카페 바)" {
            #expect(!result.stdout.contains("이상한 곳"))
        }
        #expect(try placeCount() == "3")
        #expect(try sqlite(db, "PRAGMA integrity_check").trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }
}
