import FootprintGeo
import Foundation
import GRDB

/// Finds the stored place that an incoming place (an import row, a place added by hand) is the
/// same spot as: a place of another source whose name has the same ``ConflationName/key(_:)``
/// within ``radiusMeters`` (WGS84 geodesic), or whose name is the incoming one's brand plus
/// branch, or the other way round, within ``branchRadiusMeters``. The nearest such place wins
/// (ties: the lower id).
///
/// Rows of one source are distinct places (their ids say so): a place whose own source is the
/// incoming one, or that already has a pair of that source merged into it, is never a match;
/// places added by hand (no source) count as one source of their own. Candidates come from the
/// spatial index `idx_places_geom` (a box around the point), else from the coordinate columns.
final class PlaceMatcher {
    /// A merge of names that differ only by a branch needs the places closer: a brand's other
    /// branch is rarely within 15 m, the same store listed with and without its branch often is.
    static let branchRadiusMeters = 15.0
    /// The default radius of `--match-radius`.
    static let defaultRadiusMeters = 50.0
    /// The largest radius accepted: beyond it, two names alike are more often two places.
    static let maximumRadiusMeters = 1000.0

    let radiusMeters: Double
    private let candidates: RawStatement
    private let mergedPair: RawStatement

    /// Prepares the look-ups on `db`; `radiusMeters` must be checked (``checkRadius(_:)``) and above 0.
    init(_ db: Database, path: String, radiusMeters: Double) throws {
        self.radiusMeters = radiusMeters
        let sql =
            try db.tableExists(SpatialIndexUpdate.table)
            ? """
            SELECT p.id, p.name, p.source, p.latitude, p.longitude FROM \(SpatialIndexUpdate.table) r
            JOIN places p ON p.id = r.pkid
            WHERE r.xmin <= ?2 AND r.xmax >= ?1 AND r.ymin <= ?4 AND r.ymax >= ?3
            """
            : """
            SELECT id, name, source, latitude, longitude FROM places
            WHERE longitude BETWEEN ?1 AND ?2 AND latitude BETWEEN ?3 AND ?4
            """
        candidates = try RawStatement(db, path: path, sql: sql)
        mergedPair = try RawStatement(
            db, path: path, sql: "SELECT 1 FROM place_sources WHERE place_id = ?1 AND source = ?2 LIMIT 1")
    }

    /// Refuses a radius below 0 or above ``maximumRadiusMeters``.
    static func checkRadius(_ meters: Double) throws {
        guard meters.isFinite, meters >= 0, meters <= maximumRadiusMeters else {
            throw FootprintStoreError.invalidValue(
                name: "match radius",
                value:
                    "“\(meters == meters.rounded() && meters.magnitude < 1e15 ? String(Int64(meters)) : String(meters))”",
                reason: "it must be between 0 (no matching) and 1000 m")
        }
    }

    /// The id of the place `name` at (`latitude`, `longitude`) of `source` (`nil`: by hand) is
    /// the same spot as, if any; places in `excluded` are skipped.
    func match(
        name: String, latitude: Double, longitude: Double, source: String?, excluded: Set<Int64> = []
    ) throws -> Int64? {
        let key = ConflationName.key(name)
        let (latitudeSpan, longitudeSpan) = Self.spans(radiusMeters: radiusMeters, latitude: latitude)
        candidates.bind(1, longitude - longitudeSpan)
        candidates.bind(2, longitude + longitudeSpan)
        candidates.bind(3, latitude - latitudeSpan)
        candidates.bind(4, latitude + latitudeSpan)
        defer { candidates.reset() }
        let here = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        var best: (distance: Double, id: Int64)?
        while try candidates.step() {
            let id = candidates.int64(0)
            if excluded.contains(id) || candidates.isNull(3) || candidates.isNull(4) { continue }
            if candidates.text(2) == source { continue }
            let there = Coordinate(uncheckedLatitude: candidates.double(3), longitude: candidates.double(4))
            // The haversine bracket drops the box's corners without solving the geodesic.
            if Geodesic.distanceBounds(from: here, to: there).lowerBound > radiusMeters { continue }
            let distance = Geodesic.distance(from: here, to: there)
            guard distance <= radiusMeters else { continue }
            if let best, (best.distance, best.id) < (distance, id) { continue }
            let other = candidates.text(1) ?? ""
            let otherKey = ConflationName.key(other)
            let same =
                otherKey == key
                || Self.isBranchPair(name, key: key, other, otherKey: otherKey, distance: distance)
            guard same, !key.isEmpty else { continue }
            if let source, try hasMergedPair(id, source: source) { continue }
            best = (distance, id)
        }
        return best?.id
    }

    /// The box around a point that holds every place within `radiusMeters` of it: half its
    /// height and half its width, degrees (a degree of latitude is at least 110.5 km).
    static func spans(radiusMeters: Double, latitude: Double) -> (latitude: Double, longitude: Double) {
        (radiusMeters / 110_000, radiusMeters / (111_000 * max(0.01, cos(latitude * .pi / 180))))
    }

    /// Whether `name` and `other`, `distance` metres apart, are a brand and its branch: within
    /// ``branchRadiusMeters``, one key begins with the other (checked before the words) and
    /// ``ConflationName/isBranch(_:of:)`` says so.
    static func isBranchPair(_ name: String, key: String, _ other: String, otherKey: String, distance: Double) -> Bool {
        distance <= branchRadiusMeters
            && ((key.hasPrefix(otherKey) && ConflationName.isBranch(name, of: other))
                || (otherKey.hasPrefix(key) && ConflationName.isBranch(other, of: name)))
    }

    /// Whether place `id` has a pair of `source` merged into it (rows of one source are
    /// distinct places).
    func hasMergedPair(_ id: Int64, source: String) throws -> Bool {
        mergedPair.bind(1, id)
        mergedPair.bind(2, source)
        defer { mergedPair.reset() }
        return try mergedPair.step()
    }
}
