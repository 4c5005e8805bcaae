/// Positions in a grid of square cells (degrees), for finding every position in a small box
/// without a query: the cells are kept in one array, sorted, each a range of it.
///
/// Cell numbers wrap at 65,536 rows and columns (two cells that far apart share a number); the
/// box check in ``forEach(south:north:west:east:_:)`` tells their positions apart.
struct PositionGrid {
    /// The cell size, degrees of latitude and of longitude.
    let cellDegrees: Double
    /// The positions' indices (in the arrays given to ``init(latitudes:longitudes:cellDegrees:)``),
    /// in cell order, ascending within a cell.
    private(set) var order: [Int32] = []
    private let latitudes: [Double]
    private let longitudes: [Double]
    /// Cell → the range of ``order`` it holds, as start << 32 | count.
    private var cells: [UInt32: UInt64] = [:]

    /// Puts position `i` (`latitudes[i]`, `longitudes[i]`, finite) in its cell; at most 2³¹ positions.
    init(latitudes: [Double], longitudes: [Double], cellDegrees: Double) {
        self.cellDegrees = cellDegrees
        self.latitudes = latitudes
        self.longitudes = longitudes
        var keys = [UInt64](repeating: 0, count: latitudes.count)
        for index in latitudes.indices {
            keys[index] = UInt64(cell(row(latitudes[index]), column(longitudes[index]))) << 32 | UInt64(index)
        }
        RadixSort.sort(&keys, bits: 0..<64)
        order = keys.map { Int32(truncatingIfNeeded: $0) }
        // Sized once: growing the table cell by cell rehashes it ~20 times on a million places.
        var cellCount = keys.isEmpty ? 0 : 1
        for index in keys.indices.dropFirst() where keys[index] >> 32 != keys[index - 1] >> 32 { cellCount += 1 }
        cells.reserveCapacity(cellCount)
        var start = 0
        while start < keys.count {
            let cellKey = UInt32(keys[start] >> 32)
            var end = start + 1
            while end < keys.count && UInt32(keys[end] >> 32) == cellKey { end += 1 }
            cells[cellKey] = UInt64(start) << 32 | UInt64(end - start)
            start = end
        }
    }

    private func row(_ latitude: Double) -> Int { Int(((latitude + 90) / cellDegrees).rounded(.down)) }
    private func column(_ longitude: Double) -> Int { Int(((longitude + 180) / cellDegrees).rounded(.down)) }
    private func cell(_ row: Int, _ column: Int) -> UInt32 {
        UInt32(UInt16(truncatingIfNeeded: row)) << 16 | UInt32(UInt16(truncatingIfNeeded: column))
    }

    /// Calls `body` with the index of each position inside the box (ends included), cell by
    /// cell.
    func forEach(south: Double, north: Double, west: Double, east: Double, _ body: (Int) throws -> Void) rethrows {
        let firstRow = row(south)
        let firstColumn = column(west)
        // A box wider than the wrapped grid visits each cell number once.
        for row in firstRow...min(row(north), firstRow + 65_535) {
            for column in firstColumn...min(column(east), firstColumn + 65_535) {
                guard let range = cells[cell(row, column)] else { continue }
                let start = Int(range >> 32)
                for slot in start..<(start + Int(range & 0xFFFF_FFFF)) {
                    let index = Int(order[slot])
                    let latitude = latitudes[index]
                    let longitude = longitudes[index]
                    guard latitude >= south, latitude <= north, longitude >= west, longitude <= east else { continue }
                    try body(index)
                }
            }
        }
    }
}
