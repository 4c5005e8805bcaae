import FootprintGeo

/// Source ids for rows that carry none, derived from what identifies the place in the row, so
/// that importing the same row again finds the same place.
enum DerivedID {
    /// What ``place(name:coordinate:)`` is made of, as a message words it.
    static let nameAndPosition = "name and position"

    /// `NAME@LAT,LON`, the coordinate at 6 decimals (about 0.1 m): CSV rows and GeoJSON features
    /// without an id.
    static func place(name: String, coordinate: Coordinate) -> String {
        "\(name)@\(fixed6(coordinate.latitude)),\(fixed6(coordinate.longitude))"
    }

    /// Naver local search items, which have no id: `NAME|ADDRESS` with the lot-number address,
    /// else the road address, else `NAME@mapx,mapy` as Naver wrote them.
    static func naver(name: String, address: String?, roadAddress: String?, mapx: String, mapy: String) -> String {
        if let address = address ?? roadAddress { return "\(name)|\(address)" }
        return "\(name)@\(mapx),\(mapy)"
    }

    /// `value` with exactly 6 decimals, rounded half away from zero on the value × 10⁶.
    static func fixed6(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 9e15 else { return String(value) }
        let micro = Int64(scaled)
        var fraction = String(micro % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        let sign = value < 0 && micro != 0 ? "-" : ""
        return "\(sign)\(micro / 1_000_000).\(fraction)"
    }
}
