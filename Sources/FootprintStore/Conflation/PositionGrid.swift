/// Positions in a grid of square cells (degrees), for finding every position in a small box
/// without a query: the positions are kept sorted by cell, a cell being a run of them
/// (``forEach(south:north:west:east:_:)`` reads each cell's positions in sequence), and cells are
/// found in an open-addressing table of their own.
///
/// Cell numbers wrap at 65,536 rows and columns (two cells that far apart share a number); the
/// box check in ``forEach(south:north:west:east:_:)`` tells their positions apart.
struct PositionGrid {
    /// The cell size, degrees of latitude and of longitude.
    let cellDegrees: Double
    /// The positions' indices (in the arrays given to ``init(latitudes:longitudes:cellDegrees:)``),
    /// in cell order, ascending within a cell; a position's place in it is its slot.
    private(set) var order: [Int32] = []
    /// The positions by slot: a cell's are read in sequence, not from all over the input.
    private let slotLatitudes: [Double]
    private let slotLongitudes: [Double]
    /// The table of cells: `cellKeys[i]` holds cell + 1 (0: empty), `cellRanges[i]` its slots as
    /// start << 32 | count. Sized to at least twice the cells, a power of two; linear probing.
    private var cellKeys: [UInt32] = []
    private var cellRanges: [UInt64] = []
    private var tableMask = 0

    /// Puts position `i` (`latitudes[i]`, `longitudes[i]`, finite) in its cell; at most 2³¹ positions.
    init(latitudes: [Double], longitudes: [Double], cellDegrees: Double) {
        self.cellDegrees = cellDegrees
        var keys = [UInt64](repeating: 0, count: latitudes.count)
        for index in latitudes.indices {
            let row = Self.row(latitudes[index], cellDegrees)
            keys[index] = UInt64(Self.cell(row, Self.column(longitudes[index], cellDegrees))) << 32 | UInt64(index)
        }
        // The indices are in order already and the sort is stable: the cells' 32 bits are enough.
        RadixSort.sort(&keys, bits: 32..<64)
        order = keys.map { Int32(truncatingIfNeeded: $0) }
        slotLatitudes = order.map { latitudes[Int($0)] }
        slotLongitudes = order.map { longitudes[Int($0)] }
        var cellCount = keys.isEmpty ? 0 : 1
        for index in keys.indices.dropFirst() where keys[index] >> 32 != keys[index - 1] >> 32 { cellCount += 1 }
        var capacity = 16
        while capacity < 2 * cellCount { capacity *= 2 }
        tableMask = capacity - 1
        cellKeys = [UInt32](repeating: 0, count: capacity)
        cellRanges = [UInt64](repeating: 0, count: capacity)
        var start = 0
        while start < keys.count {
            let cellKey = UInt32(keys[start] >> 32)
            var end = start + 1
            while end < keys.count && UInt32(keys[end] >> 32) == cellKey { end += 1 }
            var bucket = Self.bucket(cellKey, mask: tableMask)
            while cellKeys[bucket] != 0 { bucket = (bucket + 1) & tableMask }
            cellKeys[bucket] = cellKey &+ 1
            cellRanges[bucket] = UInt64(start) << 32 | UInt64(end - start)
            start = end
        }
    }

    private static func row(_ latitude: Double, _ cellDegrees: Double) -> Int {
        Int(((latitude + 90) / cellDegrees).rounded(.down))
    }
    private static func column(_ longitude: Double, _ cellDegrees: Double) -> Int {
        Int(((longitude + 180) / cellDegrees).rounded(.down))
    }
    private static func cell(_ row: Int, _ column: Int) -> UInt32 {
        UInt32(UInt16(truncatingIfNeeded: row)) << 16 | UInt32(UInt16(truncatingIfNeeded: column))
    }
    @inline(__always)
    private static func bucket(_ cell: UInt32, mask: Int) -> Int {
        // Fibonacci hashing: neighbouring cells land far apart.
        Int(truncatingIfNeeded: (UInt64(cell) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slots of `cell`, or `nil` when it holds no position.
    @inline(__always)
    private func slots(of cell: UInt32) -> Range<Int>? {
        var bucket = Self.bucket(cell, mask: tableMask)
        let wanted = cell &+ 1
        while true {
            let key = cellKeys[bucket]
            if key == wanted {
                let range = cellRanges[bucket]
                let start = Int(range >> 32)
                return start..<(start + Int(range & 0xFFFF_FFFF))
            }
            if key == 0 { return nil }
            bucket = (bucket + 1) & tableMask
        }
    }

    /// Calls `body` with the index of each position inside the box (ends included), cell by
    /// cell.
    func forEach(south: Double, north: Double, west: Double, east: Double, _ body: (Int) throws -> Void) rethrows {
        try forEachSlot(south: south, north: north, west: west, east: east) { _, index in try body(index) }
    }

    /// Calls `body` with the slot (the place in ``order``) and the index of each position inside
    /// the box (ends included), cell by cell.
    func forEachSlot(
        south: Double, north: Double, west: Double, east: Double, _ body: (_ slot: Int, _ index: Int) throws -> Void
    ) rethrows {
        guard !order.isEmpty else { return }
        let firstRow = Self.row(south, cellDegrees)
        let firstColumn = Self.column(west, cellDegrees)
        let lastRow = min(Self.row(north, cellDegrees), firstRow + 65_535)
        let lastColumn = min(Self.column(east, cellDegrees), firstColumn + 65_535)
        // A box wider than the wrapped grid visits each cell number once.
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                guard let slots = slots(of: Self.cell(row, column)) else { continue }
                for slot in slots {
                    let latitude = slotLatitudes[slot]
                    let longitude = slotLongitudes[slot]
                    guard latitude >= south, latitude <= north, longitude >= west, longitude <= east else { continue }
                    try body(slot, Int(order[slot]))
                }
            }
        }
    }
}
