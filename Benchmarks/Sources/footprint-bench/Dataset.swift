import FootprintGeo
import Foundation

/// A peer dataset folder written by `shared/peers/gen_data.py` (`meta.json`, `track.csv`,
/// `places.csv` …), read once and shared by every task.
final class Dataset {
    let folder: URL
    /// `meta.json` → `n`: the number of places.
    let placeCount: Int
    /// `meta.json` → `track_points`.
    let trackPointCount: Int

    init(folder: URL) throws {
        self.folder = folder
        let metaURL = folder.appendingPathComponent("meta.json")
        guard let data = FileManager.default.contents(atPath: metaURL.path) else {
            throw BenchmarkError("cannot read \(metaURL.path): is \(folder.path) a dataset made by gen_data.py?")
        }
        guard let meta = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let n = meta["n"] as? Int, let trackPoints = meta["track_points"] as? Int
        else { throw BenchmarkError("\(metaURL.path) has no integer \"n\" and \"track_points\"") }
        placeCount = n
        trackPointCount = trackPoints
    }

    /// The GPS track in `seq` order: `track.csv` columns `seq,time,lon,lat` (as the peers'
    /// `np.loadtxt(..., usecols=(2, 3))`), or `track.geojson`'s LineString when there is no CSV.
    private(set) lazy var track: Result<[Coordinate], Error> = Result {
        let csv = folder.appendingPathComponent("track.csv")
        if FileManager.default.fileExists(atPath: csv.path) {
            return try NumericCSV.coordinates(in: csv, longitudeColumn: 2, latitudeColumn: 3)
        }
        return try TrackGeoJSON.coordinates(in: folder.appendingPathComponent("track.geojson"))
    }

    /// Every place's position: `places.csv` columns `lon` (3) and `lat` (4), in file order.
    private(set) lazy var places: Result<[Coordinate], Error> = Result {
        try NumericCSV.coordinates(
            in: folder.appendingPathComponent("places.csv"), longitudeColumn: 3, latitudeColumn: 4)
    }
}

/// A benchmark set-up failure, printed as one sentence on stderr.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The track's LineString from `track.geojson` (a Feature or a bare geometry), for datasets
/// without `track.csv`. Slow (Foundation's JSON parser) but only a fallback.
enum TrackGeoJSON {
    static func coordinates(in url: URL) throws -> [Coordinate] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BenchmarkError("cannot read \(url.path)")
        }
        var object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        if let features = object?["features"] as? [[String: Any]] { object = features.first }
        if let geometry = object?["geometry"] as? [String: Any] { object = geometry }
        guard let positions = object?["coordinates"] as? [[Double]] else {
            throw BenchmarkError("\(url.path) holds no LineString coordinates")
        }
        return try positions.map { position in
            guard position.count >= 2 else {
                throw BenchmarkError("\(url.path) has a position with fewer than 2 numbers")
            }
            return try Coordinate(latitude: position[1], longitude: position[0])
        }
    }
}
