import FootprintGeo

extension StayDetector {
    /// `stays` with each run of back-to-back stays at one spot joined into one.
    ///
    /// Li et al.'s runs are anchored on their first point, which is often a step of the walk in, up
    /// to a radius short of where the person then stood; GPS jitter at the spot later crosses that
    /// anchor's radius and the stay is cut in two, although nobody moved (the sample day's 25-minute
    /// stop at a bookshop came out as 16 + 12 minutes). Two stays are joined when the second begins
    /// with the point after the first one's last, in the same segment, and their centres lie within
    /// the radius of each other: no point between them was away.
    func joiningBackToBack(_ stays: [Stay], in points: StayPoints) -> [Stay] {
        guard stays.count > 1 else { return stays }
        let breaks = Set(points.segmentStarts)
        var joined: [Stay] = []
        joined.reserveCapacity(stays.count)
        for stay in stays {
            if let last = joined.last, last.points.upperBound == stay.points.lowerBound,
                !breaks.contains(stay.points.lowerBound),
                Geodesic.distance(from: last.center, to: stay.center) <= radiusMeters
            {
                joined[joined.count - 1] = points.stay(last.points.lowerBound..<stay.points.upperBound)
            } else {
                joined.append(stay)
            }
        }
        return joined
    }
}
