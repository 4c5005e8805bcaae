/// A colour of an overlay: red, green and blue from a `#RRGGBB` text, and an opacity 0…1.
///
/// simplestyle-spec 1.1.0 writes colours as `#RRGGBB` text with a separate opacity member
/// (`stroke-opacity`, `fill-opacity`); the colour keeps the two together so that an SVG renderer
/// and a GeoJSON export read the same value.
public struct OverlayColor: Hashable, Sendable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity from 0 (invisible) to 1 (opaque).
    public private(set) var opacity: Double

    /// Creates a colour from a `#RRGGBB` text (upper or lower case hexadecimal digits) and an
    /// opacity.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for text that is not
    ///   `#` and six hexadecimal digits, or an opacity outside 0…1 (NaN included).
    public init(hex text: String, opacity: Double = 1) throws(FootprintGeoError) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#" else {
            throw .invalidArgument(
                name: "colour", value: "“\(text)”", reason: "a colour is written #RRGGBB, with six hexadecimal digits")
        }
        var digits: [UInt8] = []
        for scalar in scalars.dropFirst() {
            guard let digit = Self.hexDigit(scalar) else {
                throw .invalidArgument(
                    name: "colour", value: "“\(text)”",
                    reason: "“\(Character(scalar))” is not a hexadecimal digit (0-9, a-f)")
            }
            digits.append(digit)
        }
        try self.init(
            red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5],
            opacity: opacity)
    }

    /// Creates a colour from its components.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for an opacity outside
    ///   0…1 (NaN included).
    public init(red: UInt8, green: UInt8, blue: UInt8, opacity: Double = 1) throws(FootprintGeoError) {
        guard opacity >= 0, opacity <= 1 else {
            throw .invalidArgument(
                name: "opacity", value: formatted(opacity), reason: "an opacity lies between 0 and 1")
        }
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    /// The same colour with another opacity.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` outside 0…1.
    public func withOpacity(_ opacity: Double) throws(FootprintGeoError) -> OverlayColor {
        try OverlayColor(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// `#rrggbb` in lower case, as simplestyle-spec's examples and SVG write it; the opacity is
    /// not part of it.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue] {
            bytes.append(digits[Int(component >> 4)])
            bytes.append(digits[Int(component & 0x0f)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII else { return nil }
        let byte = UInt8(scalar.value)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension OverlayColor: CustomStringConvertible {
    /// `#rrggbb`, followed by the opacity when it is not 1 (`#ff0000 at 0.5`).
    public var description: String { opacity == 1 ? hex : "\(hex) at \(formatted(opacity))" }
}
