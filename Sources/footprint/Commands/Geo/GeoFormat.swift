import FootprintGeo

/// The human output of the geo commands: metres to the millimetre, bearings to 1e-4° (about a
/// centimetre sideways per 100 km), points as LAT,LON to 1e-8° (about a millimetre) so that they
/// can be pasted back as arguments. `--json` carries the full precision.
enum GeoFormat {
    /// `324915.297 m`
    static func meters(_ value: Double) -> String { "\(fixed(value, decimals: 3)) m" }

    /// `143.9725°`, in 0…360 (a bearing that rounds up to 360 is written 0).
    static func bearing(_ value: Double) -> String {
        let text = fixed(value, decimals: 4)
        return (text == "360.0000" ? "0.0000" : text) + "°"
    }

    /// `35.17959889,129.07559804`
    static func point(_ coordinate: Coordinate) -> String {
        "\(fixed(coordinate.latitude, decimals: 8)),\(fixed(coordinate.longitude, decimals: 8))"
    }

    /// A number as the user typed it back in an error message: `-5`, `12.5`, `nan`.
    static func plain(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.isNaN ? "nan" : String(value)
    }

    /// `value` with a fixed number of decimals as printf rounds, never `-0.000` (the fast
    /// formatter of `geo transform`).
    private static func fixed(_ value: Double, decimals: Int) -> String {
        GeoTransformCommand.fixed(value, decimals: decimals)
    }
}
