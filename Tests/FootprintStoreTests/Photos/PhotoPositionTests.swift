import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// `photo add`'s position: given, else EXIF GPS, else the track at the photo's time.
@Suite struct PhotoPositionTests {
    let temporary: TemporaryStore
    var store: FootprintStore { temporary.store }
    /// 2024-05-18T10:00:00+09:00.
    static let morning = 1_715_994_000.0

    init() throws {
        temporary = try TemporaryStore()
    }

    func file(_ fixture: String?) throws -> String {
        let path = temporary.directory.file("\(fixture ?? "plain").jpg").path
        if let fixture {
            let url = try #require(
                Bundle.module.url(forResource: fixture, withExtension: "jpg", subdirectory: "Fixtures/photos"))
            try Data(contentsOf: url).write(to: URL(fileURLWithPath: path))
        } else {
            try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    static func time(_ offset: Double) -> LocalTime {
        LocalTime(date: Date(timeIntervalSince1970: morning + offset), utcOffsetSeconds: 32400)
    }

    /// Two segments: (37.50, 127.00) at +0 s to (37.51, 127.02) at +100 s, then (37.60, 127.10) at +1000 s.
    func storeTrack() throws {
        try store.insertTrack(
            id: 1,
            points: [
                TestPoint(latitude: 37.50, longitude: 127.00, epoch: Self.morning),
                TestPoint(latitude: 37.70, longitude: 127.30, epoch: Self.morning + 50, noise: 2),
                TestPoint(latitude: 37.51, longitude: 127.02, epoch: Self.morning + 100),
                TestPoint(latitude: 37.60, longitude: 127.10, epoch: Self.morning + 1000, segment: 1),
            ])
    }

    @Test func aGivenPositionComesFirst() throws {
        let at = try Coordinate(latitude: 35.1, longitude: 129.0)
        let added = try store.addPhoto(file: file("seoul-forest"), takenAt: Self.time(0), coordinate: at)
        #expect(added.photo.coordinate == at && added.positionSource == .given)
        #expect(added.photo.localDate == "2024-05-18")
    }

    @Test func theEXIFPositionComesNext() throws {
        try storeTrack()
        let added = try store.addPhoto(file: file("seoul-forest"), takenAt: Self.time(25))
        #expect(added.positionSource == .exif)
        #expect(abs(added.photo.coordinate!.latitude - 37.5444) < 1e-9)
        #expect(try store.photos(on: "2024-05-18") == [added.photo])
    }

    @Test func theTrackIsInterpolatedBetweenKeptNeighbours() throws {
        try storeTrack()
        // A quarter of the way from +0 s to +100 s; the noise point at +50 s is not a neighbour.
        let added = try store.addPhoto(file: file("no-gps"), takenAt: Self.time(25))
        #expect(added.positionSource == .track)
        let coordinate = try #require(added.photo.coordinate)
        #expect(abs(coordinate.latitude - 37.5025) < 1e-12)
        #expect(abs(coordinate.longitude - 127.005) < 1e-12)
        #expect(added.exifProblem == nil)
    }

    @Test func acrossASegmentBreakTheNearerPointIsTaken() throws {
        try storeTrack()
        #expect(
            try store.trackCoordinate(at: Self.morning + 400) == Coordinate(uncheckedLatitude: 37.51, longitude: 127.02)
        )
        #expect(
            try store.trackCoordinate(at: Self.morning + 700) == Coordinate(uncheckedLatitude: 37.60, longitude: 127.10)
        )
    }

    @Test func noPositionBeyondTenMinutes() throws {
        try storeTrack()
        #expect(
            try store.trackCoordinate(at: Self.morning - 600) == Coordinate(uncheckedLatitude: 37.50, longitude: 127.00)
        )
        #expect(try store.trackCoordinate(at: Self.morning - 601) == nil)
        #expect(
            try store.trackCoordinate(at: Self.morning + 1600)
                == Coordinate(uncheckedLatitude: 37.60, longitude: 127.10))
        #expect(try store.trackCoordinate(at: Self.morning + 1601) == nil)
        let added = try store.addPhoto(file: file(nil), takenAt: Self.time(-3600))
        #expect(added.positionSource == PhotoPositionSource.none && added.photo.coordinate == nil)
    }

    @Test func aMalformedEXIFBlockFallsBackToTheTrack() throws {
        try storeTrack()
        let path = try file("seoul-forest")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let exif = try #require(bytes.indices.first { bytes[$0] == 0x45 && bytes[$0 + 1] == 0x78 })
        bytes[exif + 6] = 0x41  // "AM": no TIFF byte order
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let added = try store.addPhoto(file: path, takenAt: Self.time(0))
        #expect(added.positionSource == .track)
        #expect(added.exifProblem == "the EXIF block has no TIFF byte order (II or MM)")
    }

    @Test func aMissingFileOrUnknownPlaceAddsNothing() throws {
        let missing = temporary.directory.file("nowhere.jpg").path
        #expect(throws: FootprintStoreError.photoFileMissing(path: missing)) {
            try store.addPhoto(file: missing, takenAt: Self.time(0))
        }
        #expect(throws: FootprintStoreError.photoFileMissing(path: temporary.directory.url.path)) {
            try store.addPhoto(file: temporary.directory.url.path, takenAt: Self.time(0))
        }
        #expect(throws: FootprintStoreError.placeNotFound(id: 4)) {
            try store.addPhoto(file: file("no-gps"), takenAt: Self.time(0), placeID: 4)
        }
        #expect(try store.photos(on: "2024-05-18") == [])
    }
}
