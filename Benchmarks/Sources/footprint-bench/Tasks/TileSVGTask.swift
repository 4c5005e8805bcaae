import FootprintGeo
import FootprintRender
import Foundation

/// `tile_svg`: one 256×256 z14 tile of the peers' render scene (`render_points.csv`: 10,000
/// markers; `render_route.geojson`: a 10,000-vertex route) as SVG, from overlays in memory, as
/// Mapnik's `tile_svg_cairo` and py-staticmaps' `tile_svg` (same tile, markers and route style).
///
/// Timed per tile: the scene (projection of every overlay, sorting), the SVG document, and
/// writing it to a file, as the peers write theirs. 20 tiles a run; `bytes` is the file's size.
struct TileSVGTask: BenchmarkTask {
    let name = "tile_svg"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let points = try NumericCSV.coordinates(
            in: dataset.folder.appendingPathComponent("render_points.csv"), longitudeColumn: 1, latitudeColumn: 2)
        let route = try TrackGeoJSON.coordinates(in: dataset.folder.appendingPathComponent("render_route.geojson"))
        let tile = try Self.renderTile(dataset)
        let red = try OverlayColor(hex: "#e5383b")
        var overlays: [Overlay] = try points.map {
            .marker(try Marker(coordinate: $0, symbol: "circle", color: red, size: .small))
        }
        overlays.append(
            .path(
                try PathOverlay(parts: [route], stroke: StrokeStyle(color: try OverlayColor(hex: "#1f6feb"), width: 2)))
        )
        let frame = try MapFrame(tile: tile)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("footprint-tile-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let tiles = Array(repeating: frame, count: 20)
        let (totals, operations, results) = try timeBatch(tiles, runs: runs.count(n: points.count)) { frame in
            let start = Self.threadCPUMilliseconds()
            let scene = MapScene(overlays: overlays)
            let prepared = Self.threadCPUMilliseconds()
            let bytes = MapRenderer.svg(scene, frame: frame)
            let drawn = Self.threadCPUMilliseconds()
            try Data(bytes).write(to: output)
            let end = Self.threadCPUMilliseconds()
            return (bytes: bytes.count, cpuMs: end - start, sceneMs: prepared - start, svgMs: drawn - prepared)
        }
        // The CPU time of each tile on its own thread: on a shared machine the wall time also
        // counts the time other processes held the cores.
        let cpu = results.map(\.cpuMs).sorted()
        return BenchmarkRecord(
            task: name, n: points.count, runTotalsMs: totals, operationTimesMs: operations, batch: tiles.count,
            extra: [
                ("bytes", .number(Double(results.last?.bytes ?? 0))),
                ("p50_op_cpu_ms", .number(Self.median(cpu))),
                ("p50_scene_cpu_ms", .number(Self.median(results.map(\.sceneMs)))),
                ("p50_svg_cpu_ms", .number(Self.median(results.map(\.svgMs)))),
                ("markers", .number(Double(points.count))),
                ("route_vertices", .number(Double(route.count))), ("tile", .string(tile.description)),
            ])
    }

    /// The middle value, to 3 decimals.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : (sorted[sorted.count / 2] * 1000).rounded() / 1000
    }

    /// The CPU time of the calling thread, in milliseconds (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    /// The tile of `meta.json`'s `render_tile` (`[z, x, y]` or `"z/x/y"`), else 14/13970/6344.
    static func renderTile(_ dataset: Dataset) throws -> Tile {
        let data = FileManager.default.contents(atPath: dataset.folder.appendingPathComponent("meta.json").path)
        let meta = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        if let numbers = meta?["render_tile"] as? [Int], numbers.count == 3 {
            return try Tile(z: numbers[0], x: numbers[1], y: numbers[2])
        }
        if let fields = meta?["render_tile"] as? [String: Any], let z = fields["z"] as? Int,
            let x = fields["x"] as? Int,
            let y = fields["y"] as? Int
        {
            return try Tile(z: z, x: x, y: y)
        }
        return try Tile(z: 14, x: 13970, y: 6344)
    }
}
