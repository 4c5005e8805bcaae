import ArgumentParser
import FootprintGeo

/// `footprint geo distance --from LAT,LON --to LAT,LON [--json]`: the inverse geodesic problem.
struct GeoDistanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "distance",
        abstract: "Distance and bearings between two points on the WGS84 ellipsoid.",
        discussion: """
            Measures the shortest path over the Earth's surface (the geodesic on WGS84, solved as \
            GeographicLib does, exact to well under a millimetre at any distance) and the bearing \
            at both ends, in degrees clockwise from true north (0 to 360): the initial bearing as \
            you leave --from and the final bearing as you arrive at --to.

            Points are LAT,LON in decimal degrees, as a map app copies them; southern and western \
            values start with a minus sign (--to -33.87,151.21).

            Example:
              footprint geo distance --from 37.5665,126.9780 --to 35.1796,129.0756
              324915.297 m  initial 143.9725°  final 145.2168°
            """)

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The start, in decimal degrees.", valueName: "LAT,LON"))
    var from: PointArgument

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The end, in decimal degrees.", valueName: "LAT,LON"))
    var to: PointArgument

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let result = Geodesic.inverse(from: try from.coordinate(), to: try to.coordinate())
        if output.json {
            Output.json(
                .object([
                    ("distance_m", .number(result.distanceMeters)),
                    ("initial_bearing_deg", .number(result.initialBearingDegrees)),
                    ("final_bearing_deg", .number(result.finalBearingDegrees)),
                ]))
        } else {
            Output.line(
                "\(GeoFormat.meters(result.distanceMeters))  "
                    + "initial \(GeoFormat.bearing(result.initialBearingDegrees))  "
                    + "final \(GeoFormat.bearing(result.finalBearingDegrees))")
        }
    }
}
