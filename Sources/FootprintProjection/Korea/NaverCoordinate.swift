import FootprintGeo

/// A position from Naver's Local Search API: the `mapx`/`mapy` strings of an item.
///
/// Naver has written these two ways. Current responses give WGS84 degrees × 10⁷ as integer strings
/// (`mapx` "1269780000" is longitude 126.978); older ones gave TM128 (KATEC) metres
/// (`mapx` "309946", `mapy` "552085", near Seoul City Hall). The two are told apart by the size of
/// `mapx`:
///
/// - `|mapx| ≥ 10,000,000` → WGS84 × 10⁷ (a longitude of at least 1°; Korea's are 124°–132°, i.e.
///   1,240,000,000–1,320,000,000);
/// - otherwise → TM128 metres (with its 400 km false easting, Korea's TM128 eastings lie within
///   about 0–800,000 m, far below 10⁷).
///
/// The one place the rule could misread, a WGS84 longitude within 1° of Greenwich, is not a place
/// Naver's Korean local search returns. The result is checked as a ``Coordinate``, so a pair that
/// lands outside ±90°/±180° (or the swapped mapx/mapy of a careless copy) is an error.
public struct NaverCoordinate: Hashable, Sendable {
    /// How a `mapx`/`mapy` pair was written.
    public enum Encoding: Hashable, Sendable {
        /// WGS84 longitude and latitude in degrees × 10⁷ (current Naver Local Search responses).
        case wgs84E7
        /// TM128 (KATEC) easting and northing in metres (``CRS/tm128``; older Naver responses).
        case tm128
    }

    /// The smallest `|mapx|` read as WGS84 × 10⁷: a longitude of 1°.
    public static let wgs84E7Threshold = 10_000_000.0

    /// The encoding the pair was recognised as.
    public let encoding: Encoding
    /// The WGS84 position.
    public let coordinate: Coordinate

    /// Parses `mapx` and `mapy` (decimal numbers, optionally signed, integers in practice) and
    /// converts TM128 through PROJ (which is loaded only for TM128 input).
    ///
    /// Throws ``FootprintProjectionError/invalidNaverCoordinate(mapx:mapy:reason:)`` for text that is
    /// not a number or a position out of range, and PROJ's errors if TM128 cannot be converted.
    public init(mapx: String, mapy: String) throws(FootprintProjectionError) {
        func fail(_ reason: String) -> FootprintProjectionError {
            .invalidNaverCoordinate(mapx: mapx, mapy: mapy, reason: reason)
        }
        guard let x = decimalNumber(mapx) else { throw fail("mapx is not a number") }
        guard let y = decimalNumber(mapy) else { throw fail("mapy is not a number") }
        let longitude: Double
        let latitude: Double
        if abs(x) >= Self.wgs84E7Threshold {
            encoding = .wgs84E7
            longitude = x / 10_000_000
            latitude = y / 10_000_000
        } else {
            encoding = .tm128
            let transformer = try Transformer(from: .tm128, to: .wgs84)
            let position: CRSCoordinate
            do {
                position = try transformer.transform(CRSCoordinate(x: x, y: y))
            } catch {
                throw fail("as TM128 metres it cannot be converted (\(error.projMessage ?? error.description))")
            }
            longitude = position.x
            latitude = position.y
        }
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            let reading = encoding == .wgs84E7 ? "read as WGS84 × 10⁷" : "read as TM128 metres"
            throw fail("\(reading), \(error.description.dropLastPeriod())")
        }
    }
}

extension FootprintProjectionError {
    /// The message PROJ gave, for the cases that carry one.
    var projMessage: String? {
        switch self {
        case .unknownCRS(_, let message), .noTransformation(_, _, let message),
            .transformFailed(_, _, _, _, _, let message):
            return message
        default: return nil
        }
    }
}

extension String {
    /// The sentence without its final full stop, to embed it in another sentence.
    func dropLastPeriod() -> String {
        var text = self
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// `text` as a plain decimal number — optional sign, digits, optional fraction, surrounding spaces
/// allowed — or nil. Exponents, `nan`, `inf` and hexadecimal are rejected: Naver and Kakao never
/// write them, so they mean a wrong column.
func decimalNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingWhitespace()
    var digits = 0
    var seenPoint = false
    for (offset, character) in trimmed.enumerated() {
        switch character {
        case "+" where offset == 0, "-" where offset == 0: continue
        case "." where !seenPoint: seenPoint = true
        case "0"..."9": digits += 1
        default: return nil
        }
    }
    guard digits > 0 else { return nil }
    return Double(trimmed)
}
