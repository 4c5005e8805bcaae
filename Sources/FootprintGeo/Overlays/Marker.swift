import Foundation

/// A pin on the map: simplestyle-spec's `marker-color`, `marker-size`, `marker-symbol`, `title`
/// and `description` on a Point.
public struct Marker: Hashable, Sendable {
    /// Where the pin stands.
    public var coordinate: Coordinate
    /// A Maki icon name (`cafe`), a single letter or a number 0–99, or `nil` for none.
    public private(set) var symbol: String?
    /// The colour, or `nil` for the renderer's default (simplestyle's `#7e7e7e`).
    public var color: OverlayColor?
    /// The size.
    public var size: MarkerSize
    /// A title, shown as the marker's label.
    public var title: String?
    /// A longer text.
    public var description: String?

    /// Creates a marker.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for an empty symbol or
    ///   one with spaces (simplestyle's symbols are icon names, letters or numbers).
    public init(
        coordinate: Coordinate, symbol: String? = nil, color: OverlayColor? = nil, size: MarkerSize = .medium,
        title: String? = nil, description: String? = nil
    ) throws(FootprintGeoError) {
        if let symbol, symbol.isEmpty || symbol.contains(where: \.isWhitespace) {
            throw .invalidArgument(
                name: "marker symbol", value: "“\(symbol)”",
                reason: "a symbol is an icon name, a letter or a number, without spaces")
        }
        self.coordinate = coordinate
        self.symbol = symbol
        self.color = color
        self.size = size
        self.title = title
        self.description = description
    }
}

/// A photo on the map: where and when it was taken, and the file it is in.
public struct PhotoMarker: Hashable, Sendable {
    /// Where the photo was taken.
    public var coordinate: Coordinate
    /// The photo's file, as the store keeps it (a name or a path; never read here).
    public private(set) var file: String
    /// When it was taken.
    public var takenAt: Date
    /// A caption.
    public var title: String?

    /// Creates a photo marker.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for an empty file name.
    public init(coordinate: Coordinate, file: String, takenAt: Date, title: String? = nil) throws(FootprintGeoError) {
        guard !file.isEmpty else {
            throw .invalidArgument(name: "photo file", value: "“”", reason: "a photo needs the name of its file")
        }
        self.coordinate = coordinate
        self.file = file
        self.takenAt = takenAt
        self.title = title
    }
}

/// Text drawn on the map at a position, with a halo (an outline of the glyphs in another colour)
/// that keeps it legible over tracks and tiles.
public struct Label: Hashable, Sendable {
    /// The text, not empty.
    public private(set) var text: String
    /// Where the text is centred.
    public var coordinate: Coordinate
    /// The font size in pixels, above 0.
    public private(set) var fontSize: Double
    /// The text colour, or `nil` for the renderer's default.
    public var color: OverlayColor?
    /// The halo around the glyphs, or `nil` for none.
    public var halo: StrokeStyle?

    /// Creates a label.
    ///
    /// - Throws: ``FootprintGeoError/invalidArgument(name:value:reason:)`` for empty text or a
    ///   font size that is not a finite number above 0.
    public init(
        text: String, coordinate: Coordinate, fontSize: Double = 12, color: OverlayColor? = nil,
        halo: StrokeStyle? = nil
    ) throws(FootprintGeoError) {
        guard !text.isEmpty else {
            throw .invalidArgument(name: "label text", value: "“”", reason: "a label needs some text")
        }
        guard fontSize.isFinite, fontSize > 0 else {
            throw .invalidArgument(
                name: "font size", value: formatted(fontSize), reason: "a font size is a number of pixels above 0")
        }
        self.text = text
        self.coordinate = coordinate
        self.fontSize = fontSize
        self.color = color
        self.halo = halo
    }
}
