import FootprintGeo

/// `tile_z14`: the z14 tile of every place, as the peers' `mercantile.tile(lon, lat, 14)` loop;
/// `distinct_tiles` (counted outside the timing, as theirs) must equal mercantile's.
struct TileTask: BenchmarkTask {
    let name = "tile_z14"

    func measure(on dataset: Dataset, runs: RunCounts) throws -> BenchmarkRecord {
        let places = try dataset.places.get()
        let (times, tiles) = try timeRuns(runs.count(n: places.count)) { try Tile.tiles(containing: places, zoom: 14) }
        return BenchmarkRecord(
            task: name, n: places.count, timesMs: times,
            extra: [("distinct_tiles", .number(Double(Set(tiles).count)))])
    }
}
