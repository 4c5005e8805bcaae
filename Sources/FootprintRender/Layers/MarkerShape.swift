import FootprintGeo

/// The shape of a marker, chosen by its symbol (simplestyle's `marker-symbol`).
enum MarkerShape: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// A map pin, its tip on the place: the default, and every Maki icon name not listed below.
    case pin
    /// A disc: letters and numbers are drawn on it.
    case circle
    case square
    case triangle
    case star
    /// A rounded square with a lens: photos.
    case photo

    /// The shape for a symbol: a letter or a number 0–99 gives a disc to draw it on; a few Maki
    /// names give their shape (`circle`, `square`, `triangle`, `star`, `camera`); anything else a pin.
    init(symbol: String?) {
        guard let symbol else {
            self = .pin
            return
        }
        if Self.glyph(of: symbol) != nil {
            self = .circle
            return
        }
        switch symbol {
        case "circle", "circle-stroked", "dot": self = .circle
        case "square", "square-stroked": self = .square
        case "triangle", "triangle-stroked": self = .triangle
        case "star", "star-stroked": self = .star
        case "camera", "attraction": self = .photo
        default: self = .pin
        }
    }

    /// The text drawn on a marker: a single letter, or a number 0–99; `nil` for an icon name.
    static func glyph(of symbol: String) -> String? {
        if symbol.count == 1, let character = symbol.first, character.isLetter || character.isNumber { return symbol }
        if symbol.count == 2, symbol.allSatisfy({ $0.isASCII && $0.isNumber }) { return symbol }
        return nil
    }

    static func < (lhs: MarkerShape, rhs: MarkerShape) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id of the shape's `<path>` in `<defs>` at a size: `p1` (pin, medium)…
    func id(_ size: MarkerSize) -> String {
        let letter = ["p", "c", "s", "t", "r", "f"][rawValue]
        return letter + Self.sizeDigit(size)
    }

    static func sizeDigit(_ size: MarkerSize) -> String {
        switch size {
        case .small: return "0"
        case .medium: return "1"
        case .large: return "2"
        }
    }

    /// The scale of a size against medium.
    static func factor(_ size: MarkerSize) -> Double {
        switch size {
        case .small: return 0.75
        case .medium: return 1
        case .large: return 1.35
        }
    }

    /// The outline of the shape at medium size around (0, 0) (the pin's tip), as SVG path data.
    var pathData: String {
        switch self {
        case .pin: return "M0 0C-1.6-4.6-7-8-7-13.2A7 7 0 1 1 7-13.2C7-8 1.6-4.6 0 0Z"
        case .circle: return "M-6 0A6 6 0 1 1 6 0A6 6 0 1 1-6 0Z"
        case .square: return "M-5.5-5.5H5.5V5.5H-5.5Z"
        case .triangle: return "M0-7L6.5 5H-6.5Z"
        case .star: return "M0-7.5L2.2-2.4 7.6-2.3 3.3 1 4.8 6.3 0 3.1-4.8 6.3-3.3 1-7.6-2.3-2.2-2.4Z"
        case .photo: return "M-7-5H-3L-1.5-7H1.5L3-5H7V5H-7ZM0-3A3 3 0 1 0 0 3A3 3 0 1 0 0-3Z"
        }
    }

    /// Where a glyph or the pin's dot sits, relative to the anchor, at medium size.
    var centerOffsetY: Double { self == .pin ? -13.2 : 0 }

    /// How far the shape reaches from its anchor at medium size (for label placement).
    var radius: Double { self == .pin ? 7.5 : 7 }
}
