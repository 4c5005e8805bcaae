/// The segments of a set of rings in a uniform grid over their bounds, so that the segments near
/// a candidate segment are found without looking at all of them. Input segments are known by
/// ring and index (segment k joins positions k and k + 1); the segments that replace sections
/// are added as the simplification goes (chords, ring -1).
struct SegmentGrid {
    private struct Segment {
        var start: Coordinate
        var end: Coordinate
        var ring: Int32
        var index: Int32
    }

    private var segments: [Segment] = []
    private var cells: [[Int32]]
    private let columns: Int
    private let rows: Int
    private let minX, minY, cellWidth, cellHeight: Double

    init(rings: [[Coordinate]]) {
        var count = 0
        var bounds: Bounds?
        for ring in rings {
            count += max(0, ring.count - 1)
            for point in ring {
                if bounds == nil { bounds = Bounds(point) } else { bounds!.extend(point) }
            }
        }
        let box = bounds ?? Bounds(Coordinate(uncheckedLatitude: 0, longitude: 0))
        // About four segments a cell on average; at most 512 × 512 cells.
        let side = max(1, min(512, Int(Double(count / 4).squareRoot())))
        columns = side
        rows = side
        minX = box.minX
        minY = box.minY
        cellWidth = max((box.maxX - box.minX) / Double(side), .leastNormalMagnitude)
        cellHeight = max((box.maxY - box.minY) / Double(side), .leastNormalMagnitude)
        cells = Array(repeating: [], count: side * side)
        segments.reserveCapacity(count)
        for (ringIndex, ring) in rings.enumerated() where ring.count > 1 {
            for index in 0..<(ring.count - 1) {
                insert(Segment(start: ring[index], end: ring[index + 1], ring: Int32(ringIndex), index: Int32(index)))
            }
        }
    }

    /// Adds a segment that replaced a section.
    mutating func insertChord(_ start: Coordinate, _ end: Coordinate) {
        insert(Segment(start: start, end: end, ring: -1, index: -1))
    }

    /// True when segment start–end meets a segment of the grid other than at an end of both,
    /// leaving out the input segments `from..<to` of `ring` (the section it would replace).
    func hasInteriorIntersection(
        _ start: Coordinate, _ end: Coordinate, excludingRing ring: Int, from first: Int, to last: Int
    ) -> Bool {
        let (columnRange, rowRange) = cellRanges(start, end)
        for row in rowRange {
            for column in columnRange {
                for id in cells[row * columns + column] {
                    let segment = segments[Int(id)]
                    if Int(segment.ring) == ring, Int(segment.index) >= first, Int(segment.index) < last { continue }
                    if PlanarSegments.intersectInterior(start, end, segment.start, segment.end) { return true }
                }
            }
        }
        return false
    }

    private mutating func insert(_ segment: Segment) {
        let id = Int32(segments.count)
        segments.append(segment)
        let (columnRange, rowRange) = cellRanges(segment.start, segment.end)
        for row in rowRange {
            for column in columnRange { cells[row * columns + column].append(id) }
        }
    }

    /// The cells the box of start–end overlaps (clamped to the grid).
    private func cellRanges(_ start: Coordinate, _ end: Coordinate) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func cell(_ value: Double, _ origin: Double, _ size: Double, _ count: Int) -> Int {
            let position = ((value - origin) / size).rounded(.down)
            guard position.isFinite else { return 0 }
            return Int(min(max(position, 0), Double(count - 1)))
        }
        let columnA = cell(start.longitude, minX, cellWidth, columns)
        let columnB = cell(end.longitude, minX, cellWidth, columns)
        let rowA = cell(start.latitude, minY, cellHeight, rows)
        let rowB = cell(end.latitude, minY, cellHeight, rows)
        return (min(columnA, columnB)...max(columnA, columnB), min(rowA, rowB)...max(rowA, rowB))
    }
}
