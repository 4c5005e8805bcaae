import Foundation
import Testing

@testable import FootprintGeo

@Suite("GPX hostile and malformed input")
struct GPXHostileTests {
    @Test func refusesTheBillionLaughsWithoutExpandingAnything() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <gpx><wpt lat="1" lon="2"><name>&lol3;</name></wpt></gpx>
            """
        let error = try #require(GPXFixtures.error(text))
        #expect(
            error.description(in: "bomb.gpx")
                == "bomb.gpx:2:1: The document has a DOCTYPE, which GPX never needs; it is refused so that no entity is expanded."
        )
    }

    @Test func refusesAnExternalEntity() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>
            """
        #expect(
            GPXFixtures.error(text)
                == .forbiddenDeclaration(line: 2, column: 1, reason: GPXFixtures.error(text)!.reason))
    }

    @Test func refusesAnUndeclaredEntityReference() throws {
        let error = try #require(GPXFixtures.error(#"<gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>"#))
        #expect(
            error.description
                == "Line 1, column 33: The entity &xxe; is not defined (only &lt; &gt; &amp; &quot; &apos; are, and no entity is expanded)."
        )
    }

    @Test func refusesATruncatedFileWithWhereItEnds() throws {
        var bytes = try GPXFixtures.bytes("track-with-empty-segment.gpx")
        bytes.removeLast(bytes.count - (bytes.firstIndex(of: UInt8(ascii: "7"))! + 40))
        let error = try #require(GPXFixtures.error(bytes: bytes))
        guard case .malformedXML = error else {
            Issue.record("\(error)")
            return
        }
        #expect(error.reason.hasPrefix("the file ends inside"))
        let cutInText = GPXFixtures.error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05")
        #expect(
            cutInText?.description
                == "Line 3, column 37: The file ends inside <time> opened at line 3: it is truncated.")
    }

    @Test func refusesAnotherRoot() throws {
        let error = try #require(
            GPXFixtures.error(
                "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>"))
        #expect(
            error == .notGPX(line: 2, column: 1, reason: "the root element is <kml>, not <gpx>: this is not a GPX file")
        )
        #expect(
            error.description(in: "a.kml") == "a.kml:2:1: The root element is <kml>, not <gpx>: this is not a GPX file."
        )
        #expect(GPXFixtures.error("")?.reason == "the input holds no XML element, so no <gpx>")
    }

    @Test(arguments: [
        (
            "<gpx><trk></trkseg></gpx>",
            "Line 1, column 11: The end tag </trkseg> does not match the start tag <trk> at line 1."
        ),
        (
            "<gpx><wpt lat=1 lon=\"2\"/></gpx>",
            "Line 1, column 15: The value of the attribute lat must be in quotes, found \"1\"."
        ),
        (
            "<gpx><wpt lat=\"1\"lon=\"2\"/></gpx>",
            "Line 1, column 18: Expected whitespace, > or /> after the name, found \"l\"."
        ),
        ("<gpx><wpt lat=\"1\" lat=\"2\"/></gpx>", "Line 1, column 19: The attribute lat appears twice."),
        (
            "<gpx><wpt lat=\"<1\" lon=\"2\"/></gpx>",
            "Line 1, column 16: An attribute value must not contain <; write &lt;."
        ),
        ("<gpx></gpx><gpx/>", "Line 1, column 12: A second root element <gpx> after the first one."),
        ("<gpx></gpx>\ntext", "Line 2, column 1: Text after the root element."),
        ("<gpx><name>a & b</name></gpx>", "Line 1, column 14: A bare & must be written &amp;."),
        (
            "<gpx>\n  <wpt lat=\"1\" lon=\"2\">",
            "Line 2, column 24: The file ends inside <wpt> opened at line 2: it is truncated."
        ),
        ("<gpx><wpt lat=\"1\" lon=\"2\"", "Line 1, column 6: The file ends inside a tag, comment or declaration."),
        ("<gpx><!-- never closed", "Line 1, column 6: The file ends inside a tag, comment or declaration."),
    ])
    func refusesMalformedXML(text: String, message: String) throws {
        let error = try #require(GPXFixtures.error(text))
        #expect(error.description == message)
        guard case .malformedXML = error else {
            Issue.record("not a syntax error: \(error)")
            return
        }
    }

    @Test func refusesAPointWithoutAPosition() throws {
        let error = try #require(GPXFixtures.error(#"<gpx><trk><trkseg><trkpt lon="2"/></trkseg></trk></gpx>"#))
        #expect(error.description == "Line 1, column 19: The <trkpt> has no lat attribute.")
        guard case .invalidPoint = error else {
            Issue.record("not a point error: \(error)")
            return
        }
    }

    /// A position that is not a number costs its point only, as one out of range does; the text
    /// shown is cut short so that a huge attribute is not repeated in every message.
    @Test(arguments: [
        (
            #"<gpx><wpt lat="1" lon="east"/></gpx>"#,
            "Line 1, column 6: The <wpt> was skipped: The longitude “east” is not a number."
        ),
        (
            #"<gpx><wpt lat="nan" lon="2"/></gpx>"#,
            "Line 1, column 6: The <wpt> was skipped: The latitude “nan” is not a number."
        ),
        (
            #"<gpx><rte><rtept lat="" lon="2"/></rte></gpx>"#,
            "Line 1, column 11: The <rtept> was skipped: The latitude “” is not a number."
        ),
        (
            "<gpx><wpt lat=\"1\" lon=\"\(String(repeating: "9", count: 39))x1\"/></gpx>",
            "Line 1, column 6: The <wpt> was skipped: The longitude “\(String(repeating: "9", count: 39))x…” is not a number."
        ),
    ])
    func skipsAPointWithoutANumericPosition(text: String, message: String) throws {
        let document = try GPXFixtures.document(text: text)
        #expect(document.waypoints.isEmpty)
        #expect(document.routes.allSatisfy { $0.points.isEmpty })
        #expect(document.skippedPoints.map(\.description) == [message])
    }

    @Test func refusesAnElevationThatIsNotANumber() throws {
        let error = GPXFixtures.error(#"<gpx><wpt lat="1" lon="2"><ele>12 m</ele></wpt></gpx>"#)
        #expect(error == .invalidValue(line: 1, column: 27, reason: #"the <ele> "12 m" is not a number"#))
    }

    /// 9999-12-31T23:59:59Z is 10000-01-01 in Seoul: a day no diary holds, refused where it is
    /// written rather than half imported.
    @Test(arguments: ["9999-12-31T23:59:59Z", "0001-01-01T05:00:00Z"])
    func refusesATimeWhoseLocalDayIsOutsideTheYears1To9999(time: String) throws {
        let error = GPXFixtures.error(#"<gpx><wpt lat="1" lon="2"><time>\#(time)</time></wpt></gpx>"#)
        #expect(
            error
                == .invalidValue(
                    line: 1, column: 27,
                    reason: "the <time> \"\(time)\" is outside the years 0001 to 9999 "
                        + "(from 0001-01-02 to 9999-12-30 UTC, so that its local day exists in every zone)"))
        #expect(GPXFixtures.error(#"<gpx><wpt lat="1" lon="2"><time>9999-12-30T12:00:00Z</time></wpt></gpx>"#) == nil)
    }

    /// A name is kept as written, so it must be UTF-8 (expat refuses the file too).
    @Test func refusesANameThatIsNotUTF8() throws {
        let bytes =
            Array(#"<gpx><wpt lat="1" lon="2"><name>caf"#.utf8) + [0xE9, 0xFF] + Array("</name></wpt></gpx>".utf8)
        #expect(
            GPXFixtures.error(bytes: bytes)
                == .invalidValue(
                    line: 1, column: 27, reason: "the <name> text is not valid UTF-8 (save the file as UTF-8)"))
    }

    @Test func refusesAnEncodingItDoesNotRead() throws {
        let error = GPXFixtures.error(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx/>"#)
        #expect(
            error
                == .unsupportedEncoding(
                    line: 1, column: 31, reason: "the encoding ISO-8859-1 is not supported; save the file as UTF-8"))
    }

    @Test func boundsNesting() throws {
        let text = "<gpx>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</gpx>"
        #expect(GPXFixtures.error(text)?.reason == "elements are nested more than 256 deep")
    }

    @Test func carriesASourceFailure() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        var reader = GPXReader { _ in throw Broken() }
        #expect(throws: GPXError.unreadable(line: 1, column: 1, reason: "the input cannot be read: disk on fire")) {
            _ = try reader.next()
        }
    }
}
