import Foundation

/// Segments of a plane in a grid of square cells, so a point is compared with the segments of
/// the 3 × 3 cells around it: every segment within one cell's width of the point is there.
struct SegmentGrid {
    struct Segment {
        var ax, ay, bx, by: Double
    }

    private(set) var segments: [Segment] = []
    private var cells: [Int64: [Int32]] = [:]
    /// The same cells as one table once ``freeze()`` made it (when the cells' box is not too
    /// large): cell (`i`, `j`) holds `items[starts[k]..<starts[k + 1]]`, `k = (j − minJ) × width
    /// + (i − minI)`. A look-up is then an index, not 9 hashed dictionary probes a point.
    private var starts: [Int32] = []
    private var items: [Int32] = []
    private var minI = 0, minJ = 0, width = 0, height = 0
    /// The width of a cell: the largest distance a look-up answers for.
    let cell: Double

    init(cell: Double) {
        self.cell = cell
    }

    private func key(_ i: Int, _ j: Int) -> Int64 {
        Int64(i) << 32 ^ Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: j)))
    }

    private func index(_ value: Double) -> Int { Int((value / cell).rounded(.down)) }

    /// Adds the segment from (`ax`, `ay`) to (`bx`, `by`) (a point when both ends are equal), as
    /// number ``segments``.count.
    mutating func add(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        (starts, items, width, height) = ([], [], 0, 0)
        let number = Int32(segments.count)
        segments.append(Segment(ax: ax, ay: ay, bx: bx, by: by))
        let i0 = index(min(ax, bx))
        let i1 = index(max(ax, bx))
        let j0 = index(min(ay, by))
        let j1 = index(max(ay, by))
        // A segment longer than a few hundred cells (a jump between far visits) is put in the
        // cells along it rather than its whole box.
        if (i1 - i0 + 1) * (j1 - j0 + 1) > 256 {
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            let steps = Int((length / (cell / 2)).rounded(.up))
            var seen = Set<Int64>()
            for step in 0...steps {
                let t = Double(step) / Double(steps)
                let k = key(index(ax + t * (bx - ax)), index(ay + t * (by - ay)))
                if seen.insert(k).inserted { cells[k, default: []].append(number) }
            }
            return
        }
        for i in i0...i1 {
            for j in j0...j1 { cells[key(i, j), default: []].append(number) }
        }
    }

    /// Lays the cells out as one table when their box has at most 2²⁰ cells; the dictionary
    /// stays for the rest (and for ``add(_:_:_:_:)`` after).
    mutating func freeze() {
        guard let first = cells.keys.first else { return }
        var (lowI, lowJ, highI, highJ) = (Int(first >> 32), Int(Int32(truncatingIfNeeded: first)), 0, 0)
        (highI, highJ) = (lowI, lowJ)
        for key in cells.keys {
            let i = Int(key >> 32)
            let j = Int(Int32(truncatingIfNeeded: key))
            (lowI, highI, lowJ, highJ) = (min(lowI, i), max(highI, i), min(lowJ, j), max(highJ, j))
        }
        let (w, h) = (highI - lowI + 1, highJ - lowJ + 1)
        guard w <= 1 << 20, h <= 1 << 20, w * h <= 1 << 20 else { return }
        var counts = [Int32](repeating: 0, count: w * h + 1)
        for (key, list) in cells {
            counts[(Int(Int32(truncatingIfNeeded: key)) - lowJ) * w + Int(key >> 32) - lowI + 1] = Int32(list.count)
        }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var table = [Int32](repeating: 0, count: Int(counts[w * h]))
        for (key, list) in cells {
            let k = (Int(Int32(truncatingIfNeeded: key)) - lowJ) * w + Int(key >> 32) - lowI
            for (offset, number) in list.enumerated() { table[Int(counts[k]) + offset] = number }
        }
        (starts, items, minI, minJ, width, height) = (counts, table, lowI, lowJ, w, h)
    }

    /// Calls `body` with each segment of the 3 × 3 cells around (`x`, `y`) and its distance (a
    /// segment in several of them more than once).
    func forEachNear(_ x: Double, _ y: Double, _ body: (Int32, Double) -> Void) {
        let i = index(x)
        let j = index(y)
        if width > 0 {
            // Cells outside the table hold nothing.
            for dj in -1...1 {
                let row = j + dj - minJ
                guard row >= 0, row < height else { continue }
                for di in -1...1 {
                    let column = i + di - minI
                    guard column >= 0, column < width else { continue }
                    let k = row * width + column
                    for item in Int(starts[k])..<Int(starts[k + 1]) {
                        let number = items[item]
                        body(number, Self.distance(x, y, segments[Int(number)]))
                    }
                }
            }
            return
        }
        for di in -1...1 {
            for dj in -1...1 {
                guard let list = cells[key(i + di, j + dj)] else { continue }
                for number in list { body(number, Self.distance(x, y, segments[Int(number)])) }
            }
        }
    }

    /// The distance to the nearest segment when one is within a cell's width; otherwise one above
    /// it, or infinity.
    func nearestDistance(_ x: Double, _ y: Double) -> Double {
        var best = Double.infinity
        forEachNear(x, y) { _, d in best = min(best, d) }
        return best
    }

    static func distance(_ x: Double, _ y: Double, _ s: Segment) -> Double {
        let dx = s.bx - s.ax
        let dy = s.by - s.ay
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((x - s.ax) * dx + (y - s.ay) * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let px = s.ax + t * dx - x
        let py = s.ay + t * dy - y
        return (px * px + py * py).squareRoot()
    }

    /// The indexes of the points of `line` that Douglas–Peucker keeps at `tolerance`: every point
    /// left out is within `tolerance` of the segment between the kept points around it, so the
    /// kept polyline and the whole one are within `tolerance` of each other everywhere (the
    /// line between two kept points stays in the band around their segment and runs from one
    /// end to the other).
    static func simplified(_ line: [(x: Double, y: Double)], tolerance: Double) -> [Int] {
        guard line.count > 2 else { return Array(line.indices) }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let segment = Segment(ax: line[first].x, ay: line[first].y, bx: line[last].x, by: line[last].y)
            var farthest = first
            var largest = -1.0
            for index in (first + 1)..<last {
                let d = distance(line[index].x, line[index].y, segment)
                if d > largest {
                    largest = d
                    farthest = index
                }
            }
            if largest > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return line.indices.filter { keep[$0] }
    }
}
