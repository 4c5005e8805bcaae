import Foundation

/// Writes GPX 1.1 that the schema (`http://www.topografix.com/GPX/1/1/gpx.xsd`) accepts, as bytes,
/// one element at a time, so that an export of a long day never holds more than its output.
///
/// Call in the schema's order: ``init(metadata:)``, then waypoints, then routes, then tracks,
/// then ``finish()``. The writer puts each point's children in the schema's order (`ele`, `time`,
/// `name`, `desc`, `hdop`), times in UTC with `Z` (milliseconds only when not zero), coordinates
/// with up to 9 decimals (0.1 mm) and trailing zeros trimmed, and escapes every text.
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
        JSONNumberText.appendRounded(point.coordinate.latitude, decimals: 9, to: &bytes)
        write("\" lon=\"")
        JSONNumberText.appendRounded(point.coordinate.longitude, decimals: 9, to: &bytes)
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
            JSONNumberText.appendRounded(elevation, decimals: 3, to: &bytes)
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
            JSONNumberText.appendRounded(hdop, decimals: 3, to: &bytes)
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
