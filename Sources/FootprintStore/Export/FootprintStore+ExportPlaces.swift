import FootprintGeo
import GRDB

extension FootprintStore {
    /// Writes every place as one RFC 7946 FeatureCollection, streaming: `write` receives chunks of
    /// UTF-8 bytes (about 1 MB each) in order, so memory stays constant in the number of places.
    ///
    /// Features come in id order with the place id as the Feature `id`, a Point geometry (6
    /// decimals by default) and the properties `name`, `category`, `tags`, `likes`, `address`,
    /// `road_address`, `phone`, `visit_time`, `note`, `source`, `source_id` (absent values as null):
    /// the same database gives the same bytes.
    public func exportPlaces(encoder: GeoJSONEncoder = GeoJSONEncoder(), write: ([UInt8]) throws -> Void) throws {
        try read { db in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20 + 4096)
            buffer.append(contentsOf: Array(#"{"type":"FeatureCollection","features":["#.utf8))
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, name, category, tags, likes, address, road_address, phone, visit_time, note, source,
                           source_id, latitude, longitude
                    FROM places WHERE latitude IS NOT NULL ORDER BY id
                    """)
            var first = true
            while let row = try rows.next() {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                encoder.appendFeature(Self.feature(row), to: &buffer)
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            buffer.append(contentsOf: Array("]}\n".utf8))
            try write(buffer)
        }
    }

    private static func feature(_ row: Row) -> Feature {
        func text(_ index: Int) -> JSONValue {
            (row[index] as String?).map(JSONValue.string) ?? .null
        }
        let tags = Hashtag.decode(row[3] ?? "").map(JSONValue.string)
        let id: Int64 = row[0]
        return Feature(
            id: .number(Double(id)),
            geometry: .point(Point(Coordinate(uncheckedLatitude: row[12], longitude: row[13]))),
            properties: [
                ("name", text(1)), ("category", text(2)), ("tags", .array(tags)),
                ("likes", .number(Double(row[4] as Int64? ?? 0))), ("address", text(5)), ("road_address", text(6)),
                ("phone", text(7)), ("visit_time", text(8)), ("note", text(9)), ("source", text(10)),
                ("source_id", text(11)),
            ])
    }
}
