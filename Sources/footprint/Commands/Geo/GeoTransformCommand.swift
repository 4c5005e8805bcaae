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
        if transformer.sourceIsGeographic {
            // PROJ projects a latitude of 500 without a word; geographic input is LON,LAT in range.
            for (index, point) in points.enumerated() {
                var problem: String?
                do {
                    _ = try Coordinate(latitude: point.y, longitude: point.x)
                } catch .swappedLatitudeLongitude(let latitude, let longitude) {
                    problem =
                        "The latitude \(latitude) is out of range: geographic positions are LON,LAT here "
                        + "(\(latitude),\(longitude)), as PROJ's visualization order."
                } catch {
                    problem = error.description
                }
                if let problem {
                    if lineNumbers.isEmpty { throw TransformInputError(location: nil, message: problem) }
                    throw TransformInputError(location: "\(StandardInput.name):\(lineNumbers[index])", message: problem)
                }
            }
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
            throw TransformInputError(
                location: "\(StandardInput.name):\(lineNumbers[index])", message: failure.description)
        }
        if output.json {
            Output.json(.array(points.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) }))
            return
        }
        // Millimetres for metres; 1e-9° is about 0.1 mm on the ground.
        let decimals = transformer.targetIsGeographic ? 9 : 3
        var text: [UInt8] = []
        text.reserveCapacity(points.count * 26)
        for (index, point) in points.enumerated() {
            if index > 0 { text.append(UInt8(ascii: "\n")) }
            Self.appendFixed(point.x, decimals: decimals, to: &text)
            text.append(UInt8(ascii: ","))
            Self.appendFixed(point.y, decimals: decimals, to: &text)
        }
        if !points.isEmpty { Output.line(String(decoding: text, as: UTF8.self)) }
    }

    /// Reads every `X,Y` line of stdin, skipping blank ones; a bad line stops with its number.
    ///
    /// Works on the UTF-8 bytes (a 1M-line input in ~0.2 s): lines end at `\n`, a trailing `\r`
    /// and spaces or tabs around each number are ignored.
    static func readStandardInput() throws -> (points: [CRSCoordinate], lineNumbers: [Int]) {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        var points: [CRSCoordinate] = []
        var lineNumbers: [Int] = []
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var lineNumber = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                lineStart = lineEnd + 1
                if line.allSatisfy(XYArgument.isSpace) { continue }
                guard let pair = XYArgument(utf8: line) else {
                    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    throw TransformInputError(
                        location: "\(StandardInput.name):\(lineNumber)",
                        message: "The text “\(text)” is not an X,Y pair of numbers.")
                }
                points.append(CRSCoordinate(x: pair.x, y: pair.y))
                lineNumbers.append(lineNumber)
            }
        }
        return (points, lineNumbers)
    }

    /// Appends `value` with exactly `decimals` (0…9) decimals to `output`, rounded as C's printf
    /// does — from the exact binary value, ties to even, like `cs2cs -f %.3f` —; never `-0.000`.
    ///
    /// `value × 10^decimals` is computed in doubles: it is within half an ulp of the exact product,
    /// so rounding it gives printf's digit unless it lies within an ulp of a half; those rare
    /// values (and huge ones) go to `vsnprintf` itself. `vsnprintf` for every number took a third
    /// of a 1M-line run (its `CVarArg` boxing), this path a few nanoseconds.
    static func appendFixed(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        let scaled = value * powersOfTen[decimals]
        // Below 2^53 every integer and half-integer is a double, so floor and fraction are exact.
        guard scaled.isFinite, abs(scaled) < 0x1p53 else { return appendPrintf(value, decimals: decimals, to: &output) }
        let floor = scaled.rounded(.down)
        let fraction = scaled - floor
        guard abs(fraction - 0.5) > scaled.ulp else { return appendPrintf(value, decimals: decimals, to: &output) }
        let rounded = Int64(fraction > 0.5 ? floor + 1 : floor)
        if rounded < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = rounded.magnitude
        let unit = UInt64(powersOfTen[decimals])
        appendDigits(magnitude / unit, minimumCount: 1, to: &output)
        if decimals > 0 {
            output.append(UInt8(ascii: "."))
            appendDigits(magnitude % unit, minimumCount: decimals, to: &output)
        }
    }

    /// 10⁰ … 10⁹, exact doubles.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// Appends the decimal digits of `number` (below 2⁵³), zero-padded on the left to `minimumCount`.
    private static func appendDigits(_ number: UInt64, minimumCount: Int, to output: inout [UInt8]) {
        var count = 1
        var limit: UInt64 = 10
        while number >= limit {
            count += 1
            limit *= 10
        }
        count = max(count, minimumCount)
        let start = output.count
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var rest = number
        var index = start + count - 1
        while rest > 0 {
            output[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// The slow, exact path: `vsnprintf` with `%.Nf`, without the sign of a negative zero.
    private static func appendPrintf(_ value: Double, decimals: Int, to output: inout [UInt8]) {
        guard value.isFinite else { return output.append(contentsOf: String(value).utf8) }
        // 309 integer digits (DBL_MAX) + the point and decimals fit in 352 bytes.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.\(decimals)f", $0) }
            let text = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count))
            let isNegativeZero =
                text.first == UInt8(ascii: "-") && text.dropFirst().allSatisfy { $0 == 0x30 || $0 == 0x2E }
            output.append(contentsOf: isNegativeZero ? text.dropFirst() : text[...])
        }
    }

    /// `value` with exactly `decimals` decimals (see ``appendFixed(_:decimals:to:)``).
    static func fixed(_ value: Double, decimals: Int) -> String {
        var output: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// An `X,Y` argument: two finite decimal numbers separated by a comma (syntax only).
struct XYArgument: ExpressibleByArgument, Sendable {
    var x: Double
    var y: Double

    init?(argument: String) {
        var text = argument
        guard let pair = text.withUTF8({ XYArgument(utf8: $0) }) else { return nil }
        self = pair
    }

    /// Parses `X,Y` from UTF-8 bytes; spaces, tabs and a carriage return around each number are
    /// allowed. NaN and infinities are not positions.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")),
            let x = Self.number(UnsafeBufferPointer(rebasing: bytes[..<comma])),
            let y = Self.number(UnsafeBufferPointer(rebasing: bytes[(comma + 1)...]))
        else { return nil }
        self.x = x
        self.y = y
    }

    static var defaultValueDescription: String { "X,Y" }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The finite number the bytes spell, surrounding spaces ignored; nil otherwise (a second
    /// comma, as in `1,2,3`, makes the y text invalid).
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        // A number of up to 15 bytes makes a small String, stored inline: no allocation.
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)),
            value.isFinite
        else { return nil }
        return value
    }
}

/// A bad line of `geo transform`'s input, named by its place (`stdin:3`).
struct TransformInputError: Error, CustomStringConvertible {
    /// `stdin:LINE`, or `nil` for a position given as an argument.
    var location: String?
    var message: String

    var description: String { location.map { "\($0): \(message)" } ?? message }
}
