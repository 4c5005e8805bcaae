import ArgumentParser
import FootprintGeo

/// `footprint geo destination --from LAT,LON --bearing DEG --distance M [--json]`: the direct
/// geodesic problem.
struct GeoDestinationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "destination",
        abstract: "The point reached from a start along a bearing for a distance, on WGS84.",
        discussion: """
            Follows the geodesic (the straightest path over the WGS84 ellipsoid, solved as \
            GeographicLib does) that leaves --from at --bearing degrees clockwise from true north, \
            for --distance metres, and prints where it ends as LAT,LON and the bearing of travel \
            on arrival. Bearings may be negative or beyond 360 (-45 is 315). The distance may go \
            round the Earth, up to 100000000 metres (100 000 km, where a double still holds it to \
            GeographicLib's 15 nm); a negative one goes backwards along the same geodesic, as in \
            GeographicLib's GeodSolve.

            Example:
              footprint geo destination --from 37.5665,126.9780 \\
                  --bearing 143.9725 --distance 324915.297
              35.17959889,129.07559804  final 145.2168°
            """)

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The start, in decimal degrees.", valueName: "LAT,LON"))
    var from: PointArgument

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Degrees clockwise from true north.", valueName: "degrees"))
    var bearing: DecimalArgument

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How far to go, in metres (at most 1e8 either way).", valueName: "metres"))
    var distance: DecimalArgument

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let start = try from.coordinate()
        let result = try Geodesic.checkedDestination(
            from: start, bearingDegrees: try bearing.value(of: "bearing"),
            distanceMeters: try distance.value(of: "distance"))
        if output.json {
            Output.json(
                .object([
                    ("lat", .number(result.coordinate.latitude)),
                    ("lon", .number(result.coordinate.longitude)),
                    ("final_bearing_deg", .number(result.finalBearingDegrees)),
                ]))
        } else {
            Output.line(
                "\(GeoFormat.point(result.coordinate))  final \(GeoFormat.bearing(result.finalBearingDegrees))")
        }
    }
}
