import Foundation

/// A streaming GPX 1.0 / 1.1 reader: a pull parser that hands over waypoints, routes and tracks
/// point by point, in constant memory, from bytes read in chunks.
///
/// ```swift
/// var reader = GPXReader(bytes: data)
/// while let event = try reader.next() {
///     if case .trackPoint(let point) = event { … }
/// }
/// ```
///
/// It reads `wpt`, `rte`/`rtept`, `trk`/`trkseg`/`trkpt` with each point's `lat`, `lon`, `ele`,
/// `time`, `hdop`, `name` and `desc`, the routes' and tracks' `name` and the document's
/// ``metadata``; `extensions` and every other element are skipped (but must be well-formed). A
/// `gpx` root in any namespace, or none, is read, as GDAL and gpxpy do; any other root is refused.
/// Times are XML Schema `dateTime`s, with or without a fraction, with `Z`, an offset or no zone
/// (UTC, as GPX says). A UTF-8 byte order mark is skipped; UTF-16 (with its mark) is transcoded.
///
/// Errors (``GPXError``) carry the line and column. A point out of range is not one: it comes as
/// ``GPXEvent/skippedPoint(_:)``. A DOCTYPE is refused and no entity is ever expanded (see
/// ``XMLTokenizer``'s notes: only `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and character
/// references are decoded).
public struct GPXReader: ~Copyable {
    var tokenizer: XMLTokenizer
    var contexts: [Context] = []
    /// How deep the reader is inside an element it skips (an extension, an unknown element).
    var skipDepth = 0
    var queue: [GPXEvent] = []
    var queueHead = 0
    var point: PendingPoint?
    var path: PendingPath?
    var text: [UInt8] = []
    var fieldMark = XMLTokenizer.Mark(offset: 0, line: 1, lineStart: 0)
    var routeCount = 0
    var trackCount = 0

    /// The document's metadata, filled in as the reader goes (GPX 1.1 puts it first).
    public internal(set) var metadata = GPXMetadata()
    /// The root's `version` attribute (`1.0`, `1.1`), once the root has been read.
    public private(set) var version: String?

    /// A reader over bytes already in memory (a whole file, a test string).
    public init(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var offset = 0
        self.init { buffer in
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
            }
            offset += count
            return count
        }
    }

    /// A reader over a byte source: `read` fills the buffer it is given (from a file descriptor,
    /// a pipe…) and returns how many bytes it wrote, 0 at the end. An error it throws becomes
    /// ``GPXError/unreadable(line:column:reason:)``.
    public init(read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        tokenizer = XMLTokenizer(source: GPXEncoding.transcodingToUTF8(read))
        queue.reserveCapacity(4)
    }

    /// The next event, or nil after the root element's end.
    public mutating func next() throws(GPXError) -> GPXEvent? {
        if queueHead < queue.count {
            defer { queueHead += 1 }
            return queue[queueHead]
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        while queue.isEmpty {
            switch try tokenizer.nextToken() {
            case .startElement(let isEmpty):
                try startElement()
                if isEmpty { try endElement() }
            case .endElement:
                try endElement()
            case .text(let range, let hasReferences):
                if skipDepth == 0, case .field = contexts.last {
                    tokenizer.appendDecoded(range, hasReferences: hasReferences, to: &text)
                }
            case .endOfDocument:
                return nil
            }
        }
        queueHead = 1
        return queue[0]
    }

    // MARK: - Elements

    /// Where the reader is: the elements it reads, innermost last.
    enum Context: Equatable {
        case root, metadata, waypoint, route, routePoint, track, segment, trackPoint
        case field(Field)
    }

    /// The text elements the reader keeps.
    enum Field: Equatable {
        case elevation, time, hdop, name, description
    }

    private mutating func startElement() throws(GPXError) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let local = tokenizer.localNameStart..<tokenizer.name.upperBound
        guard let parent = contexts.last else {
            guard tokenizer.bytes(local, equal: "gpx") else {
                let (line, column) = tokenizer.location(of: tokenizer.tokenMark)
                throw GPXError.notGPX(
                    line: line, column: column,
                    reason:
                        "the root element is <\(tokenizer.string(tokenizer.name))>, not <gpx>: this is not a GPX file")
            }
            version = attribute("version").map { tokenizer.string($0.value) }
            contexts.append(.root)
            return
        }
        let context: Context?
        switch parent {
        case .root:
            context =
                named(local, "trk")
                ? .track
                : named(local, "wpt")
                    ? .waypoint
                    : named(local, "rte")
                        ? .route
                        : named(local, "metadata")
                            ? .metadata
                            : metadataField(local)
        case .metadata:
            context = metadataField(local)
        case .track:
            context = named(local, "trkseg") ? .segment : named(local, "name") ? .field(.name) : nil
        case .segment:
            context = named(local, "trkpt") ? .trackPoint : nil
        case .route:
            context = named(local, "rtept") ? .routePoint : named(local, "name") ? .field(.name) : nil
        case .waypoint, .routePoint, .trackPoint:
            context = pointField(local)
        case .field:
            context = nil
        }
        guard let context else {
            skipDepth = 1
            return
        }
        contexts.append(context)
        switch context {
        case .waypoint: try beginPoint(.waypoint)
        case .routePoint:
            announcePath()
            try beginPoint(.routePoint)
        case .trackPoint: try beginPoint(.trackPoint)
        case .route:
            path = PendingPath(isTrack: false, header: GPXPathHeader(index: routeCount, line: tokenizer.tokenMark.line))
            routeCount += 1
        case .track:
            path = PendingPath(isTrack: true, header: GPXPathHeader(index: trackCount, line: tokenizer.tokenMark.line))
            trackCount += 1
        case .segment:
            announcePath()
            queue.append(.segmentStart)
        case .field:
            text.removeAll(keepingCapacity: true)
            fieldMark = tokenizer.tokenMark
        case .root, .metadata:
            break
        }
    }

    private mutating func endElement() throws(GPXError) {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let context = contexts.popLast() else { return }
        switch context {
        case .field(let field): try finishField(field, parent: contexts.last)
        case .waypoint, .routePoint, .trackPoint: finishPoint()
        case .segment: queue.append(.segmentEnd)
        case .track:
            announcePath()
            queue.append(.trackEnd)
            path = nil
        case .route:
            announcePath()
            queue.append(.routeEnd)
            path = nil
        case .root, .metadata:
            break
        }
    }

    private func named(_ local: Range<Int>, _ name: StaticString) -> Bool { tokenizer.bytes(local, equal: name) }

    private func metadataField(_ local: Range<Int>) -> Context? {
        named(local, "name")
            ? .field(.name)
            : named(local, "desc") ? .field(.description) : named(local, "time") ? .field(.time) : nil
    }

    private func pointField(_ local: Range<Int>) -> Context? {
        named(local, "ele")
            ? .field(.elevation)
            : named(local, "time")
                ? .field(.time)
                : named(local, "hdop")
                    ? .field(.hdop)
                    : named(local, "name") ? .field(.name) : named(local, "desc") ? .field(.description) : nil
    }

    /// The current start tag's attribute with this name (and no prefix).
    func attribute(_ name: StaticString) -> XMLTokenizer.Attribute? {
        // Compared by length and first byte before the bytes: `lat` and `lon` are looked up per point.
        let first = name.utf8Start.pointee
        for attribute in tokenizer.attributes
        where attribute.name.count == name.utf8CodeUnitCount && tokenizer.buffer[attribute.name.lowerBound] == first
            && tokenizer.bytes(attribute.name, equal: name)
        {
            return attribute
        }
        return nil
    }

    // MARK: - Routes and tracks

    struct PendingPath {
        var isTrack: Bool
        var header: GPXPathHeader
        var announced = false
    }

    /// Hands over the route's or track's start once its name is known: at its first point or
    /// segment, or at its end.
    private mutating func announcePath() {
        guard var path, !path.announced else { return }
        path.announced = true
        self.path = path
        queue.append(path.isTrack ? .trackStart(path.header) : .routeStart(path.header))
    }
}
