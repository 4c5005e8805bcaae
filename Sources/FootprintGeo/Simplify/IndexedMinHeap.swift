/// A binary min-heap of point indices ordered by a key held outside it, that can move an index
/// when its key changes: what Visvalingam–Whyatt needs to recompute the neighbours of a removed
/// point. Ties go to the lower index, so results are deterministic.
struct IndexedMinHeap {
    /// The key of every index (areas); read and written by the owner through ``update(_:key:)``.
    private(set) var keys: [Double]
    private var heap: [Int32]
    /// Where each index sits in `heap`, or -1 when it is not in the heap.
    private var positions: [Int32]

    /// A heap holding `indices`, with `keys[i]` the key of index `i`.
    init(keys: [Double], indices: Range<Int>) {
        self.keys = keys
        heap = indices.map { Int32($0) }
        positions = [Int32](repeating: -1, count: keys.count)
        for (position, index) in heap.enumerated() { positions[Int(index)] = Int32(position) }
        var position = heap.count / 2
        while position > 0 {
            position -= 1
            siftDown(position)
        }
    }

    var isEmpty: Bool { heap.isEmpty }

    /// The index with the smallest key, without removing it.
    var minimum: Int? { heap.first.map { Int($0) } }

    /// Removes and returns the index with the smallest key.
    mutating func popMinimum() -> Int? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        positions[Int(top)] = -1
        if !heap.isEmpty {
            heap[0] = last
            positions[Int(last)] = 0
            siftDown(0)
        }
        return Int(top)
    }

    /// Sets the key of an index in the heap and moves it to its new place.
    mutating func update(_ index: Int, key: Double) {
        keys[index] = key
        let position = Int(positions[index])
        guard position >= 0 else { return }
        siftUp(position)
        siftDown(Int(positions[index]))
    }

    @inline(__always)
    private func isLess(_ lhs: Int32, _ rhs: Int32) -> Bool {
        let left = keys[Int(lhs)]
        let right = keys[Int(rhs)]
        return left < right || (left == right && lhs < rhs)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let item = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard isLess(item, heap[parent]) else { break }
            heap[child] = heap[parent]
            positions[Int(heap[child])] = Int32(child)
            child = parent
        }
        heap[child] = item
        positions[Int(item)] = Int32(child)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let item = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < heap.count else { break }
            if child + 1 < heap.count, isLess(heap[child + 1], heap[child]) { child += 1 }
            guard isLess(heap[child], item) else { break }
            heap[parent] = heap[child]
            positions[Int(heap[parent])] = Int32(parent)
            parent = child
        }
        heap[parent] = item
        positions[Int(item)] = Int32(parent)
    }
}
