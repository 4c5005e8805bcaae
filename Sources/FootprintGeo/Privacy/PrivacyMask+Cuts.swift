/// Where a part is cut: the points in each zone, and the margin walked out from each crossing.
extension PrivacyMask {
    /// A flag per point of the part, true for a point to drop; `nil` when every point is kept, so
    /// a part far from every zone costs one box test per point and zone and no allocation.
    ///
    /// For each zone, each maximal run of points in the zone is a crossing. From the last point
    /// before the run the walk goes backwards, dropping points while they are within the entry's
    /// margin of the zone; from the first point after the run it goes forwards likewise with the
    /// exit's margin. Each margin is drawn for its own anchor (``PrivacyZone/cutMarginMeters(anchor:side:)``),
    /// so entry and exit, and two crossings of one zone, are cut at different distances. A walk
    /// stops at the zone's previous or next crossing, whose own walk covers the rest.
    func droppedPoints(of part: [Coordinate]) -> [Bool]? {
        var dropped: [Bool]? = nil
        for zone in zones {
            let crossings = Self.crossings(of: zone, in: part)
            guard !crossings.isEmpty else { continue }
            if dropped == nil { dropped = [Bool](repeating: false, count: part.count) }
            for (number, crossing) in crossings.enumerated() {
                for position in crossing { dropped![position] = true }
                let floor = number > 0 ? crossings[number - 1].upperBound : 0
                if crossing.lowerBound > floor {
                    let anchor = part[crossing.lowerBound - 1]
                    let margin = zone.cutMarginMeters(anchor: anchor, side: .entry)
                    var position = crossing.lowerBound - 1
                    while position >= floor, !zone.isBeyond(margin, part[position]) {
                        dropped![position] = true
                        position -= 1
                    }
                }
                let ceiling = number + 1 < crossings.count ? crossings[number + 1].lowerBound : part.count
                if crossing.upperBound < ceiling {
                    let anchor = part[crossing.upperBound]
                    let margin = zone.cutMarginMeters(anchor: anchor, side: .exit)
                    var position = crossing.upperBound
                    while position < ceiling, !zone.isBeyond(margin, part[position]) {
                        dropped![position] = true
                        position += 1
                    }
                }
            }
        }
        return dropped
    }

    /// The maximal runs of consecutive points of the part that lie in the zone, in order.
    static func crossings(of zone: PrivacyZone, in part: [Coordinate]) -> [Range<Int>] {
        var crossings: [Range<Int>] = []
        var start: Int? = nil
        for position in part.indices {
            if zone.contains(part[position]) {
                if start == nil { start = position }
            } else if let first = start {
                crossings.append(first..<position)
                start = nil
            }
        }
        if let first = start { crossings.append(first..<part.count) }
        return crossings
    }
}
