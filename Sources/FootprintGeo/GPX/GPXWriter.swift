import Foundation

/// Writes GPX 1.1 that the schema (`http://www.topografix.com/GPX/1/1/gpx.xsd`) accepts, as bytes,
/// one element at a time, so that an export of a long day never holds more than its output.
///
/// Call in the schema's order: ``init(metadata:)``, then waypoints, then routes, then tracks,
/// then ``finish()``. The writer puts each point's children in the schema's order (`ele`, `time`,
/// `name`, `desc`, `hdop`), times in UTC with `Z` (milliseconds only when not zero), numbers as
/// the shortest decimal that reads back as the same double (`37.5665`, never `3.7e1`: XML
/// Schema's `decimal` has no exponent), and escapes every text. A caller that wants fewer
/// decimals rounds the values first.
public struct GPXWriter: Sendable {
    /// The text written so far (UTF-8).
    public private(set) var bytes: [UInt8] = []
    private var open: [StaticString] = []

    /// Starts the document: the XML declaration, the `gpx` root with `version="1.1"`,
    /// `creator="Footprint"` and the GPX 1.1 namespace, and `metadata` when it has a field.
    public init(metadata: GPXMetadata = GPXMetadata()) {
        bytes.reserveCapacity(1 << 12)
        write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        write("<gpx version=\"1.1\" creator=\"Footprint\" xmlns=\"http://www.topografix.com/GPX/1/1\"")
        write(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
        write(" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd\">\n")
        guard !metadata.isEmpty else { return }
        write("  <metadata>\n")
        if let name = metadata.name { element("name", text: name, indent: 4) }
        if let description = metadata.description { element("desc", text: description, indent: 4) }
        if let time = metadata.time {
            write("    <time>")
            GPXDateTime.append(time, to: &bytes)
            write("</time>\n")
        }
        write("  </metadata>\n")
    }

    /// Writes a `wpt`.
    public mutating func waypoint(_ point: GPXPoint) { self.point("wpt", point, indent: 2) }

    /// Opens a `rte` with its `name`.
    public mutating func beginRoute(name: String? = nil) {
        write("  <rte>\n")
        if let name { element("name", text: name, indent: 4) }
    }

    /// Writes an `rtept` of the open route.
    public mutating func routePoint(_ point: GPXPoint) { self.point("rtept", point, indent: 4) }

    /// Closes the open route.
    public mutating func endRoute() { write("  </rte>\n") }

    /// Opens a `trk` with its `name`.
    public mutating func beginTrack(name: String? = nil) {
        write("  <trk>\n")
        if let name { element("name", text: name, indent: 4) }
    }

    /// Opens a `trkseg` in the open track.
    public mutating func beginSegment() { write("    <trkseg>\n") }

    /// Writes a `trkpt` of the open segment.
    public mutating func trackPoint(_ point: GPXPoint) { self.point("trkpt", point, indent: 6) }

    /// Closes the open segment.
    public mutating func endSegment() { write("    </trkseg>\n") }

    /// Closes the open track.
    public mutating func endTrack() { write("  </trk>\n") }

    /// Closes the document and returns its bytes.
    public consuming func finish() -> [UInt8] {
        write("</gpx>\n")
        return bytes
    }

    // MARK: - Pieces

    private mutating func point(_ name: StaticString, _ point: GPXPoint, indent: Int) {
        pad(indent)
        write("<")
        write(name)
        write(" lat=\"")
        appendDecimal(point.coordinate.latitude)
        write("\" lon=\"")
        appendDecimal(point.coordinate.longitude)
        let hasChildren =
            point.elevation?.isFinite == true || point.time != nil || point.name != nil || point.description != nil
            || point.hdop?.isFinite == true
        guard hasChildren else {
            write("\"/>\n")
            return
        }
        write("\">")
        if let elevation = point.elevation, elevation.isFinite {
            write("<ele>")
            appendDecimal(elevation)
            write("</ele>")
        }
        if let time = point.time {
            write("<time>")
            GPXDateTime.append(time, to: &bytes)
            write("</time>")
        }
        if let name = point.name { element("name", text: name, indent: nil) }
        if let description = point.description { element("desc", text: description, indent: nil) }
        if let hdop = point.hdop, hdop.isFinite, hdop >= 0 {
            write("<hdop>")
            appendDecimal(hdop)
            write("</hdop>")
        }
        write("</")
        write(name)
        write(">\n")
    }

    private mutating func element(_ name: StaticString, text: String, indent: Int?) {
        if let indent { pad(indent) }
        write("<")
        write(name)
        write(">")
        appendEscaped(text)
        write("</")
        write(name)
        write(indent == nil ? ">" : ">\n")
    }

    /// Escapes `& < > " '`, writes a carriage return as a reference (a reader would turn a literal
    /// one into a line feed) and drops the control characters XML 1.0 cannot hold.
    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): write("&amp;")
            case UInt8(ascii: "<"): write("&lt;")
            case UInt8(ascii: ">"): write("&gt;")
            case UInt8(ascii: "\""): write("&quot;")
            case UInt8(ascii: "'"): write("&apos;")
            case 0x0D: write("&#13;")
            case 0x09, 0x0A: bytes.append(byte)
            case 0x00..<0x20: break
            default: bytes.append(byte)
            }
        }
    }

    /// The shortest round-tripping decimal of a finite value, without an exponent: `1e-09` is
    /// written `0.000000001`, `-0.0` as `0`.
    private mutating func appendDecimal(_ value: Double) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var text = Array(value.magnitude.description.utf8)
        var exponent = 0
        if let e = text.firstIndex(of: UInt8(ascii: "e")) {
            exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self)) ?? 0
            text.removeSubrange(e...)
        }
        // Digits and where the decimal point falls among them.
        var point = text.firstIndex(of: UInt8(ascii: ".")) ?? text.count
        var digits = text.filter { $0 != UInt8(ascii: ".") }
        point += exponent
        while point <= 0 {
            digits.insert(UInt8(ascii: "0"), at: 0)
            point += 1
        }
        while point > digits.count { digits.append(UInt8(ascii: "0")) }
        var fraction = Array(digits[point...])
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: digits[..<point])
        if !fraction.isEmpty {
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: fraction)
        }
    }

    private mutating func pad(_ count: Int) { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }

    private mutating func write(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension GPXDocument {
    /// The document as GPX 1.1 (see ``GPXWriter``): metadata, waypoints, routes, tracks, in the
    /// schema's order. Skipped points are not written.
    public func gpxBytes() -> [UInt8] {
        var writer = GPXWriter(metadata: metadata)
        for waypoint in waypoints { writer.waypoint(waypoint) }
        for route in routes {
            writer.beginRoute(name: route.name)
            for point in route.points { writer.routePoint(point) }
            writer.endRoute()
        }
        for track in tracks {
            writer.beginTrack(name: track.name)
            for segment in track.segments {
                writer.beginSegment()
                for point in segment { writer.trackPoint(point) }
                writer.endSegment()
            }
            writer.endTrack()
        }
        return writer.finish()
    }
}
