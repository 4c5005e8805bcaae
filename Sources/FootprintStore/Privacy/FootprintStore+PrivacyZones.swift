import FootprintGeo
import Foundation
import GRDB

extension FootprintStore {
    /// Stores a circular privacy zone and returns it with its id.
    ///
    /// - Throws: `invalidValue` for an empty name; ``FootprintGeoError`` for a radius that is not
    ///   more than 0 m and at most 50 km (``PrivacyZone/maximumRadiusMeters``).
    public func addPrivacyZone(name: String, center: Coordinate, radiusMeters: Double) throws -> StoredPrivacyZone {
        let name = try Self.checkedZoneName(name)
        _ = try PrivacyZone(center: center, radiusMeters: radiusMeters)
        return try write { db in
            try db.execute(
                sql: "INSERT INTO privacy_zones(name, latitude, longitude, radius_m) VALUES (?, ?, ?, ?)",
                arguments: [name, center.latitude, center.longitude, radiusMeters])
            return StoredPrivacyZone(
                id: db.lastInsertedRowID, name: name, area: .circle(center: center, radiusMeters: radiusMeters))
        }
    }

    /// Stores a polygonal privacy zone from a GeoJSON Polygon or MultiPolygon and returns it with
    /// its id. The geometry is kept as GeoJSON text at full precision.
    ///
    /// - Throws: `invalidValue` for an empty name or another kind of geometry;
    ///   ``FootprintGeoError`` for a polygon that encloses no area.
    public func addPrivacyZone(name: String, polygon geometry: Geometry) throws -> StoredPrivacyZone {
        let name = try Self.checkedZoneName(name)
        let polygons = try Self.polygons(of: geometry)
        let zone = StoredPrivacyZone(id: 0, name: name, area: .polygons(polygons))
        _ = try zone.maskZones()
        let text = GeoJSONEncoder(decimals: nil).encode(zone.polygonGeometry!)
        return try write { db in
            try db.execute(sql: "INSERT INTO privacy_zones(name, polygon) VALUES (?, ?)", arguments: [name, text])
            var stored = zone
            stored.id = db.lastInsertedRowID
            return stored
        }
    }

    /// Every privacy zone, by id.
    ///
    /// - Throws: `invalidValue` for a row whose polygon is not a GeoJSON Polygon or
    ///   MultiPolygon (only another tool could have written it).
    public func privacyZones() throws -> [StoredPrivacyZone] {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, name, latitude, longitude, radius_m, polygon FROM privacy_zones ORDER BY id")
            return try rows.map(Self.privacyZone(row:))
        }
    }

    /// Removes a privacy zone.
    ///
    /// - Throws: ``FootprintStoreError/privacyZoneNotFound(id:)``.
    public func removePrivacyZone(id: Int64) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM privacy_zones WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw FootprintStoreError.privacyZoneNotFound(id: id) }
        }
    }

    /// The mask of every stored zone, which every export applies unless told not to.
    ///
    /// - Throws: when a stored zone cannot be read: an export never goes out unmasked because of
    ///   a zone it could not understand.
    public func privacyMask() throws -> PrivacyMask {
        var zones: [PrivacyZone] = []
        for stored in try privacyZones() {
            do {
                zones.append(contentsOf: try stored.maskZones())
            } catch {
                throw FootprintStoreError.invalidValue(
                    name: "privacy zone", value: "\(stored.id) “\(stored.name)”", reason: "\(error)")
            }
        }
        return PrivacyMask(zones: zones)
    }

    static func checkedZoneName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw FootprintStoreError.invalidValue(
                name: "privacy zone name", value: "“\(name)”", reason: "give it a name, such as home")
        }
        return trimmed
    }

    static func polygons(of geometry: Geometry) throws -> [Polygon] {
        switch geometry {
        case .polygon(let polygon): return [polygon]
        case .multiPolygon(let multi) where !multi.polygons.isEmpty: return multi.polygons
        default:
            throw FootprintStoreError.invalidValue(
                name: "privacy zone area", value: "(a \(geometry.geoJSONTypeName))",
                reason: "give a Polygon or a MultiPolygon")
        }
    }

    static func privacyZone(row: Row) throws -> StoredPrivacyZone {
        let id: Int64 = row["id"]
        let name: String = row["name"]
        if let text: String = row["polygon"] {
            let geometry: Geometry
            do {
                guard case .geometry(let decoded) = try GeoJSONDecoder().decode(text) else {
                    throw GeoJSONError.unexpectedContent(path: "", reason: "expected a geometry")
                }
                geometry = decoded
            } catch {
                throw FootprintStoreError.invalidValue(
                    name: "privacy zone", value: "\(id) “\(name)”", reason: "its polygon cannot be read: \(error)")
            }
            return StoredPrivacyZone(id: id, name: name, area: .polygons(try polygons(of: geometry)))
        }
        let center = Coordinate(uncheckedLatitude: row["latitude"], longitude: row["longitude"])
        return StoredPrivacyZone(id: id, name: name, area: .circle(center: center, radiusMeters: row["radius_m"]))
    }
}
