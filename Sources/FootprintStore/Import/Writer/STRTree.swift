/// The shape of a Sort-Tile-Recursive packed R-tree (Leutenegger, Edgington & López, 1997):
/// at each level, entries sorted by the x of their centres are cut into ⌈√(nodes)⌉ vertical
/// slices, each slice sorted by y and cut into full nodes; the nodes' boxes are the entries of
/// the level above, up to a single root.
struct STRTree {
    /// One level: the order of its entries and the nodes cut from it.
    struct Level {
        /// Indexes of the level's entries (entries of the whole tree at level 0, nodes of the
        /// level below otherwise), in packed order; node `k` holds `order[k·capacity ..< …]`.
        var order: [Int32]
        /// The boxes (xmin, xmax, ymin, ymax) of this level's nodes.
        var nodeBoxes: [Float]
        let capacity: Int

        var nodeCount: Int { nodeBoxes.count / 4 }

        /// The entries of node `node`.
        func cells(of node: Int) -> ArraySlice<Int32> {
            order[(node * capacity)..<min((node + 1) * capacity, order.count)]
        }
    }

    /// Levels from the leaves (0) to the root (last, one node).
    private(set) var levels: [Level] = []
    /// The node number of the first node of each level; the root is node 1 and numbers grow
    /// downwards, level by level.
    private var firstNodeNumber: [Int64] = []

    /// Packs `count` boxes (4 floats each) into nodes of at most `capacity` entries.
    init(boxes: [Float], count: Int, capacity: Int) {
        var level = Self.pack(boxes: boxes, count: count, capacity: capacity)
        levels.append(level)
        while level.nodeCount > 1 {
            level = Self.pack(boxes: level.nodeBoxes, count: level.nodeCount, capacity: capacity)
            levels.append(level)
        }
        firstNodeNumber = Array(repeating: 0, count: levels.count)
        var next: Int64 = 1
        for index in stride(from: levels.count - 1, through: 0, by: -1) {
            firstNodeNumber[index] = next
            next += Int64(levels[index].nodeCount)
        }
    }

    /// The node number of node `node` of level `level`.
    func nodeNumber(level: Int, node: Int) -> Int64 { firstNodeNumber[level] + Int64(node) }

    private static func pack(boxes: [Float], count: Int, capacity: Int) -> Level {
        let nodeCount = max(1, (count + capacity - 1) / capacity)
        let sliceCount = Int(Double(nodeCount).squareRoot().rounded(.up))
        let sliceSize = sliceCount * capacity
        var keys = [UInt64](repeating: 0, count: count)
        boxes.withUnsafeBufferPointer { boxes in
            for entry in 0..<count {
                let centre = (boxes[entry * 4] + boxes[entry * 4 + 1]) / 2
                keys[entry] = UInt64(sortableBits(centre)) << 32 | UInt64(entry)
            }
        }
        RadixSort.sort(&keys, bits: 32..<64)
        var order = keys.map { Int32(truncatingIfNeeded: $0) }
        boxes.withUnsafeBufferPointer { boxes in
            var sliceStart = 0
            while sliceStart < count {
                let sliceEnd = min(sliceStart + sliceSize, count)
                var sliceKeys = (sliceStart..<sliceEnd).map { position -> UInt64 in
                    let entry = Int(order[position])
                    let centre = (boxes[entry * 4 + 2] + boxes[entry * 4 + 3]) / 2
                    return UInt64(sortableBits(centre)) << 32 | UInt64(entry)
                }
                RadixSort.sort(&sliceKeys, bits: 32..<64)
                for (offset, key) in sliceKeys.enumerated() {
                    order[sliceStart + offset] = Int32(truncatingIfNeeded: key)
                }
                sliceStart = sliceEnd
            }
        }
        var nodeBoxes = [Float](repeating: 0, count: nodeCount * 4)
        boxes.withUnsafeBufferPointer { boxes in
            for node in 0..<nodeCount {
                var box: (Float, Float, Float, Float) = (.infinity, -.infinity, .infinity, -.infinity)
                for position in (node * capacity)..<min((node + 1) * capacity, count) {
                    let entry = Int(order[position]) * 4
                    box.0 = min(box.0, boxes[entry])
                    box.1 = max(box.1, boxes[entry + 1])
                    box.2 = min(box.2, boxes[entry + 2])
                    box.3 = max(box.3, boxes[entry + 3])
                }
                if count == 0 { box = (0, 0, 0, 0) }
                nodeBoxes[node * 4] = box.0
                nodeBoxes[node * 4 + 1] = box.1
                nodeBoxes[node * 4 + 2] = box.2
                nodeBoxes[node * 4 + 3] = box.3
            }
        }
        return Level(order: order, nodeBoxes: nodeBoxes, capacity: capacity)
    }

    /// The bits of `value` as an unsigned number that sorts as the floats do.
    private static func sortableBits(_ value: Float) -> UInt32 {
        let bits = value.bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }
}
