import Foundation

extension GPXReader {
    /// A point whose start tag has been read: its position, checked, and the fields read so far.
    struct PendingPoint {
        var kind: GPXPointKind
        var latitude: Double
        var longitude: Double
        var problem: FootprintGeoError?
        var mark: XMLTokenizer.Mark
        var elevation: Double?
        var time: Date?
        var hdop: Double?
        var name: String?
        var description: String?
    }

    /// Reads `lat` and `lon` from the point's start tag. A missing one is an error of the document
    /// (the tag is not a point); a value that is not a number or is out of range only makes the
    /// point skipped, as one bad row of a CSV is (its number is then NaN).
    mutating func beginPoint(_ kind: GPXPointKind) throws(GPXError) {
        let latitude = try coordinateAttribute("lat", axis: "latitude", of: kind)
        let longitude = try coordinateAttribute("lon", axis: "longitude", of: kind)
        var problem = latitude.problem ?? longitude.problem
        if problem == nil {
            do throws(FootprintGeoError) {
                _ = try Coordinate(latitude: latitude.value, longitude: longitude.value)
            } catch {
                problem = error
            }
        }
        point = PendingPoint(
            kind: kind, latitude: latitude.value, longitude: longitude.value, problem: problem,
            mark: tokenizer.tokenMark)
    }

    /// The attribute's number, or NaN and why it is not one.
    private func coordinateAttribute(_ name: StaticString, axis: String, of kind: GPXPointKind) throws(GPXError)
        -> (value: Double, problem: FootprintGeoError?)
    {
        guard let attribute = attribute(name) else {
            let (line, column) = tokenizer.location(of: tokenizer.tokenMark)
            throw GPXError.invalidPoint(
                line: line, column: column, reason: "the <\(kind.elementName)> has no \(name) attribute")
        }
        let value: Double?
        if attribute.hasReferences {
            var decoded: [UInt8] = []
            tokenizer.appendDecoded(attribute.value, hasReferences: true, to: &decoded)
            value = decoded.withUnsafeBufferPointer { GPXValueText.number($0) }
        } else {
            value = GPXValueText.number(
                UnsafeBufferPointer(start: tokenizer.buffer + attribute.value.lowerBound, count: attribute.value.count))
        }
        guard let value else {
            // Shortened: a hostile file's megabyte of text would be repeated in every message.
            let text = tokenizer.string(attribute.value)
            let shown = text.count > 40 ? text.prefix(40) + "…" : text
            return (.nan, .notNumeric(axis: axis, text: String(shown)))
        }
        return (value, nil)
    }

    /// Hands over the point whose end tag was just read.
    mutating func finishPoint() {
        guard let point else { return }
        self.point = nil
        if let problem = point.problem {
            let (line, column) = tokenizer.location(of: point.mark)
            queue.append(
                .skippedPoint(
                    GPXPointProblem(
                        kind: point.kind, line: line, column: column, latitude: point.latitude,
                        longitude: point.longitude, reason: problem)))
            return
        }
        let gpxPoint = GPXPoint(
            coordinate: Coordinate(uncheckedLatitude: point.latitude, longitude: point.longitude),
            elevation: point.elevation, time: point.time, hdop: point.hdop, name: point.name,
            description: point.description, line: point.mark.line)
        switch point.kind {
        case .waypoint: queue.append(.waypoint(gpxPoint))
        case .routePoint: queue.append(.routePoint(gpxPoint))
        case .trackPoint: queue.append(.trackPoint(gpxPoint))
        }
    }

    /// Stores the text of a field whose end tag was just read in the point, path or metadata it
    /// belongs to. Empty text (`<ele></ele>`, `<time/>`) counts as absent.
    mutating func finishField(_ field: Field, parent: Context?) throws(GPXError) {
        switch field {
        case .elevation, .hdop:
            let value = try number(of: field)
            updatePoint { if field == .elevation { $0.elevation = value } else { $0.hdop = value } }
        case .time:
            let value = try time()
            if parent == .root || parent == .metadata { metadata.time = value } else { updatePoint { $0.time = value } }
        case .name, .description:
            // Text is kept as it is written, so it must be UTF-8: a stray byte would be stored
            // as U+FFFD (expat, GDAL's reader, refuses the whole file).
            guard text.withUnsafeBufferPointer({ UTF8Validation.isValid($0) }) else {
                let (line, column) = tokenizer.location(of: fieldMark)
                throw GPXError.invalidValue(
                    line: line, column: column,
                    reason: "the <\(field == .name ? "name" : "desc")> text is not valid UTF-8 (save the file as UTF-8)"
                )
            }
            let value = String(decoding: text, as: UTF8.self)
            switch parent {
            case .root, .metadata:
                if field == .name { metadata.name = value } else { metadata.description = value }
            case .track, .route:
                if var pending = path.take() {
                    if !pending.announced { pending.header.name = value }
                    path = pending
                }
            default:
                updatePoint { if field == .name { $0.name = value } else { $0.description = value } }
            }
        }
    }

    /// Changes the pending point, if there is one.
    ///
    /// Not `point?.name = value`: written through optional chaining into this noncopyable
    /// reader, the `String` a second `<name>` replaced was never released (Swift 6.3; found by
    /// LeakSanitizer under `make fuzz`, `Fuzz/Corpus/gpx/leak-string-after-error`). Taken out
    /// and put back, the point is a plain local value.
    private mutating func updatePoint(_ change: (inout PendingPoint) -> Void) {
        guard var pending = point.take() else { return }
        change(&pending)
        point = pending
    }

    private func number(of field: Field) throws(GPXError) -> Double? {
        try text.withUnsafeBufferPointer { bytes throws(GPXError) -> Double? in
            let trimmed = GPXValueText.trimmed(bytes)
            if trimmed.isEmpty { return nil }
            guard let value = GPXValueText.number(trimmed), value.isFinite else {
                let (line, column) = tokenizer.location(of: fieldMark)
                let name = field == .elevation ? "ele" : "hdop"
                throw GPXError.invalidValue(
                    line: line, column: column,
                    reason: "the <\(name)> \"\(String(decoding: trimmed, as: UTF8.self))\" is not a number")
            }
            return value
        }
    }

    private func time() throws(GPXError) -> Date? {
        try text.withUnsafeBufferPointer { bytes throws(GPXError) -> Date? in
            let trimmed = GPXValueText.trimmed(bytes)
            if trimmed.isEmpty { return nil }
            guard let value = GPXDateTime.date(trimmed) else {
                let (line, column) = tokenizer.location(of: fieldMark)
                throw GPXError.invalidValue(
                    line: line, column: column,
                    reason:
                        "the <time> \"\(String(decoding: trimmed, as: UTF8.self))\" is not an ISO 8601 date and time "
                        + "such as 2024-05-01T09:30:00Z")
            }
            // A day a diary keeps is 0001-01-01 to 9999-12-31 in any zone (±14 h): a time within
            // a day of either end would fall outside it in some zone.
            guard value >= GPXDateTime.earliest, value <= GPXDateTime.latest else {
                let (line, column) = tokenizer.location(of: fieldMark)
                throw GPXError.invalidValue(
                    line: line, column: column,
                    reason:
                        "the <time> \"\(String(decoding: trimmed, as: UTF8.self))\" is outside the years 0001 to 9999 "
                        + "(from 0001-01-02 to 9999-12-30 UTC, so that its local day exists in every zone)")
            }
            return value
        }
    }
}
