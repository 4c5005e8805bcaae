import FootprintGeo
import GRDB

/// A place as a map draws it: where it is, what it is called, its category.
public struct MapPlace: Hashable, Sendable {
    /// The place's id.
    public var id: Int64
    /// The name, shown as the marker's title.
    public var name: String
    /// The category path (`음식점 > 카페`), which chooses the marker's colour.
    public var category: String?
    /// Where the place is.
    public var coordinate: Coordinate

    /// Creates a map place.
    public init(id: Int64, name: String, category: String?, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.category = category
        self.coordinate = coordinate
    }
}

extension FootprintStore {
    /// The most cell bands (1/500° each, ~220 m) a box may span for ``mapPlaces(in:filter:)`` to
    /// read it band by band: a zoom-13 tile spans ~18 at Seoul's latitude.
    static let mapCellBands = 32

    /// Every place inside `box` (edges included; a box whose west edge is east of its east edge
    /// crosses the antimeridian), or every place when `box` is `nil`, that passes the filter,
    /// by id.
    ///
    /// The spatial index (`idx_places_geom`, an R*Tree of float32 boxes that always hold their
    /// point) picks the candidates; the `latitude`/`longitude` columns decide, so a place on an
    /// edge is in or out by its exact position. Only the four columns a map needs are read.
    ///
    /// Without a filter, a box of at most ``mapCellBands`` bands of ``RecommendationCells`` (a
    /// tile of zoom 13 or more) is read from `recommend_candidates` instead, one B-tree range a
    /// band: its rows hold the same four columns, clustered by cell, where the spatial index's
    /// candidates are scattered over `places` (a zoom-14 tile of 1,760 places at 1M: 14 ms through
    /// the spatial index; `render tile` 42 → 33 ms a process).
    public func mapPlaces(in box: BoundingBox?, filter: PlaceFilter = PlaceFilter()) throws -> [MapPlace] {
        try filter.check()
        let filterSQL = filter.sqlCondition()
        return try read { db in
            var places: [MapPlace] = []
            func collect(_ sql: SQL) throws {
                let (text, arguments) = try sql.build(db)
                // Cached: the band-by-band read below repeats one statement.
                let rows = try Row.fetchCursor(db.cachedStatement(sql: text), arguments: arguments)
                while let row = try rows.next() {
                    let latitude: Double? = row[3]
                    let longitude: Double? = row[4]
                    guard let latitude, let longitude else { continue }
                    let coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
                    if let box, !box.contains(coordinate) { continue }
                    places.append(MapPlace(id: row[0], name: row[1], category: row[2], coordinate: coordinate))
                }
            }
            let columns: SQL = "SELECT p.id, p.name, p.category, p.latitude, p.longitude FROM "
            let condition: SQL = filterSQL.map { " AND " + $0 } ?? ""
            guard let box else {
                try collect(columns + "places p WHERE 1" + condition + " ORDER BY p.id")
                return places
            }
            let spans: [(Double, Double)] =
                box.crossesAntimeridian ? [(box.west, 180), (-180, box.east)] : [(box.west, box.east)]
            let bands = RecommendationCells.band(box.south)...RecommendationCells.band(box.north)
            if filterSQL == nil, bands.count <= Self.mapCellBands, try db.tableExists("recommend_candidates") {
                for (west, east) in spans {
                    let cellColumns = RecommendationCells.column(west)...RecommendationCells.column(east)
                    for band in bands {
                        let base = band * RecommendationCells.stride
                        try collect(
                            """
                            SELECT id, name, category, latitude, longitude FROM recommend_candidates
                            WHERE cell BETWEEN \(base + cellColumns.lowerBound) AND \(base + cellColumns.upperBound)
                            """)
                    }
                }
                places.sort { $0.id < $1.id }
                return places
            }
            for (west, east) in spans {
                try collect(
                    columns + """
                        idx_places_geom r JOIN places p ON p.id = r.pkid
                        WHERE r.xmax >= \(west) AND r.xmin <= \(east) AND r.ymax >= \(box.south) AND r.ymin <= \(box.north)
                        """ + condition + " ORDER BY p.id")
            }
            if spans.count > 1 { places.sort { $0.id < $1.id } }
            return places
        }
    }
}
