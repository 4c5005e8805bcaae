import Foundation
import Testing

@testable import FootprintGeo

@Suite("GPX reader")
struct GPXReaderTests {
    @Test func readsGPX10WithEveryField() throws {
        let document = try GPXFixtures.document("gpx1.0_with_all_fields.gpx")
        #expect(document.metadata.name == "example name")
        #expect(document.metadata.description == "example description")
        // `2013-01-01T12:00:00` has no zone: UTC.
        #expect(document.metadata.time == Date(timeIntervalSince1970: 1_357_041_600))
        #expect(document.waypoints.count == 2)
        let waypoint = try #require(document.waypoints.first)
        #expect(waypoint.coordinate == Coordinate(uncheckedLatitude: 12.3, longitude: 45.6))
        #expect(waypoint.elevation == 75.1)
        #expect(waypoint.time == Date(timeIntervalSince1970: 1_357_092_180))
        #expect(waypoint.hdop == 6)
        #expect(waypoint.name == "example name")
        #expect(waypoint.description == "example desc")
        #expect(document.waypoints[1].elevation == nil && document.waypoints[1].name == nil)
        #expect(document.routes.map(\.name) == ["example name", "second route"])
        #expect(document.routes.map(\.points.count) == [3, 2])
        #expect(document.routes[0].points[0].name == "example name r")
        #expect(document.routes[0].points[0].hdop == 7)
        #expect(document.tracks.count == 2)
        #expect(document.tracks[0].name == "example name t")
        #expect(document.tracks[0].segments.map(\.count) == [1, 0])
        let point = document.tracks[0].segments[0][0]
        #expect(point.coordinate == Coordinate(uncheckedLatitude: 10.1, longitude: -20.2))
        #expect(point.time == Date(timeIntervalSince1970: 1_357_041_604))
        #expect(point.hdop == 101)
        #expect(document.tracks[1] == GPXTrack(name: nil, segments: []))
    }

    @Test func readsGPX11MetadataButNotTheAuthorsName() throws {
        let document = try GPXFixtures.document("gpx1.1_with_all_fields.gpx")
        #expect(document.metadata.name == "example name")
        #expect(document.metadata.time == Date(timeIntervalSince1970: 1_357_041_600))
        #expect(document.waypoints.count == 2)
        #expect(document.routes.count == 2)
        #expect(document.tracks.count == 2)
        #expect(document.tracks[0].segments[0][0].coordinate == Coordinate(uncheckedLatitude: 10.1, longitude: -20.2))
    }

    @Test func skipsExtensionsWithAndWithoutNamespaces() throws {
        for name in ["gpx1.1_with_extensions.gpx", "gpx1.1_with_extensions_without_namespaces.gpx"] {
            let document = try GPXFixtures.document(name)
            #expect(document.waypoints.count == 1, "\(name)")
            #expect(document.waypoints.first?.coordinate == Coordinate(uncheckedLatitude: 12.3, longitude: 45.6))
            #expect(document.waypoints.first?.name == nil)
        }
    }

    @Test func readsARouteOnlyFile() throws {
        let document = try GPXFixtures.document("route.gpx")
        #expect(document.tracks.isEmpty && document.waypoints.isEmpty)
        #expect(document.routes.count == 1)
        #expect(document.routes[0].points.count == 55)
        #expect(
            document.routes[0].points[0].coordinate
                == Coordinate(uncheckedLatitude: 45.2787641494, longitude: 13.726695478))
        #expect(document.routes[0].points[0].name == "#001")
        #expect(document.routes[0].points[0].line == 4)
    }

    @Test func keepsAnEmptySegment() throws {
        let document = try GPXFixtures.document("track-with-empty-segment.gpx")
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].name == "2013-07-06T14:59:00Z")
        #expect(document.tracks[0].segments.map(\.count) == [9, 0])
        #expect(document.tracks[0].segments[0][0].elevation == 191.5999756)
    }

    @Test func acceptsAUTF8ByteOrderMark() throws {
        let withEncoding = try GPXFixtures.document("unicode_with_bom.gpx")
        let waypoint = try #require(withEncoding.waypoints.first)
        #expect(waypoint.elevation == -14.6)
        #expect(waypoint.hdop == 16.2)
        #expect(waypoint.time == Date(timeIntervalSince1970: 1_464_343_727.8))
        let without = try GPXFixtures.document("unicode_with_bom_noencoding.gpx")
        #expect(without.waypoints.first?.name == "bom noencoding ő")
    }

    @Test func readsATrackWhoseTimesDoNotAdvance() throws {
        let document = try GPXFixtures.document("Mojstrovka.gpx")
        #expect(document.tracks.flatMap(\.segments).map(\.count).reduce(0, +) == 184)
        #expect(document.metadata.time == Date(timeIntervalSince1970: 1_292_307_424))
    }

    @Test func readsARootInNoOrAnotherNamespace() throws {
        let point = #"<trk><trkseg><trkpt lat="1.5" lon="2.5"/></trkseg></trk>"#
        for root in [
            "<gpx>\(point)</gpx>", #"<gpx xmlns="http://example.com/other">\#(point)</gpx>"#,
            #"<g:gpx xmlns:g="http://www.topografix.com/GPX/1/0"><g:trk><g:trkseg><g:trkpt lat="1.5" lon="2.5"/></g:trkseg></g:trk></g:gpx>"#,
        ] {
            let document = try GPXFixtures.document(text: root)
            #expect(
                document.tracks.first?.segments.first?.first?.coordinate
                    == Coordinate(uncheckedLatitude: 1.5, longitude: 2.5))
        }
    }

    @Test(arguments: [
        ("2024-05-01T09:30:00.125Z", 1_714_555_800.125),
        ("2024-05-01T09:30:00.125", 1_714_555_800.125),
        ("2024-05-01T18:30:00+09:00", 1_714_555_800),
        ("2024-05-01T18:30:00+0900", 1_714_555_800),
        ("2024-02-29T23:59:59.5-02:30", 1_709_260_199.5),
        (" 2024-05-01T09:30:00Z\n", 1_714_555_800),
        ("2024-04-30T24:00:00Z", 1_714_521_600),
    ])
    func readsTimes(text: String, seconds: Double) throws {
        let document = try GPXFixtures.document(
            text: GPXFixtures.track(#"<trkpt lat="1" lon="2"><time>\#(text)</time></trkpt>"#))
        let time = try #require(document.tracks[0].segments[0][0].time)
        #expect(abs(time.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "2024-02-30T00:00:00Z", "2024-05-01", "2024-05-01T25:00:00Z", "yesterday", "2024-05-01T09:30:00+15:00",
    ])
    func refusesImpossibleTimes(text: String) throws {
        let error = try #require(
            GPXFixtures.error(GPXFixtures.track(#"<trkpt lat="1" lon="2"><time>\#(text)</time></trkpt>"#)))
        #expect(error == .invalidValue(line: 4, column: 24, reason: error.reason))
        #expect(
            error.reason.hasPrefix("the <time> \"\(text.trimmingCharacters(in: .whitespaces))\" is not an ISO 8601"))
    }

    @Test func decodesPredefinedEntitiesAndCharacterReferences() throws {
        let document = try GPXFixtures.document(
            text:
                #"<gpx><wpt lat="3&#46;5" lon="4"><name>A &amp; B &lt;&gt; &quot;&apos; &#xD55C;&#44544; <![CDATA[<raw> &amp;]]></name></wpt></gpx>"#
        )
        #expect(document.waypoints.first?.name == #"A & B <> "' 한글 <raw> &amp;"#)
        #expect(document.waypoints.first?.coordinate.latitude == 3.5)
    }

    @Test func skipsAPointOutOfRangeAndReportsItsLine() throws {
        let text = GPXFixtures.track(
            """
                <trkpt lat="37.5" lon="127"/>
                <trkpt lat="91" lon="127"><ele>3</ele></trkpt>
                <trkpt lat="126.9" lon="37.5"/>
                <trkpt lat="37.6" lon="127"/>
            """)
        let document = try GPXFixtures.document(text: text)
        #expect(document.tracks[0].segments[0].map(\.coordinate.latitude) == [37.5, 37.6])
        #expect(document.tracks[0].segments[0].map(\.line) == [4, 7])
        #expect(document.skippedPoints.map(\.line) == [5, 6])
        #expect(
            document.skippedPoints[0].description(in: "walk.gpx")
                == "walk.gpx:5:5: The <trkpt> was skipped: The latitude 91 is outside -90…90 degrees.")
        #expect(document.skippedPoints[1].reason == .swappedLatitudeLongitude(latitude: 126.9, longitude: 37.5))
    }

    @Test func skipsAPointThatIsNotANumberAsOneOutOfRange() throws {
        let text = GPXFixtures.track(
            """
                <trkpt lat="37.5" lon="127"/>
                <trkpt lat="37.5x" lon="127"><ele>3</ele></trkpt>
                <trkpt lat="91" lon="east"/>
                <trkpt lat="37.6" lon="127"/>
            """)
        let document = try GPXFixtures.document(text: text)
        #expect(document.tracks[0].segments[0].map(\.line) == [4, 7])
        #expect(
            document.skippedPoints.map { $0.description(in: "walk.gpx") } == [
                "walk.gpx:5:5: The <trkpt> was skipped: The latitude “37.5x” is not a number.",
                "walk.gpx:6:5: The <trkpt> was skipped: The longitude “east” is not a number.",
            ])
        #expect(document.skippedPoints[0].latitude.isNaN)
        #expect(document.skippedPoints[0].longitude == 127)
    }

    @Test func handsOverEventsInDocumentOrderWhateverTheChunkSize() throws {
        let bytes = try GPXFixtures.bytes("gpx1.0_with_all_fields.gpx")
        let whole = try GPXFixtures.events(bytes)
        #expect(try GPXFixtures.events(bytes, chunk: 1) == whole)
        #expect(try GPXFixtures.events(bytes, chunk: 7) == whole)
        let kinds = whole.map { event -> String in
            switch event {
            case .waypoint: return "wpt"
            case .routeStart: return "rte"
            case .routePoint: return "rtept"
            case .routeEnd: return "/rte"
            case .trackStart: return "trk"
            case .segmentStart: return "trkseg"
            case .trackPoint: return "trkpt"
            case .segmentEnd: return "/trkseg"
            case .trackEnd: return "/trk"
            case .skippedPoint: return "skipped"
            }
        }
        #expect(
            kinds == [
                "wpt", "wpt", "rte", "rtept", "rtept", "rtept", "/rte", "rte", "rtept", "rtept", "/rte", "trk",
                "trkseg",
                "trkpt", "/trkseg", "trkseg", "/trkseg", "/trk", "trk", "/trk",
            ])
        #expect(whole.contains(.trackStart(GPXPathHeader(index: 0, name: "example name t", line: 76))))
    }

    @Test func readsUTF16WithAByteOrderMark() throws {
        let text = #"<?xml version="1.0" encoding="UTF-16"?><gpx><wpt lat="1" lon="2"><name>산책 🚶</name></wpt></gpx>"#
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let events = try GPXFixtures.events(bytes, chunk: 3)
            guard case .waypoint(let point) = events.first else {
                Issue.record("no waypoint")
                continue
            }
            #expect(point.name == "산책 🚶")
        }
    }

    @Test func readsThePeersTrackShape() throws {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">"#, "<trk><trkseg>",
        ]
        for index in 0..<5_000 {
            lines.append(
                #"<trkpt lat="37.\#(500_000 + index)" lon="126.978062"><ele>40.0</ele><time>2024-05-01T00:00:00Z</time></trkpt>"#
            )
        }
        lines += ["</trkseg></trk>", "</gpx>"]
        var reader = GPXReader(bytes: Array(lines.joined(separator: "\n").utf8))
        var count = 0
        var lastLine = 0
        while let event = try reader.next() {
            if case .trackPoint(let point) = event {
                count += 1
                lastLine = point.line
                #expect(point.coordinate.latitude == Double("37.\(499_999 + count)"))
            }
        }
        #expect(count == 5_000)
        #expect(lastLine == 5_003)
        #expect(reader.version == "1.1")
    }
}
