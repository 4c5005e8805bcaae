/// Distances as people read them in a table.
enum DistanceText {
    /// `850 m`, `1.24 km`, `325 km`.
    static func meters(_ value: Double) -> String {
        if value < 1000 { return "\(Int(value.rounded())) m" }
        if value < 100_000 {
            let kilometres = (value / 10).rounded() / 100
            return "\(kilometres) km"
        }
        return "\(Int((value / 1000).rounded())) km"
    }
}
