/// Rectangles bucketed by a grid of square cells, to ask "does this box touch any of them?"
/// in time proportional to the boxes nearby, not to all of them.
struct BoxGrid {
    /// The side of a cell in pixels: about a marker's size, so a box sits in few cells.
    let cell: Double
    private var buckets: [Int64: [PixelRect]] = [:]

    init(cell: Double = 32) {
        self.cell = cell
    }

    /// The cells a box covers.
    private func cells(_ box: PixelRect) -> [Int64] {
        let minColumn = Int64((box.minX / cell).rounded(.down))
        let maxColumn = Int64((box.maxX / cell).rounded(.down))
        let minRow = Int64((box.minY / cell).rounded(.down))
        let maxRow = Int64((box.maxY / cell).rounded(.down))
        var keys: [Int64] = []
        for row in minRow...max(minRow, maxRow) {
            for column in minColumn...max(minColumn, maxColumn) { keys.append(row &* 1_000_003 &+ column) }
        }
        return keys
    }

    mutating func insert(_ box: PixelRect) {
        guard box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite else { return }
        for key in cells(box) { buckets[key, default: []].append(box) }
    }

    /// True when the box overlaps one inserted before.
    func intersects(_ box: PixelRect) -> Bool {
        for key in cells(box) {
            for other in buckets[key] ?? [] where other.intersects(box) { return true }
        }
        return false
    }
}
