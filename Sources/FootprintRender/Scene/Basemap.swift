import FootprintGeo
import Foundation

/// The background of a map: land areas and administrative boundaries, drawn under every
/// overlay (from `Data/world_countries.geojson` and `Data/kr_sido.geojson` in the CLI), and
/// finer boundaries drawn thin when zoomed in (시군구, cities, counties and districts, from
/// `Data/kr_sigungu.geojson.gz`), read only when a map first needs them.
///
/// Rings are projected once; each frame drops the vertices closer than a pixel and clips to its
/// area, so a zoomed-out tile of a detailed coastline stays small.
public struct Basemap: Sendable {
    struct Ring: Sendable {
        var points: [UnitPoint]
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)

        init(_ coordinates: [Coordinate]) {
            points = coordinates.map(UnitPoint.init)
            box = MapScene.box(of: [points])
        }
    }

    /// Land polygons: each polygon's rings (exterior, holes).
    let land: [[Ring]]
    /// Boundary lines.
    let boundaries: [Ring]
    /// The zoom from which boundaries are drawn (below it they are clutter).
    public let boundaryMinimumZoom: Int
    /// Finer boundary lines, loaded on first use.
    private(set) var detailBoundaries: DetailBoundaries?
    /// The zoom from which the finer boundaries are drawn.
    public let detailBoundaryMinimumZoom: Int

    /// Creates a basemap from land polygons and boundary lines (a polygon's rings, or any lines),
    /// and finer boundary lines that `detailBoundaries` gives when a map at
    /// `detailBoundaryMinimumZoom` or more first needs them (a map zoomed out never reads them).
    public init(
        land: [Polygon], boundaries: [[Coordinate]], boundaryMinimumZoom: Int = 5,
        detailBoundaries: (@Sendable () -> [[Coordinate]])? = nil, detailBoundaryMinimumZoom: Int = 10
    ) {
        self.land = land.map { $0.rings.filter { $0.count >= 4 }.map(Ring.init) }.filter { !$0.isEmpty }
        self.boundaries = boundaries.filter { $0.count >= 2 }.map(Ring.init)
        self.boundaryMinimumZoom = boundaryMinimumZoom
        self.detailBoundaries = detailBoundaries.map(DetailBoundaries.init)
        self.detailBoundaryMinimumZoom = detailBoundaryMinimumZoom
    }

    /// A basemap with finer boundaries: the rings of the polygons and the lines of the
    /// geometries `detailBoundaries` gives on first use.
    public func addingDetailBoundaries(_ geometries: @escaping @Sendable () -> [Geometry]) -> Basemap {
        var copy = self
        copy.detailBoundaries = DetailBoundaries {
            var lines: [[Coordinate]] = []
            for geometry in geometries() {
                for polygon in Self.polygons(in: geometry) { lines += polygon.rings }
                lines += Self.lineStrings(in: geometry)
            }
            return lines
        }
        return copy
    }

    /// Lines read once, on first use, by whichever frame asks first (tiles render in parallel).
    final class DetailBoundaries: @unchecked Sendable {
        private let lock = NSLock()
        private var load: (@Sendable () -> [[Coordinate]])?
        private var loaded: [Ring] = []

        init(_ load: @escaping @Sendable () -> [[Coordinate]]) { self.load = load }

        var rings: [Ring] {
            lock.lock()
            defer { lock.unlock() }
            if let load {
                loaded = load().filter { $0.count >= 2 }.map(Ring.init)
                self.load = nil
            }
            return loaded
        }
    }

    /// A basemap from GeoJSON geometries: the polygons of `land` are land; the rings of the
    /// polygons of `boundaries`, and its lines, are boundaries.
    public static func geometries(_ land: [Geometry], boundaries: [Geometry]) -> Basemap {
        var landPolygons: [Polygon] = []
        for geometry in land { landPolygons += polygons(in: geometry) }
        var lines: [[Coordinate]] = []
        for geometry in boundaries {
            for polygon in polygons(in: geometry) { lines += polygon.rings }
            lines += lineStrings(in: geometry)
        }
        return Basemap(land: landPolygons, boundaries: lines)
    }

    static func polygons(in geometry: Geometry) -> [Polygon] {
        switch geometry {
        case .polygon(let polygon): return [polygon]
        case .multiPolygon(let multi): return multi.polygons
        case .geometryCollection(let geometries): return geometries.flatMap(polygons(in:))
        default: return []
        }
    }

    static func lineStrings(in geometry: Geometry) -> [[Coordinate]] {
        switch geometry {
        case .lineString(let line): return [line.coordinates]
        case .multiLineString(let multi): return multi.lines.map(\.coordinates)
        case .geometryCollection(let geometries): return geometries.flatMap(lineStrings(in:))
        default: return []
        }
    }
}
