import Foundation
import Testing

/// `photo add`: the position given, from EXIF GPS, or on the track; times with and without offsets.
@Suite struct PhotoCommandTests {
    let diary: DiaryDatabase

    init() throws {
        diary = try DiaryDatabase()
        try diary.storeWalk()
    }

    @Test func theEXIFPositionIsRead() throws {
        let add = try diary.run([
            "photo", "add", try diary.photo("seoul-forest"), "--taken-at", "2024-05-18T10:00:15+09:00",
        ])
        #expect(add.status == 0)
        // 37°32'39.84"N 127°2'14.64"E, as make_photos.py wrote it.
        #expect(
            add.stdout
                == "Photo 1 taken 2024-05-18T10:00:15+09:00 at 37.5444,127.0374 (from its EXIF GPS).\n"
        )
    }

    @Test func withoutEXIFTheTrackIsInterpolated() throws {
        let add = try diary.run([
            "photo", "add", try diary.photo("no-gps"), "--taken-at", "2024-05-18T10:00:45+09:00", "--json",
        ])
        let photo = try #require(
            (try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(photo["position_source"] as? String == "track")
        // Three quarters from 37.5444 (10:00:00) to 37.5454 (10:01:00); the spike at 10:00:30 is noise.
        #expect(abs((photo["lat"] as? Double ?? 0) - 37.54515) < 1e-12)
        #expect(photo["lon"] as? Double == 127.0374)
    }

    @Test func aGivenPositionAndPlaceAreKept() throws {
        let add = try diary.run([
            "photo", "add", try diary.photo("seoul-forest"), "--taken-at", "2024-05-18T12:00+09:00", "--at",
            "35.1,129.04", "--place", "1",
        ])
        #expect(add.stdout == "Photo 1 taken 2024-05-18T12:00:00+09:00 at 35.1,129.04.\n")
        #expect(
            try diary.run(["day", "show", "2024-05-18", "--json"]).stdout.contains(
                ##""photos":[{"id":1,"file":"\##(try diary.photo("seoul-forest"))","taken_at":"2024-05-18T12:00:00+09:00","lat":35.1,"lon":129.04,"place_id":1}]"##
            ))
    }

    @Test func aTimeWithoutOffsetIsInTheSystemZone() throws {
        let add = try diary.run(
            ["photo", "add", try diary.photo("no-gps"), "--taken-at", "2024-05-18T10:00:00"],
            environment: ["TZ": "Asia/Seoul"])
        #expect(add.stdout == "Photo 1 taken 2024-05-18T10:00:00+09:00 at 37.5444,127.0374 (on the track).\n")
        let utc = try diary.run(
            ["photo", "add", try diary.photo("no-gps"), "--taken-at", "2024-05-18T10:00:00"], environment: ["TZ": "UTC"]
        )
        #expect(
            utc.stdout
                == "Photo 2 taken 2024-05-18T10:00:00+00:00, with no position (no EXIF GPS, no track point within 10 minutes).\n"
        )
    }

    @Test func aDamagedEXIFBlockIsAWarning() throws {
        let path = try diary.photo("seoul-forest")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let exif = try #require(bytes.indices.first { bytes[$0] == 0x45 && bytes[$0 + 1] == 0x78 })
        bytes[exif + 6] = 0x41
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let add = try diary.run(["photo", "add", path, "--taken-at", "2024-05-18T10:01:00+09:00"])
        #expect(add.status == 0)
        #expect(
            add.stderr
                == "Warning: \(path): Its EXIF metadata was not used: the EXIF block has no TIFF byte order (II or MM).\n"
        )
        #expect(add.stdout == "Photo 1 taken 2024-05-18T10:01:00+09:00 at 37.5454,127.0374 (on the track).\n")
    }

    @Test(arguments: [
        (
            ["photo", "add", "missing.jpg", "--taken-at", "2024-05-18T10:00+09:00"], 1,
            "missing.jpg: There is no such photo file; nothing was added."
        ),
        (
            ["photo", "add", "IMG", "--taken-at", "2024-02-30T10:00+09:00"], 1,
            "The time “2024-02-30T10:00+09:00” is invalid: no such date or time."
        ),
        (
            ["photo", "add", "IMG", "--taken-at", "noon"], 1,
            "The time “noon” is invalid: write it as ISO 8601, e.g. 2024-05-04T14:30+09:00."
        ),
        (
            ["photo", "add", "IMG", "--taken-at", "2024-05-18T10:00+09:00", "--at", "127,37.5"], 1,
            "The latitude 127 is out of range and the longitude 37.5 looks like a latitude: give the point as LAT,LON (37.5,127)."
        ),
        (["photo", "add", "IMG", "--taken-at", "2024-05-18T10:00+09:00", "--place", "9"], 1, "No place has the id 9."),
        (
            ["photo", "add", "IMG"], 64,
            "Missing expected argument “--taken-at <taken-at>”; see “footprint photo add --help”."
        ),
    ])
    func badInputIsOneSentence(arguments: [String], status: Int32, message: String) throws {
        let photo = try diary.photo("no-gps")
        let before = try diary.dump()
        let result = try diary.run(arguments.map { $0 == "IMG" ? photo : $0 })
        #expect(result.status == status)
        #expect(result.stderr == "Error: \(message)\n")
        #expect(try diary.dump() == before)
    }
}
