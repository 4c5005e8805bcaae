import Foundation

/// Overlay styles as GeoJSON Feature properties: simplestyle-spec 1.1.0
/// (https://github.com/mapbox/simplestyle-spec/tree/master/1.1.0), read by geojson.io, GitHub's
/// map view and Mapbox tools, plus Footprint's own keys where simplestyle has none.
///
/// simplestyle keys: `title`, `description`, `marker-size` (`small`, `medium`, `large`),
/// `marker-symbol`, `marker-color`, `stroke`, `stroke-opacity`, `stroke-width`, `fill`,
/// `fill-opacity`. Colours are lower-case `#rrggbb`.
///
/// Footprint's keys, named after the SVG attribute or map-SDK property they carry:
/// - paths: `stroke-dasharray` (pixels), `stroke-linecap`, `stroke-linejoin`, `outline-stroke`,
///   `outline-stroke-opacity`, `outline-stroke-width`, `passed-stroke`, `passed-stroke-opacity`,
///   and `progress` (a fraction 0…1) or `progress_m` (metres along the path);
/// - circles: `radius_m`;
/// - markers: `marker-opacity`;
/// - photos: `file`, `taken_at` (ISO 8601, UTC, seconds or milliseconds);
/// - labels: `text`, `text-size` (pixels), `text-color`, `text-opacity`, `text-halo-color`,
///   `text-halo-opacity`, `text-halo-width`, as Mapbox GL's symbol layer names them.
///
/// A member is written only when its value is set, except `marker-size`, written always, and a
/// path's `stroke-linecap`/`stroke-linejoin`; opacities are written only when not 1, the
/// simplestyle default. Members come in a fixed order, so the same overlay gives the same bytes.
extension Overlay {
    /// The Feature properties of the overlay, in a fixed order.
    public var simpleStyleProperties: JSONMembers {
        var members = SimpleStyleMembers()
        switch self {
        case .marker(let marker):
            members.text("title", marker.title)
            members.text("description", marker.description)
            members.text("marker-size", marker.size.rawValue)
            members.text("marker-symbol", marker.symbol)
            members.color("marker-color", opacity: "marker-opacity", marker.color)
        case .photo(let photo):
            members.text("title", photo.title)
            members.text("file", photo.file)
            members.text("taken_at", SimpleStyleMembers.timestamp(photo.takenAt))
        case .label(let label):
            members.text("title", label.text)
            members.text("text", label.text)
            members.number("text-size", label.fontSize)
            members.color("text-color", opacity: "text-opacity", label.color)
            if let halo = label.halo {
                members.color("text-halo-color", opacity: "text-halo-opacity", halo.color)
                members.number("text-halo-width", halo.width)
            }
        case .path(let path):
            members.text("title", path.title)
            members.text("description", path.description)
            members.stroke(path.stroke)
            if !path.dash.isSolid { members.add("stroke-dasharray", .array(path.dash.lengths.map(JSONValue.number))) }
            members.text("stroke-linecap", path.cap.rawValue)
            members.text("stroke-linejoin", path.join.rawValue)
            if let outline = path.outline {
                members.color("outline-stroke", opacity: "outline-stroke-opacity", outline.color)
                members.number("outline-stroke-width", outline.width)
            }
            if let passed = path.passedColor {
                members.color("passed-stroke", opacity: "passed-stroke-opacity", passed)
                switch path.progress {
                case .fraction(let fraction): members.number("progress", fraction)
                case .distance(let meters): members.number("progress_m", meters)
                }
            }
        case .polygon(let polygon):
            members.text("title", polygon.title)
            members.text("description", polygon.description)
            members.area(fill: polygon.fill, stroke: polygon.stroke)
        case .circle(let circle):
            members.text("title", circle.title)
            members.text("description", circle.description)
            members.area(fill: circle.fill, stroke: circle.stroke)
            members.number("radius_m", circle.radiusMeters)
        }
        return members.members
    }
}

/// Builds the ordered members.
struct SimpleStyleMembers {
    var members: JSONMembers = []

    mutating func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    mutating func text(_ key: String, _ value: String?) {
        if let value { add(key, .string(value)) }
    }

    mutating func number(_ key: String, _ value: Double) { add(key, .number(value)) }

    /// The colour, and its opacity under `opacityKey` when it is not 1.
    mutating func color(_ key: String, opacity opacityKey: String, _ color: OverlayColor?) {
        guard let color else { return }
        add(key, .string(color.hex))
        if color.opacity != 1 { number(opacityKey, color.opacity) }
    }

    mutating func stroke(_ stroke: StrokeStyle?) {
        guard let stroke else { return }
        color("stroke", opacity: "stroke-opacity", stroke.color)
        number("stroke-width", stroke.width)
    }

    mutating func area(fill: OverlayColor?, stroke: StrokeStyle?) {
        self.stroke(stroke)
        color("fill", opacity: "fill-opacity", fill)
    }

    /// ISO 8601 in UTC with a `Z`, milliseconds only when the time has them: the GPX writer's
    /// form, so that a photo's time reads the same in both exports.
    static func timestamp(_ date: Date) -> String {
        var bytes: [UInt8] = []
        GPXDateTime.append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
