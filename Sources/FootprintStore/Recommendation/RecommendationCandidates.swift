import FootprintGeo
import Foundation
import GRDB
import GRDBSQLite

/// The places a recommendation ranks, as parallel arrays, read from the compact candidate table
/// (``readCells(_:extent:radius:filter:excluded:path:)``) with the columns scoring needs
/// and nothing more (addresses and the rest are read only for the spots that reach the top).
struct RecommendationCandidates {
    var ids: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var likes: [Int] = []
    var bestTimes: [BestTime?] = []
    /// A lower bound of the distance, and the exact distance once known (`nan` before).
    var lowerBounds: [Double] = []
    var exact: [Double] = []
    /// For a corridor: the segments that may be nearest, or empty until the exact distance is
    /// needed.
    var corridorSegments: [[Int32]] = []
    var path = ""

    /// Each candidate's category, tags (`|`-joined) and name, as stored: spans of ``texts``.
    var categorySpans: [TextSpan] = []
    var tagSpans: [TextSpan] = []
    var nameSpans: [TextSpan] = []
    var texts: [UInt8] = []

    /// Filled by ``internProfiles()`` when similarity has something to compare with: candidate
    /// `i`'s tags are `tagIDs[tagStarts[i]..<tagStarts[i + 1]]` (numbers of ``tagNames``), its
    /// category ``categoryNames``[`categoryIDs[i]`] (−1: none).
    var tagStarts: [Int32] = [0]
    var tagIDs: [Int32] = []
    var categoryIDs: [Int32] = []
    var categoryNames: [String] = []

    var tagNames: [String] = []
    var tagIndex: [String: Int32] = [:]

    var count: Int { ids.count }

    mutating func intern(_ tag: String) -> Int32 {
        if let index = tagIndex[tag] { return index }
        let index = Int32(tagNames.count)
        tagNames.append(tag)
        tagIndex[tag] = index
        return index
    }

    /// The tags of candidate `index` (``internProfiles()``).
    func tags(_ index: Int) -> ArraySlice<Int32> {
        tagIDs[Int(tagStarts[index])..<Int(tagStarts[index + 1])]
    }

    /// Where the candidates are looked for and how far each is.
    enum Extent {
        case circle(center: Coordinate, flat: FlatDistance?)
        case corridor(DayCorridor)
    }

    /// The distance bounds of a place, or `nil` when it is surely outside. Places near the edge
    /// are measured exactly here, so the count of candidates is exact.
    func bound(_ extent: Extent, radius: Double, latitude: Double, longitude: Double)
        -> (lower: Double, exact: Double?, segments: [Int32])?
    {
        switch extent {
        case .circle(let center, let flat):
            return Self.bound(center: center, flat: flat, radius: radius, latitude: latitude, longitude: longitude)
        case .corridor(let corridor):
            return Self.bound(corridor: corridor, radius: radius, latitude: latitude, longitude: longitude)
        }
    }

    /// ``bound(_:radius:latitude:longitude:)`` for a circle.
    static func bound(center: Coordinate, flat: FlatDistance?, radius: Double, latitude: Double, longitude: Double)
        -> (lower: Double, exact: Double?, segments: [Int32])?
    {
        guard let flat else {
            let d = Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            return d <= radius ? (d, d, []) : nil
        }
        let estimate = flat.estimate(latitude: latitude, longitude: longitude)
        let slack = estimate * FlatDistance.relativeError + 1e-6
        if estimate - slack > radius { return nil }
        if estimate + slack > radius {
            let d = Geodesic.distance(from: center, to: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
            return d <= radius ? (d, d, []) : nil
        }
        return (max(0, estimate - slack), nil, [])
    }

    /// ``bound(_:radius:latitude:longitude:)`` for a day's corridor.
    static func bound(corridor: borrowing DayCorridor, radius: Double, latitude: Double, longitude: Double)
        -> (lower: Double, exact: Double?, segments: [Int32])?
    {
        // The simplified route first: it is within the tolerance of the route, so most places
        // are surely out or surely in from it; those near the edge are screened against the
        // route itself, as every place was before.
        let error = DayCorridor.planarError
        let slack = corridor.tolerance + 1e-6
        guard
            let coarse = corridor.coarseDistance(
                latitude: latitude, longitude: longitude, limit: radius * (1 + error) + 1 + slack)
        else { return nil }
        if (coarse + slack) * (1 + error) + 1 <= radius {
            return (max(0, (coarse - slack) * (1 - error) - 1), nil, [])
        }
        guard let screened = corridor.screen(latitude: latitude, longitude: longitude, margin: 0) else {
            return nil
        }
        let lower = max(0, screened.planar * (1 - DayCorridor.planarError) - 1)
        if screened.planar * (1 + DayCorridor.planarError) + 1 > radius {
            let d = corridor.exactDistance(latitude: latitude, longitude: longitude, segments: screened.segments)
            return d <= radius ? (d, d, screened.segments) : nil
        }
        return (lower, nil, screened.segments)
    }

    /// The exact distance of candidate `index`.
    mutating func exactDistance(_ index: Int, extent: Extent) -> Double {
        if !exact[index].isNaN { return exact[index] }
        let d: Double
        switch extent {
        case .circle(let center, _):
            d = Geodesic.distance(
                from: center, to: Coordinate(uncheckedLatitude: latitudes[index], longitude: longitudes[index]))
        case .corridor(let corridor):
            // A place surely inside has not been screened against the route yet.
            let segments =
                corridorSegments[index].isEmpty
                ? corridor.screen(latitude: latitudes[index], longitude: longitudes[index], margin: 0)?.segments ?? []
                : corridorSegments[index]
            d = corridor.exactDistance(latitude: latitudes[index], longitude: longitudes[index], segments: segments)
        }
        exact[index] = d
        return d
    }
}
