import Foundation
import Testing

/// `log add/list/show/remove` and `category add/list/remove`.
@Suite struct LogCommandTests {
    let diary: DiaryDatabase

    init() throws {
        diary = try DiaryDatabase()
    }

    @Test func entriesAreAddedListedShownAndRemoved() throws {
        try diary.run(["place", "add", "--name", "서울숲", "--at", "37.5444,127.0374"])
        let category = try diary.run(["category", "add", "산책", "--color", "#22aa44"])
        #expect(category.stdout == "Category 산책 (#22aa44) added.\n")
        let add = try diary.run([
            "log", "add", "2024-05-18", "--title", "서울숲 산책", "--body", "바람\n좋음", "--category", "산책",
            "--walk-minutes", "45", "--place", "1",
        ])
        #expect(add.status == 0 && add.stdout == "Log entry 1 on 2024-05-18: 서울숲 산책\n")
        try diary.run(["log", "add", "2024-05-17", "--title", "-- 어제 --"])
        let list = try diary.run(["log", "list"])
        #expect(
            list.stdout == """
                ID  DATE        CATEGORY  WALK    TITLE
                2   2024-05-17                    -- 어제 --
                1   2024-05-18  산책      45 min  서울숲 산책

                """)
        let json = try diary.run(["log", "list", "--category", "산책", "--json"])
        let created = try #require(json.stdout.firstMatch(of: /"created_at":"([^"]+)"/)?.1)
        #expect(
            json.stdout
                == ##"[{"id":1,"date":"2024-05-18","title":"서울숲 산책","body":"바람\n좋음","category":"산책","color":"#22aa44","##
                + ##""walk_minutes":45,"places":[1],"photos":[],"created_at":"\##(created)"}]"## + "\n")
        #expect(try diary.run(["log", "list", "--day", "2024-05-17", "--json"]).stdout.hasPrefix(##"[{"id":2,"##))
        #expect(try diary.run(["log", "list", "--day", "2024-05-19", "--json"]).stdout == "[]\n")
        #expect(try diary.run(["log", "show", "1", "--json"]).stdout == json.stdout)
        #expect(
            try diary.run(["log", "show", "1"]).stdout == """
                1  2024-05-18  서울숲 산책
                  category  산책 (#22aa44)
                  walk      45 min
                  places    1
                  body      바람 좋음
                  written   \(created)

                """)
        #expect(try diary.run(["log", "remove", "1"]).stdout == "Log entry 1 removed.\n")
        let gone = try diary.run(["log", "show", "1"])
        #expect(gone.status == 1 && gone.stderr == "Error: No log entry has the id 1.\n")
        #expect(try diary.run(["log", "remove", "1"]).stderr == "Error: No log entry has the id 1.\n")
    }

    @Test func aCategoryIsRemovedOnlyWhenUnused() throws {
        try diary.run(["category", "add", "카페", "--color", "#AA5500"])
        try diary.run(["category", "add", "산책", "--color", "#22AA44"])
        try diary.run(["log", "add", "2024-05-18", "--title", "라떼", "--category", "카페"])
        #expect(
            try diary.run(["category", "list"]).stdout == """
                NAME  COLOR    ENTRIES
                산책  #22AA44  0
                카페  #AA5500  1

                """)
        #expect(
            try diary.run(["category", "list", "--json"]).stdout
                == ##"[{"id":2,"name":"산책","color":"#22AA44","entries":0},{"id":1,"name":"카페","color":"#AA5500","entries":1}]"##
                + "\n")
        let refused = try diary.run(["category", "remove", "카페"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "Error: The category “카페” was not removed: 1 log entry uses it; give them another category or remove them first.\n"
        )
        #expect(try diary.run(["category", "remove", "산책"]).stdout == "Category 산책 removed.\n")
        try diary.run(["log", "remove", "1"])
        #expect(try diary.run(["category", "remove", "카페"]).status == 0)
        #expect(try diary.run(["category", "list", "--json"]).stdout == "[]\n")
    }

    @Test func aCategoryNameIsReadAlikeByEveryCommand() throws {
        let typed = "산책\u{2028}"
        #expect(
            try diary.run(["category", "add", typed, "--color", "#22aa44"]).stdout == "Category 산책 (#22aa44) added.\n")
        let added = try diary.run(["log", "add", "2024-05-18", "--title", "숲", "--category", typed])
        #expect(added.status == 0)
        #expect(added.stderr == "")
        let listed = try diary.run(["log", "list", "--category", " 산책 ", "--json"])
        #expect(listed.stdout.contains(#""category":"산책""#))
        #expect(try diary.run(["log", "remove", "1"]).status == 0)
        #expect(try diary.run(["category", "remove", typed]).stdout == "Category 산책 removed.\n")
    }

    @Test(arguments: [
        (
            ["category", "add", "x", "--color", "red"], 1,
            "The colour “red” is invalid: write a colour as #RRGGBB, such as #FF8800."
        ),
        (
            ["category", "add", "x", "--color", "#12345"], 1,
            "The colour “#12345” is invalid: write a colour as #RRGGBB, such as #FF8800."
        ),
        (
            ["category", "add", "x"], 64,
            "Missing expected argument “--color <color>”; see “footprint category add --help”."
        ),
        (
            ["category", "remove", "없음"], 1,
            "No category is named “없음”; add it with “footprint category add 없음 --color '#RRGGBB'”."
        ),
        (
            ["log", "add", "2024-02-30", "--title", "t"], 1,
            "The date “2024-02-30” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
        (["log", "add", "2024-05-18", "--title", " "], 1, "The title “ ” is invalid: a log entry needs a title."),
        (
            ["log", "add", "2024-05-18", "--title", "t", "--walk-minutes", "-1"], 1,
            "The walk minutes -1 is invalid: it cannot be negative."
        ),
        (
            ["log", "add", "2024-05-18", "--title", "t", "--category", "없음"], 1,
            "No category is named “없음”; add it with “footprint category add 없음 --color '#RRGGBB'”."
        ),
        (["log", "add", "2024-05-18", "--title", "t", "--place", "7"], 1, "No place has the id 7."),
        (["log", "add", "2024-05-18", "--title", "t", "--photo", "7"], 1, "No photo has the id 7."),
        (
            ["log", "add", "2024-05-18", "--title", "t", "--place", "x"], 64,
            "The value “x” is invalid for “--place <place>”; see “footprint log add --help”."
        ),
        (
            ["log", "list", "--day", "2024-13-01"], 1,
            "The date “2024-13-01” is invalid: write a real calendar date as YYYY-MM-DD, such as 2024-05-18."
        ),
        (
            ["log", "list", "--category", "없음"], 1,
            "No category is named “없음”; add it with “footprint category add 없음 --color '#RRGGBB'”."
        ),
        (["log", "show", "9"], 1, "No log entry has the id 9."),
    ])
    func badInputIsOneSentence(arguments: [String], status: Int32, message: String) throws {
        let before = try diary.dump()
        let result = try diary.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == "Error: \(message)\n")
        #expect(try diary.dump() == before)
    }
}
