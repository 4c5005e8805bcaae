import Foundation
import Testing

@testable import FootprintGeo

@Suite("GPX writer")
struct GPXWriterTests {
    static let sample = GPXDocument(
        metadata: GPXMetadata(name: "Seoul walk", time: Date(timeIntervalSince1970: 1_714_555_800)),
        waypoints: [
            GPXPoint(
                coordinate: Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978), elevation: 38.5,
                time: Date(timeIntervalSince1970: 1_714_555_800.25), hdop: 4, name: "Café <Tom & \"Jerry's\">",
                description: "line\r\nbreak\u{7}")
        ],
        routes: [
            GPXRoute(
                name: "plan",
                points: [
                    GPXPoint(coordinate: Coordinate(uncheckedLatitude: 37.1234567891, longitude: -0.000000001)),
                    GPXPoint(coordinate: Coordinate(uncheckedLatitude: -33.87, longitude: 151.21)),
                ])
        ],
        tracks: [
            GPXTrack(
                name: "산책",
                segments: [
                    [
                        GPXPoint(
                            coordinate: Coordinate(uncheckedLatitude: 37.566507, longitude: 126.978062), elevation: 40,
                            time: Date(timeIntervalSince1970: 1_714_521_600)),
                        GPXPoint(
                            coordinate: Coordinate(uncheckedLatitude: 37.566494, longitude: 126.978122),
                            elevation: -1.25,
                            time: Date(timeIntervalSince1970: 1_714_521_601.5), hdop: 0.7),
                    ],
                    [],
                ])
        ])

    static let expected = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Footprint" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>Seoul walk</name>
            <time>2024-05-01T09:30:00Z</time>
          </metadata>
          <wpt lat="37.5665" lon="126.978"><ele>38.5</ele><time>2024-05-01T09:30:00.250Z</time>\
        <name>Café &lt;Tom &amp; &quot;Jerry&apos;s&quot;&gt;</name><desc>line&#13;
        break</desc><hdop>4</hdop></wpt>
          <rte>
            <name>plan</name>
            <rtept lat="37.1234567891" lon="-0.000000001"/>
            <rtept lat="-33.87" lon="151.21"/>
          </rte>
          <trk>
            <name>산책</name>
            <trkseg>
              <trkpt lat="37.566507" lon="126.978062"><ele>40</ele><time>2024-05-01T00:00:00Z</time></trkpt>
              <trkpt lat="37.566494" lon="126.978122"><ele>-1.25</ele><time>2024-05-01T00:00:01.500Z</time>\
        <hdop>0.7</hdop></trkpt>
            </trkseg>
            <trkseg>
            </trkseg>
          </trk>
        </gpx>

        """

    @Test func writesTheSchemasOrderEscapedWithUTCTimes() {
        #expect(String(decoding: Self.sample.gpxBytes(), as: UTF8.self) == Self.expected)
    }

    @Test func roundTripsThroughTheReader() throws {
        let read = try GPXDocument(bytes: Self.sample.gpxBytes())
        #expect(read.metadata == Self.sample.metadata)
        #expect(read.routes.map(\.name) == ["plan"])
        #expect(read.tracks.map(\.segments.count) == [2])
        let writtenPoints = Self.sample.waypoints + Self.sample.routes[0].points + Self.sample.tracks[0].segments[0]
        let readPoints = read.waypoints + read.routes[0].points + read.tracks[0].segments[0]
        #expect(readPoints.count == writtenPoints.count)
        for (written, got) in zip(writtenPoints, readPoints) {
            #expect(written.coordinate == got.coordinate)
            #expect(written.elevation == got.elevation)
            #expect(written.time == got.time)
            #expect(written.hdop == got.hdop)
        }
        // The carriage return survives as a reference; the bell, which XML cannot hold, is dropped.
        #expect(read.waypoints[0].name == "Café <Tom & \"Jerry's\">")
        #expect(read.waypoints[0].description == "line\r\nbreak")
        // Writing what was read gives the same bytes.
        #expect(read.gpxBytes().count > 0)
        #expect(try GPXDocument(bytes: read.gpxBytes()).gpxBytes() == read.gpxBytes())
    }

    @Test(arguments: [
        (1e-9, "0.000000001"), (-1.5e-7, "-0.00000015"), (1e16, "10000000000000000"), (-0.0, "0"),
        (126.97806212345678, "126.97806212345678"), (100, "100"),
    ])
    func writesNumbersAsDecimalsWithoutExponent(value: Double, text: String) {
        var writer = GPXWriter()
        writer.waypoint(GPXPoint(coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0), elevation: value))
        #expect(String(decoding: writer.finish(), as: UTF8.self).contains("<ele>\(text)</ele>"))
    }

    @Test func roundTripsEveryFixture() throws {
        for name in ["gpx1.0_with_all_fields.gpx", "route.gpx", "track-with-empty-segment.gpx", "Mojstrovka.gpx"] {
            let document = try GPXFixtures.document(name)
            var again = try GPXDocument(bytes: document.gpxBytes())
            // Lines differ between the files; everything else must not.
            func withoutLines(_ document: GPXDocument) -> GPXDocument {
                var copy = document
                // Times are written to the millisecond.
                func normalized(_ point: GPXPoint) -> GPXPoint {
                    var point = point
                    point.line = 0
                    point.time = point.time.map {
                        Date(timeIntervalSince1970: ($0.timeIntervalSince1970 * 1000).rounded() / 1000)
                    }
                    return point
                }
                copy.waypoints = copy.waypoints.map(normalized)
                copy.routes = copy.routes.map { GPXRoute(name: $0.name, points: $0.points.map(normalized)) }
                copy.tracks = copy.tracks.map {
                    GPXTrack(name: $0.name, segments: $0.segments.map { $0.map(normalized) })
                }
                return copy
            }
            again = withoutLines(again)
            #expect(again == withoutLines(document), "\(name)")
        }
    }

    @Test func isWellFormedForXmllint() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/xmllint")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("footprint-gpx-\(UUID()).gpx")
        try Data(Self.sample.gpxBytes()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--noout", file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func isReadByGDAL() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/ogrinfo")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("footprint-gpx-\(UUID()).gpx")
        try Data(Self.sample.gpxBytes()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        let output = Pipe()
        process.executableURL = tool
        process.arguments = ["-ro", "-al", "-so", file.path]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Layer name: waypoints") && text.contains("Feature Count: 1"), "\(text)")
        #expect(text.contains("Layer name: track_points") && text.contains("Feature Count: 2"), "\(text)")
        #expect(text.contains("Layer name: route_points"), "\(text)")
        #expect(!text.contains("ERROR") && !text.contains("Warning"), "\(text)")
    }
}
