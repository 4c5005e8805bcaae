import GRDB
import GRDBSQLite

/// A track's kept points as `tracks.geom`: SpatiaLite's BLOB geometry of a MULTILINESTRING in
/// WGS84 (SRID 4326, X longitude, Y latitude), one LINESTRING per GPX segment with two points or
/// more — the layout `GeomFromText('MULTILINESTRING(…)', 4326)` writes, so `ogrinfo`, QGIS and
/// the `spatialite` shell read it as their own.
///
/// Built point by point while the import writes them, 16 bytes a point in one buffer whose header
/// (bounding box, part count) is filled in at the end: the blob is bound from that buffer, not
/// copied (a million points make 16 MB).
///
/// Layout (little-endian): `00 01`, SRID int32, MBR min X, min Y, max X, max Y (doubles), `7C`,
/// class 5 (MULTILINESTRING) int32, part count int32; per part `69`, class 2 (LINESTRING) int32,
/// point count int32, X Y doubles; `FE`.
struct TrackGeometry {
    private var bytes: [UInt8]
    private var parts = 0
    /// Where the open part begins (its `69` marker), its segment and its points so far.
    private var partStart = 0
    private var segment: Int?
    private var partPoints = 0
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    private static let headerSize = 43 + 4

    init() {
        bytes = [UInt8](repeating: 0, count: Self.headerSize)
    }

    /// Adds a kept point of `segment`; a new segment opens a new part.
    mutating func add(latitude: Double, longitude: Double, segment: Int) {
        if segment != self.segment {
            closePart()
            self.segment = segment
            partStart = bytes.count
            bytes.append(0x69)
            append(UInt32(2))
            append(UInt32(0))
        }
        append(longitude.bitPattern)
        append(latitude.bitPattern)
        partPoints += 1
        minX = min(minX, longitude)
        maxX = max(maxX, longitude)
        minY = min(minY, latitude)
        maxY = max(maxY, latitude)
    }

    /// Ends the open part: its point count is written, or the part is taken out when it has a
    /// single point (a line needs two).
    private mutating func closePart() {
        defer {
            partPoints = 0
            segment = nil
        }
        guard segment != nil else { return }
        guard partPoints >= 2 else {
            bytes.removeSubrange(partStart...)
            return
        }
        write(UInt32(partPoints), at: partStart + 5)
        parts += 1
    }

    /// Calls `body` with the finished blob, or with `nil` when no part has two points (the
    /// column stays NULL). The bounding box covers every point added, a dropped lone point too
    /// (a box a little large is still a true bound for the spatial index).
    mutating func withBlob<Result>(_ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        closePart()
        guard parts > 0 else { return try body(nil) }
        bytes[0] = 0x00
        bytes[1] = 0x01
        write(UInt32(4326), at: 2)
        for (index, value) in [minX, minY, maxX, maxY].enumerated() { write(value.bitPattern, at: 6 + 8 * index) }
        bytes[38] = 0x7C
        write(UInt32(5), at: 39)
        write(UInt32(parts), at: 43)
        bytes.append(0xFE)
        defer { bytes.removeLast() }
        return try bytes.withUnsafeBytes { try body($0) }
    }

    private mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func write(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<4 { bytes[offset + index] = raw[index] }
        }
    }

    private mutating func write(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<8 { bytes[offset + index] = raw[index] }
        }
    }
}

extension TrackGeometry {
    /// Stores the geometry of track `id` in `tracks.geom` when it differs from the stored one;
    /// true when it changed.
    mutating func save(_ db: Database, track id: Int64, path: String) throws -> Bool {
        try withBlob { blob in
            let statement = try db.makeStatement(sql: "UPDATE tracks SET geom = ?1 WHERE id = ?2 AND geom IS NOT ?1")
            let raw = statement.sqliteStatement
            if let blob {
                // SQLITE_STATIC: the buffer outlives the step, so SQLite does not copy 16 MB.
                sqlite3_bind_blob(raw, 1, blob.baseAddress, Int32(blob.count), nil)
            } else {
                sqlite3_bind_null(raw, 1)
            }
            sqlite3_bind_int64(raw, 2, id)
            defer { sqlite3_reset(raw) }
            guard sqlite3_step(raw) == SQLITE_DONE else {
                throw FootprintStoreError.database(
                    path: path, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            return sqlite3_changes(db.sqliteConnection) > 0
        }
    }

    /// The geometry of track `id` from its stored kept points (for tracks stored before the
    /// geometry was written on import).
    static func fromStoredPoints(_ db: Database, track id: Int64) throws -> TrackGeometry {
        var geometry = TrackGeometry()
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT latitude, longitude, segment FROM track_points WHERE track_id = ? AND noise = 0 ORDER BY seq",
            arguments: [id])
        while let row = try rows.next() {
            geometry.add(latitude: row[0], longitude: row[1], segment: row[2])
        }
        return geometry
    }
}
