import FootprintGeo
import GRDB
import GRDBSQLite

extension FootprintStore {
    /// Writes every place as one RFC 7946 FeatureCollection, streaming: `write` receives chunks of
    /// UTF-8 bytes (about 1 MB each) in order, so memory stays constant in the number of places.
    ///
    /// Features come in id order with the place id as the Feature `id`, a Point geometry (6
    /// decimals by default) and the properties `name`, `category`, `tags`, `likes`, `address`,
    /// `road_address`, `phone`, `visit_time`, `note`, `source`, `source_id` (absent values left
    /// out): the same database gives the same bytes.
    public func exportPlaces(encoder: GeoJSONEncoder = GeoJSONEncoder(), write: ([UInt8]) throws -> Void) throws {
        try read { db in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20 + 4096)
            buffer.append(contentsOf: Array(#"{"type":"FeatureCollection","features":["#.utf8))
            let statement = try db.makeStatement(
                sql: """
                    SELECT id, name, category, tags, likes, address, road_address, phone, visit_time, note, source,
                           source_id, latitude, longitude
                    FROM places WHERE latitude IS NOT NULL ORDER BY id
                    """)
            // Raw stepping: GRDB's Row decoding costs more than the encoding for a million rows.
            let raw = statement.sqliteStatement
            var first = true
            while true {
                let status = sqlite3_step(raw)
                if status == SQLITE_DONE { break }
                guard status == SQLITE_ROW else {
                    throw FootprintStoreError.database(path: path, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                encoder.appendFeature(Self.feature(raw), to: &buffer)
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            buffer.append(contentsOf: Array("]}\n".utf8))
            try write(buffer)
        }
    }

    private static func feature(_ statement: OpaquePointer?) -> Feature {
        func text(_ index: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, index) else { return nil }
            return String(cString: bytes)
        }
        var properties: JSONMembers = []
        properties.reserveCapacity(11)
        func add(_ key: String, _ index: Int32) {
            if let value = text(index) { properties.append((key, .string(value))) }
        }
        add("name", 1)
        add("category", 2)
        let tags = Hashtag.decode(text(3) ?? "")
        if !tags.isEmpty { properties.append(("tags", .array(tags.map(JSONValue.string)))) }
        properties.append(("likes", .integer(sqlite3_column_int64(statement, 4))))
        add("address", 5)
        add("road_address", 6)
        add("phone", 7)
        add("visit_time", 8)
        add("note", 9)
        add("source", 10)
        add("source_id", 11)
        let coordinate = Coordinate(
            uncheckedLatitude: sqlite3_column_double(statement, 12), longitude: sqlite3_column_double(statement, 13))
        return Feature(
            id: .integer(sqlite3_column_int64(statement, 0)), geometry: .point(Point(coordinate)),
            properties: properties)
    }
}
