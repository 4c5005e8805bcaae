import Dispatch
import Foundation

/// The Douglas–Peucker section loop (Douglas & Peucker 1973), shared by the planar-degree and
/// the metre variants.
///
/// GEOS `DouglasPeuckerLineSimplifier::simplifySection` recurses; this loop keeps the sections
/// still to look at on an explicit stack, so a line of millions of points cannot overflow the
/// call stack. Each section's decision depends only on the points inside it, so the order in
/// which sections are taken does not change which points are kept.
enum DouglasPeucker {
    /// Which of `count` points are kept: the two ends, and recursively the farthest point of
    /// every section whose farthest distance is beyond the tolerance.
    ///
    /// `split(first, last)`, for a section with at least one point between its ends, returns
    /// `nil` when the farthest inner point is within the tolerance (the inner points go), else
    /// the index of the farthest inner point (the first on ties, as GEOS's strict `>` picks it),
    /// where the section splits in two.
    @inline(__always)
    static func keptMask(count: Int, split: (Int, Int) -> Int?) -> (kept: [Bool], count: Int) {
        var kept = [Bool](repeating: false, count: count)
        guard count > 0 else { return (kept, 0) }
        kept[0] = true
        kept[count - 1] = true
        var keptCount = count > 1 ? 2 : 1
        guard count > 2 else { return (kept, keptCount) }
        // Sections with inner points, as (first, last) pairs flattened. A split pushes at most two,
        // so the stack stays near log2(count) pairs on real lines and below count at worst.
        var stack: [Int] = [0, count - 1]
        stack.reserveCapacity(128)
        while let last = stack.popLast() {
            let first = stack.removeLast()
            guard let index = split(first, last) else { continue }
            kept[index] = true
            keptCount += 1
            if last - index > 1 {
                stack.append(index)
                stack.append(last)
            }
            if index - first > 1 {
                stack.append(first)
                stack.append(index)
            }
        }
        return (kept, keptCount)
    }

    /// ``keptMask(count:split:)`` on every core for a long line: the first sections are split
    /// here until there are enough to share out — with `wideSplit`, when given, for a section of
    /// ``wideMinimum`` points or more (a split that itself uses every core: the first levels of a
    /// million-point line are a fifth of its work) — then the cores take the sections, the largest
    /// first, each the next one left as it finishes one, and run the section loop on it. Sections
    /// never overlap inside, so the cores set disjoint flags, and each section's decision depends
    /// only on its own points: the kept points are exactly the serial loop's.
    static func keptMaskInParallel(
        count: Int, split: @Sendable (Int, Int) -> Int?, wideSplit: ((Int, Int) -> Int?)? = nil
    ) -> (kept: [Bool], count: Int) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard count >= parallelMinimum, cores > 1 else { return keptMask(count: count, split: split) }
        var kept = [Bool](repeating: false, count: count)
        kept[0] = true
        kept[count - 1] = true
        var keptCount = 2
        // Breadth first, the largest section next, until there are 8 a core.
        var sections = [(first: 0, last: count - 1)]
        while sections.count < 8 * cores,
            let largest = sections.indices.max(by: {
                sections[$0].last - sections[$0].first < sections[$1].last - sections[$1].first
            }),
            sections[largest].last - sections[largest].first > parallelMinimum / 16
        {
            let (first, last) = sections.remove(at: largest)
            let found: Int?
            if let wideSplit, last - first >= wideMinimum {
                found = wideSplit(first, last)
            } else {
                found = split(first, last)
            }
            guard let index = found else { continue }
            kept[index] = true
            keptCount += 1
            if index - first > 1 { sections.append((first, index)) }
            if last - index > 1 { sections.append((index, last)) }
        }
        // Largest first, taken in turn: a core that drew short sections takes more of them.
        let work = sections.sorted(by: { $0.last - $0.first > $1.last - $1.first })
        let queue = SectionQueue()
        let counts = kept.withUnsafeMutableBufferPointer { flags -> [Int] in
            let flags = SendableFlags(base: flags.baseAddress!)
            let counts = SendableCounts(cores)
            DispatchQueue.concurrentPerform(iterations: cores) { core in
                var found = 0
                var stack: [Int] = []
                stack.reserveCapacity(128)
                while let next = queue.take(below: work.count) {
                    stack.append(work[next].first)
                    stack.append(work[next].last)
                    while let last = stack.popLast() {
                        let first = stack.removeLast()
                        guard let index = split(first, last) else { continue }
                        flags.base[index] = true
                        found += 1
                        if last - index > 1 {
                            stack.append(index)
                            stack.append(last)
                        }
                        if index - first > 1 {
                            stack.append(first)
                            stack.append(index)
                        }
                    }
                }
                counts.base[core] = found
            }
            return counts.values
        }
        return (kept, keptCount + counts.reduce(0, +))
    }

    /// From this many points a section is split with the `wideSplit` of
    /// ``keptMaskInParallel(count:split:wideSplit:)``: below, handing its points to the other
    /// cores (~20 µs) costs more than it saves.
    static let wideMinimum = 32_768

    /// Below this many points a line is simplified on one core: sharing out costs more than it
    /// saves (~0.1 ms of dispatch against ~4 ns a point and level).
    static let parallelMinimum = 65_536

    /// The points whose flag is set, in order; `count` of them.
    static func select(_ points: UnsafeBufferPointer<Coordinate>, kept: (kept: [Bool], count: Int)) -> [Coordinate] {
        [Coordinate](unsafeUninitializedCapacity: kept.count) { result, initialized in
            var cursor = 0
            for index in points.indices where kept.kept[index] {
                (result.baseAddress! + cursor).initialize(to: points[index])
                cursor += 1
            }
            initialized = cursor
        }
    }
}

/// The kept flags, written by several cores at disjoint indices.
private struct SendableFlags: @unchecked Sendable {
    let base: UnsafeMutablePointer<Bool>
}

/// One count a core, each written by its own core only.
private final class SendableCounts: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>
    let size: Int
    init(_ size: Int) {
        self.size = size
        base = .allocate(capacity: size)
        base.initialize(repeating: 0, count: size)
    }
    var values: [Int] { Array(UnsafeBufferPointer(start: base, count: size)) }
    deinit { base.deallocate() }
}

/// The next section a core of ``DouglasPeucker/keptMaskInParallel(count:split:wideSplit:)`` takes.
private final class SectionQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    /// The index of the next section, or `nil` once all `count` are taken.
    func take(below count: Int) -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}
