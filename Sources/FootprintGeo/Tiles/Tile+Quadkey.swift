extension Tile {
    /// The tile's quadkey (Bing Maps tile system): one digit per zoom level from the top, each
    /// 0–3 = x bit + 2 × y bit, so a key's prefixes are its parent tiles. Zoom 0 is the empty key.
    /// Matches mercantile's `quadkey`.
    public var quadkey: String {
        var digits = [UInt8]()
        digits.reserveCapacity(z)
        for level in stride(from: z, to: 0, by: -1) {
            let mask = 1 << (level - 1)
            let digit = (x & mask != 0 ? 1 : 0) + (y & mask != 0 ? 2 : 0)
            digits.append(UInt8(ascii: "0") + UInt8(digit))
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The tile of a quadkey (mercantile's `quadkey_to_tile`); the empty key is tile 0/0/0.
    ///
    /// Throws ``FootprintGeoError/invalidArgument(name:value:reason:)`` for a character other than
    /// the digits 0–3 or a key longer than ``maximumZoom``.
    public init(quadkey: String) throws(FootprintGeoError) {
        let digits = Array(quadkey.utf8)
        guard digits.count <= Self.maximumZoom else {
            throw .invalidArgument(
                name: "quadkey", value: quadkey,
                reason: "it has \(digits.count) digits, one per zoom level, and the deepest zoom is \(Self.maximumZoom)"
            )
        }
        var x = 0
        var y = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(digit) else {
                throw .invalidArgument(name: "quadkey", value: quadkey, reason: "its digits must each be 0, 1, 2 or 3")
            }
            let value = Int(digit - UInt8(ascii: "0"))
            x = x << 1 | value & 1
            y = y << 1 | value >> 1
        }
        self.init(uncheckedZ: digits.count, x: x, y: y)
    }
}
