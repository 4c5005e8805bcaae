import FootprintGeo
import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Log entries and their categories, and a day's own log (`day set`).
@Suite struct LogEntryTests {
    let temporary: TemporaryStore
    var store: FootprintStore { temporary.store }

    init() throws {
        temporary = try TemporaryStore()
    }

    @Test func anEntryKeepsItsCategoryPlacesAndPhotos() throws {
        try temporary.addPlaces([
            try Coordinate(latitude: 37.5444, longitude: 127.0374), try Coordinate(latitude: 37.55, longitude: 127.04),
        ])
        let walk = try store.addCategory(name: "산책", color: "#22AA44")
        #expect(walk.name == "산책" && walk.color == "#22AA44")
        let photo = try store.addPhoto(Photo(path: "a.jpg"))
        let entry = try store.addLogEntry(
            NewLogEntry(
                date: "2024-05-18", title: "서울숲", body: "바람이 좋았다", category: "산책", walkMinutes: 45,
                placeIDs: [2, 1, 2], photoIDs: [photo.id!]))
        #expect(entry.placeIDs == [1, 2])
        #expect(entry.photoIDs == [photo.id!])
        #expect(entry.category == "산책" && entry.categoryColor == "#22AA44" && entry.walkMinutes == 45)
        #expect(try store.logEntry(id: entry.id) == entry)
        #expect(try store.logEntries(on: "2024-05-18") == [entry])
        #expect(try store.logEntries(on: "2024-05-19") == [])
        #expect(try store.logEntries(category: "산책") == [entry])
        #expect(try store.categories().map(\.entryCount) == [1])
    }

    @Test func listingsFilterByDayAndCategory() throws {
        _ = try store.addCategory(name: "카페", color: "#aa5500")
        let a = try store.addLogEntry(NewLogEntry(date: "2024-05-19", title: "b", category: "카페"))
        let b = try store.addLogEntry(NewLogEntry(date: "2024-05-18", title: "a"))
        let c = try store.addLogEntry(NewLogEntry(date: "2024-05-18", title: "c", category: "카페"))
        #expect(try store.logEntries().map(\.id) == [b.id, c.id, a.id])
        #expect(try store.logEntries(on: "2024-05-18", category: "카페").map(\.id) == [c.id])
        #expect(throws: FootprintStoreError.categoryNotFound(name: "없음")) { try store.logEntries(category: "없음") }
    }

    @Test func badEntriesWriteNothing() throws {
        let cases: [(NewLogEntry, FootprintStoreError)] = [
            (
                NewLogEntry(date: "2024-02-30", title: "t"),
                .invalidValue(
                    name: "date", value: "“2024-02-30”",
                    reason: "write a real calendar date as YYYY-MM-DD, such as 2024-05-18")
            ),
            (
                NewLogEntry(date: "2024-05-18", title: "  "),
                .invalidValue(name: "title", value: "“  ”", reason: "a log entry needs a title")
            ),
            (
                NewLogEntry(date: "2024-05-18", title: "t", walkMinutes: -5),
                .invalidValue(name: "walk minutes", value: "-5", reason: "it cannot be negative")
            ),
            (NewLogEntry(date: "2024-05-18", title: "t", category: "없음"), .categoryNotFound(name: "없음")),
            (NewLogEntry(date: "2024-05-18", title: "t", placeIDs: [9]), .placeNotFound(id: 9)),
            (NewLogEntry(date: "2024-05-18", title: "t", photoIDs: [9]), .photoNotFound(id: 9)),
        ]
        for (entry, error) in cases {
            #expect(throws: error) { try store.addLogEntry(entry) }
        }
        #expect(try store.logEntries() == [])
    }

    @Test func removingAnEntryKeepsItsPhotos() throws {
        let photo = try store.addPhoto(Photo(path: "a.jpg"))
        let entry = try store.addLogEntry(NewLogEntry(date: "2024-05-18", title: "t", photoIDs: [photo.id!]))
        try store.removeLogEntry(id: entry.id)
        #expect(throws: FootprintStoreError.logEntryNotFound(id: entry.id)) { try store.logEntry(id: entry.id) }
        #expect(throws: FootprintStoreError.logEntryNotFound(id: entry.id)) { try store.removeLogEntry(id: entry.id) }
        #expect(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM photos WHERE entry_id IS NULL") } == 1)
    }

    @Test func aCategoryInUseIsNotRemoved() throws {
        _ = try store.addCategory(name: "산책", color: "#22AA44")
        #expect(throws: FootprintStoreError.categoryExists(name: "산책")) {
            try store.addCategory(name: "산책", color: "#000000")
        }
        let entry = try store.addLogEntry(NewLogEntry(date: "2024-05-18", title: "t", category: "산책"))
        #expect(throws: FootprintStoreError.categoryInUse(name: "산책", entries: 1)) {
            try store.removeCategory(named: "산책")
        }
        try store.removeLogEntry(id: entry.id)
        try store.removeCategory(named: "산책")
        #expect(try store.categories() == [])
        #expect(throws: FootprintStoreError.categoryNotFound(name: "산책")) { try store.removeCategory(named: "산책") }
    }

    /// A name is stored and looked up in one form: trimmed of Unicode white space (a line
    /// separator pasted after it included) and in NFC (decomposed Hangul from macOS).
    @Test func aCategoryIsFoundByTheNameTypedWhenItWasAdded() throws {
        let typed = "산책\u{2028}"
        let decomposed = " 산책".decomposedStringWithCanonicalMapping + "\t"
        #expect(decomposed.unicodeScalars.count > 4)
        let added = try store.addCategory(name: typed, color: "#22AA44")
        #expect(added.name == "산책")
        #expect(LogCategory.normalizedName(decomposed) == "산책")
        #expect(throws: FootprintStoreError.categoryExists(name: "산책")) {
            try store.addCategory(name: decomposed, color: "#000000")
        }
        let entry = try store.addLogEntry(NewLogEntry(date: "2024-05-18", title: "t", category: typed))
        #expect(entry.category == "산책")
        #expect(try store.logEntries(category: decomposed).map(\.id) == [entry.id])
        #expect(throws: FootprintStoreError.categoryNotFound(name: "카페")) {
            try store.logEntries(category: "카페\u{2028}")
        }
        try store.removeLogEntry(id: entry.id)
        try store.removeCategory(named: typed)
        #expect(try store.categories().isEmpty)
    }

    @Test(arguments: ["#22AA4", "22AA44", "#22AA4G", "#22AA445", "red", "", "#２２AA44"])
    func aColourMustBeHashAndSixHexDigits(color: String) throws {
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "colour", value: "“\(color)”", reason: "write a colour as #RRGGBB, such as #FF8800")
        ) {
            try store.addCategory(name: "x", color: color)
        }
        // An empty mood clears it, so the mood's empty case is "#".
        let mood = color.isEmpty ? "#" : color
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "mood colour", value: "“\(mood)”", reason: "write a colour as #RRGGBB, such as #FF8800")
        ) {
            try store.setDay("2024-05-18", moodColor: mood)
        }
    }

    @Test func settingADayKeepsTheFieldsNotGiven() throws {
        try store.setDay("2024-05-18", score: 87, weather: "맑음", sleepMinutes: 420)
        let day = try store.setDay("2024-05-18", moodColor: "#FFAA00", note: "좋은 날")
        #expect(
            day
                == (try Day(
                    date: "2024-05-18", score: 87, weather: "맑음", sleepMinutes: 420, moodColor: "#FFAA00", note: "좋은 날"))
        )
        let cleared = try store.setDay("2024-05-18", weather: "")
        #expect(cleared.weather == nil && cleared.score == 87)
        #expect(try store.day("2024-05-18") == cleared)
    }

    @Test func badDaysAreRefused() throws {
        #expect(
            throws: FootprintStoreError.invalidValue(name: "score", value: "0", reason: "a day's score is 1 to 100")
        ) {
            try store.setDay("2024-05-18", score: 0)
        }
        #expect(
            throws: FootprintStoreError.invalidValue(name: "score", value: "101", reason: "a day's score is 1 to 100")
        ) {
            try store.setDay("2024-05-18", score: 101)
        }
        #expect(
            throws: FootprintStoreError.invalidValue(
                name: "sleep minutes", value: "-1", reason: "it cannot be negative")
        ) {
            try store.setDay("2024-05-18", sleepMinutes: -1)
        }
        #expect(throws: FootprintStoreError.self) { try store.setDay("2023-02-29", score: 50) }
        #expect(try store.setDay("2024-02-29", score: 1).score == 1)
        #expect(try store.setDay("2024-02-28", score: 100).score == 100)
        #expect(try store.day("2024-05-18") == nil)
    }
}
