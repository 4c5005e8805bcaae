import ArgumentParser
import FootprintGeo
import FootprintProjection
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `footprint geo transform --from CRS --to CRS [X,Y…]`: PROJ transformations, like `cs2cs`.
struct GeoTransformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transform",
        abstract: "Transform X,Y positions from one coordinate reference system (CRS) to another.",
        discussion: """
            A CRS is EPSG:n (EPSG:4326 is WGS84 longitude/latitude, EPSG:3857 web map metres, \
            EPSG:5179, 5181, 5186 and 5174 Korean grids), tm128 or katec (Naver's old TM128/KATEC \
            metres), or a PROJ string such as "+proj=utm +zone=52 +datum=WGS84".

            Positions are X,Y: easting,northing in metres for projected CRSs and LON,LAT in degrees \
            for geographic ones — longitude first here, unlike the LAT,LON of the other commands. \
            Give them as arguments (put one that begins with - after --), or give none and write \
            one X,Y a line on stdin (blank lines are skipped).

            Each result is printed as X,Y on its own line, metres to 3 decimals (millimetres) and \
            degrees to 9 decimals (about 0.1 mm); --json prints [{"x":…,"y":…}, …] at full double \
            precision.

            Examples:
              footprint geo transform --from EPSG:4326 --to EPSG:5186 126.9779,37.5663
              footprint geo transform --from EPSG:4326 --to EPSG:3857 -- -58.38,-34.6
              printf '309946,552085\\n' | footprint geo transform --from tm128 --to EPSG:4326
            """)

    @Option(help: "The CRS of the input positions (EPSG:n, tm128, katec, or a PROJ string).")
    var from: String

    @Option(help: "The CRS to transform to (EPSG:n, tm128, katec, or a PROJ string).")
    var to: String

    @Argument(help: "Positions as X,Y (LON,LAT for geographic CRSs); none: read one a line from stdin.")
    var positions: [XYArgument] = []

    @OptionGroup var output: OutputOptions

    func run() throws {
        let transformer = try Transformer(from: CRS(from), to: CRS(to))
        var points: [CRSCoordinate]
        // For stdin, the line each point came from, to name it in an error.
        var lineNumbers: [Int] = []
        if positions.isEmpty {
            (points, lineNumbers) = try Self.readStandardInput()
        } else {
            points = positions.map { CRSCoordinate(x: $0.x, y: $0.y) }
        }
        do {
            try transformer.transform(&points)
        } catch {
            guard case .transformFailed(let x, let y, let index?, let source, let target, let message) = error else {
                throw error
            }
            // The user knows the point by its argument or its line, not by an array index.
            let failure = FootprintProjectionError.transformFailed(
                x: x, y: y, index: nil, from: source, to: target, projMessage: message)
            if lineNumbers.isEmpty { throw failure }
            throw TransformInputError(location: "stdin:\(lineNumbers[index])", message: failure.description)
        }
        if output.json {
            Output.json(.array(points.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) }))
            return
        }
        // Millimetres for metres; 1e-9° is about 0.1 mm on the ground.
        let decimals = transformer.targetIsGeographic ? 9 : 3
        var text = ""
        text.reserveCapacity(points.count * 26)
        for (index, point) in points.enumerated() {
            if index > 0 { text += "\n" }
            text += Self.fixed(point.x, decimals: decimals)
            text += ","
            text += Self.fixed(point.y, decimals: decimals)
        }
        if !points.isEmpty { Output.line(text) }
    }

    /// Reads every `X,Y` line of stdin, skipping blank ones; a bad line stops with its number.
    static func readStandardInput() throws -> (points: [CRSCoordinate], lineNumbers: [Int]) {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        var points: [CRSCoordinate] = []
        var lineNumbers: [Int] = []
        // `isNewline` takes "\r\n" (one Character in Swift) as one line break, as it does "\n".
        let lines = String(decoding: data, as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let pair = XYArgument(argument: trimmed) else {
                throw TransformInputError(
                    location: "stdin:\(offset + 1)", message: "“\(trimmed)” is not an X,Y pair of numbers.")
            }
            points.append(CRSCoordinate(x: pair.x, y: pair.y))
            lineNumbers.append(offset + 1)
        }
        return (points, lineNumbers)
    }

    /// `value` with exactly `decimals` decimals, rounded as C's printf does (from the exact binary
    /// value); never `-0.000`.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var buffer = [CChar](repeating: 0, count: 352)
        let count = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(decimals)f", arguments)
        }
        var text = String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
        return text
    }
}

/// An `X,Y` argument: two finite decimal numbers separated by a comma (syntax only).
struct XYArgument: ExpressibleByArgument, Sendable {
    var x: Double
    var y: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
            x.isFinite, y.isFinite
        else { return nil }
        self.x = x
        self.y = y
    }

    static var defaultValueDescription: String { "X,Y" }
}

/// A bad line of `geo transform`'s input, named by its place (`stdin:3`).
struct TransformInputError: Error, CustomStringConvertible {
    var location: String
    var message: String

    var description: String { "\(location): \(message)" }
}
