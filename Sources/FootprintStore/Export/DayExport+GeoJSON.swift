import FootprintGeo
import Foundation

extension DayExport {
    /// The route's style: a solid line 4 px wide, round caps and joins (simplestyle `stroke`).
    static let routeStroke = try! StrokeStyle(color: OverlayColor(hex: "#e4572e"), width: 4)

    /// One RFC 7946 FeatureCollection, UTF-8, with a final newline; `decimals` places per
    /// position (6 by default, about 10 cm).
    ///
    /// For each day in date order: the route (when it has a part) as a LineString, or a
    /// MultiLineString with one part per GPX segment and per privacy cut, never joined, with the
    /// simplestyle properties of a ``PathOverlay`` and `kind`, `date`, `source` (`track` or
    /// `visits`); then each visit as a Point (a ``Marker``'s properties, then `kind`, `name`,
    /// `place_id`, `arrival`, `departure` — ISO 8601 with the local offset — and `duration` in
    /// seconds, `null` while the departure is unknown); then each photo as a Point (`kind`,
    /// `file`, `time`). Feature ids are `route-DATE`, `visit-ID`, `photo-ID`.
    ///
    /// The day's log is the foreign member `day` (RFC 7946 §6.1; §7.1 forbids `properties` on a
    /// FeatureCollection): `date`, `score`, `weather`, `sleep_minutes`, `mood`, `note` (`null`
    /// when not set) and `entries`. A range export (`first` < `last`) has `days`, one such object a
    /// day, instead. Foreign members carry no position.
    public func geoJSON(decimals: Int = 6) throws -> [UInt8] {
        var features: [Feature] = []
        for day in days {
            if !day.parts.isEmpty {
                let path = try PathOverlay(
                    parts: day.parts.map { $0.map { $0.coordinate } }, stroke: Self.routeStroke, title: day.date)
                // The parts as they are: the encoder cuts them at the antimeridian itself, so
                // Overlay.geometry's own cut would only copy a long day's points once more.
                let geometry: Geometry =
                    path.parts.count == 1 ? .lineString(path.parts[0]) : .multiLineString(MultiLineString(path.parts))
                var feature = Feature(
                    id: .string("route-\(day.date)"), geometry: geometry,
                    properties: Overlay.path(path).simpleStyleProperties)
                feature.properties?.append(contentsOf: [
                    ("kind", .string("route")), ("date", .string(day.date)),
                    ("source", .string(day.routeSource?.rawValue ?? "track")),
                ])
                features.append(feature)
            }
            for visit in day.visits {
                let marker = try Marker(coordinate: visit.coordinate, symbol: "marker", title: visit.name)
                var feature = Overlay.marker(marker).feature(id: .string("visit-\(visit.id)"))
                feature.properties?.append(contentsOf: [
                    ("kind", .string("visit")), ("name", visit.name.map(JSONValue.string) ?? .null),
                    ("place_id", visit.placeID.map(JSONValue.integer) ?? .null),
                    ("arrival", .string(visit.arrived.iso8601)),
                    ("departure", visit.left.map { .string($0.iso8601) } ?? .null),
                    ("duration", visit.durationSeconds.map(JSONValue.number) ?? .null),
                ])
                features.append(feature)
            }
            for photo in day.photos {
                guard let coordinate = photo.coordinate else { continue }
                let marker = try Marker(coordinate: coordinate, symbol: "camera", size: .small)
                var feature = Overlay.marker(marker).feature(id: .string("photo-\(photo.id ?? 0)"))
                feature.properties?.append(contentsOf: [
                    ("kind", .string("photo")), ("file", .string(photo.path)),
                    ("time", photo.takenAt.map { .string($0.iso8601) } ?? .null),
                ])
                features.append(feature)
            }
        }
        let logs = days.map(Self.logObject)
        let member: (key: String, value: JSONValue) =
            first == last
            ? ("day", logs.first ?? Self.logObject(date: first, log: nil, entries: []))
            : ("days", .array(logs))
        let collection = FeatureCollection(features: features, foreignMembers: [member])
        var bytes = GeoJSONEncoder(decimals: decimals).encodedBytes(.featureCollection(collection))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func logObject(_ day: ExportedDay) -> JSONValue {
        logObject(date: day.date, log: day.log, entries: day.entries)
    }

    /// The log of a day as the `day` member: fixed keys, `null` where nothing is set.
    static func logObject(date: String, log: Day?, entries: [RouteLogEntry]) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func whole(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
        return .object([
            ("date", .string(date)), ("score", whole(log?.score)), ("weather", text(log?.weather)),
            ("sleep_minutes", whole(log?.sleepMinutes)), ("mood", text(log?.moodColor)), ("note", text(log?.note)),
            (
                "entries",
                .array(
                    entries.map { entry in
                        .object([
                            ("id", .integer(entry.id)), ("title", .string(entry.title)), ("body", text(entry.body)),
                            ("category", text(entry.category)), ("walk_minutes", whole(entry.walkMinutes)),
                        ])
                    })
            ),
        ])
    }
}
