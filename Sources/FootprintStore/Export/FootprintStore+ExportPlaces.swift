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
            while try statement.stepRow(path: path) {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                Self.appendFeature(raw, encoder: encoder, to: &buffer)
                if buffer.count >= 1 << 20 {
                    try write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            buffer.append(contentsOf: Array("]}\n".utf8))
            try write(buffer)
        }
    }

    /// The place on the statement's current row as a Feature, written from SQLite's bytes.
    private static func appendFeature(_ statement: OpaquePointer?, encoder: GeoJSONEncoder, to buffer: inout [UInt8]) {
        func bytes(_ index: Int32) -> UnsafeBufferPointer<UInt8>? {
            guard let text = sqlite3_column_text(statement, index) else { return nil }
            return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, index)))
        }
        let coordinate = Coordinate(
            uncheckedLatitude: sqlite3_column_double(statement, 12), longitude: sqlite3_column_double(statement, 13))
        encoder.appendPointFeature(id: sqlite3_column_int64(statement, 0), at: coordinate, to: &buffer) { object in
            func add(_ key: StaticString, _ index: Int32) {
                if let value = bytes(index) { object.string(key, utf8: value) }
            }
            add("name", 1)
            add("category", 2)
            // Tags are stored `|`-joined (Hashtag.encode).
            if let tags = bytes(3) { object.stringArray("tags", splitting: tags, at: UInt8(ascii: "|")) }
            object.integer("likes", sqlite3_column_int64(statement, 4))
            add("address", 5)
            add("road_address", 6)
            add("phone", 7)
            add("visit_time", 8)
            add("note", 9)
            add("source", 10)
            add("source_id", 11)
        }
    }
}
