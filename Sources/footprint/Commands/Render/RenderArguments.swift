import ArgumentParser
import FootprintGeo

/// `Z/X/Y`; the syntax is checked by ``tile()`` so that a bad value is one sentence.
struct TileArgument: ExpressibleByArgument {
    let text: String
    init?(argument: String) { text = argument }
    static var defaultValueDescription: String { "Z/X/Y" }

    func tile() throws -> Tile {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) ? Int(part) : nil }
        guard parts.count == 3, numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else {
            throw RenderError.tileSyntax(text)
        }
        guard numbers[0] <= 22, numbers[1] < 1 << numbers[0], numbers[2] < 1 << numbers[0] else {
            throw RenderError.tileOutOfRange(z: numbers[0], x: numbers[1], y: numbers[2])
        }
        return try Tile(z: numbers[0], x: numbers[1], y: numbers[2])
    }
}

/// `A-B` or `A`: a range of zooms.
struct ZoomRangeArgument: ExpressibleByArgument {
    let text: String
    init?(argument: String) { text = argument }
    static var defaultValueDescription: String { "A-B" }

    func range() throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard (1...2).contains(parts.count), numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }) else {
            throw RenderError.zoomSyntax(text)
        }
        let low = numbers[0]
        let high = numbers.last!
        guard low <= high, high <= 22 else { throw RenderError.zoomRange(low: low, high: high) }
        return low...high
    }
}

/// `W,S,E,N` in decimal degrees; W > E crosses the antimeridian.
struct BoxArgument: ExpressibleByArgument {
    let text: String
    init?(argument: String) { text = argument }
    static var defaultValueDescription: String { "W,S,E,N" }

    func box() throws -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { DecimalArgument.decimal($0) }
        guard parts.count == 4, numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
            throw RenderError.boxSyntax(text)
        }
        let (west, south, east, north) = (numbers[0], numbers[1], numbers[2], numbers[3])
        if abs(south) > 90 || abs(north) > 90 {
            throw RenderError.box(text, reason: "a latitude lies between -90 and 90")
        }
        if abs(west) > 180 || abs(east) > 180 {
            throw RenderError.box(text, reason: "a longitude lies between -180 and 180")
        }
        if south > north {
            throw RenderError.box(text, reason: "its south edge \(parts[1]) is north of its north edge \(parts[3])")
        }
        return BoundingBox(uncheckedWest: west, south: south, east: east, north: north)
    }
}

/// `WxH` in pixels.
struct SizeArgument: ExpressibleByArgument {
    let text: String
    init?(argument: String) { text = argument }
    var defaultValueDescription: String { text }

    func size() throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw RenderError.sizeSyntax(text)
        }
        return (width, height)
    }
}
