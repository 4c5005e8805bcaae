import Foundation
import Testing

@testable import FootprintStore

/// `--tz` forms and the local days they give.
@Suite struct TrackTimeZoneTests {
    @Test(arguments: [
        ("+09:00", 32_400), ("-03:30", -12_600), ("+0530", 19_800), ("+09", 32_400), ("Z", 0), ("-00:00", 0),
        ("+18:00", 64_800),
    ])
    func offsets(text: String, seconds: Int) throws {
        #expect(try TrackTimeZone(text) == .fixed(seconds: seconds))
    }

    @Test func ianaNames() throws {
        let zone = try TrackTimeZone("Asia/Seoul")
        #expect(zone.description == "Asia/Seoul")
        #expect(zone.offset(at: Date(timeIntervalSince1970: 1_716_000_000)) == 32_400)
        #expect(try TrackTimeZone("-03:30").description == "-03:30")
    }

    @Test(arguments: ["+25:00", "+18:01", "+09:60", "+9:00", "+09:0", "Mars/Olympus_Mons", "", "+０９:00"])
    func refused(text: String) {
        #expect(throws: FootprintStoreError.self) { try TrackTimeZone(text) }
    }

    @Test func dateText() {
        // Days since 1970-01-01, counted with Python's datetime.date.
        #expect(LocalDayClock.dateText(daysSince1970: 0) == "1970-01-01")
        #expect(LocalDayClock.dateText(daysSince1970: -1) == "1969-12-31")
        #expect(LocalDayClock.dateText(daysSince1970: 19_861) == "2024-05-18")
        #expect(LocalDayClock.dateText(daysSince1970: -24_856) == "1901-12-13")
        #expect(LocalDayClock.dateText(daysSince1970: 11_016) == "2000-02-29")
    }

    @Test func midnightInSeoul() {
        var clock = LocalDayClock(zone: .fixed(seconds: 32_400))
        // 2024-05-18T14:59:59Z is 23:59:59 in Seoul; a second later it is the 19th there.
        #expect(clock.local(1_716_044_399) == (32_400, "2024-05-18"))
        #expect(clock.local(1_716_044_400) == (32_400, "2024-05-19"))
        #expect(clock.local(1_716_044_399.5) == (32_400, "2024-05-18"))
    }

    @Test func daylightSavingTimeInBerlin() throws {
        var clock = LocalDayClock(zone: try TrackTimeZone("Europe/Berlin"))
        // Clocks went forward at 2024-03-31T01:00:00Z.
        #expect(clock.local(1_711_846_799).offset == 3_600)
        #expect(clock.local(1_711_846_800).offset == 7_200)
        #expect(clock.local(1_711_846_799).offset == 3_600)
        // 22:30Z on the 31st is 00:30 on April 1st in summer time.
        #expect(clock.local(1_711_924_200) == (7_200, "2024-04-01"))
    }
}
