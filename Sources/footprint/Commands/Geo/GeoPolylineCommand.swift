import Foundation
import ArgumentParser
import FootprintGeo

/// `footprint geo polyline encode|decode [--precision 5|6]`.
struct GeoPolylineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "polyline", abstract: "Encoded polylines (Google's format) to and from GeoJSON.",
        subcommands: [Encode.self, Decode.self])

    /// `--precision 5|6`, shared by both directions.
    struct PrecisionOption: ParsableArguments {
        @Option(parsing: .unconditional, help: "Decimal digits kept: 5 (Google's default) or 6 (OSRM, Valhalla).")
        var precision = WholeNumberArgument(5)

        func validated() throws -> Int {
            let digits = try precision.value(of: "precision")
            guard digits == 5 || digits == 6 else {
                throw FootprintGeoError.invalidArgument(
                    name: "precision", value: String(digits), reason: "an encoded polyline uses 5 or 6 digits")
            }
            return digits
        }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a GeoJSON LineString (or a Feature holding one) on stdin; print its encoded polyline.",
            discussion: "A line of any length is encoded: the empty line gives the empty string.")

        @OptionGroup var precision: PrecisionOption

        func run() throws {
            let digits = try precision.validated()
            let line: LineString
            do {
                line = try GeoJSONDecoder().decodeLineString(StandardInput.bytes())
            } catch {
                throw InputError(input: StandardInput.name, error)
            }
            Output.line(try Polyline.encode(line.coordinates, precision: digits))
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read an encoded polyline on stdin; print it as a GeoJSON LineString.",
            discussion: """
                Surrounding white space is ignored; the empty string is the empty line. The \
                LineString holds exactly the decoded positions, in order, longitudes as decoded \
                (180 stays 180, -180 stays -180), so decode | encode gives back the input: a \
                polyline is a list of points, not a geometry to repair. --split-antimeridian cuts \
                a line that steps across ±180° there instead, into a MultiLineString (RFC 7946 \
                §3.1.9), as a GeoJSON map expects.
                """)

        @OptionGroup var precision: PrecisionOption

        @Flag(help: "Cut the line where it crosses the antimeridian (a MultiLineString, RFC 7946 §3.1.9).")
        var splitAntimeridian = false

        func run() throws {
            let digits = try precision.validated()
            let text = String(decoding: StandardInput.bytes(), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let coordinates: [Coordinate]
            do {
                coordinates = try Polyline.decode(text, precision: digits)
            } catch {
                throw InputError(input: StandardInput.name, error)
            }
            Output.line(
                GeoJSONEncoder(decimals: digits, splitsAtAntimeridian: splitAntimeridian).encode(
                    Geometry.lineString(LineString(unchecked: coordinates))))
        }
    }
}
