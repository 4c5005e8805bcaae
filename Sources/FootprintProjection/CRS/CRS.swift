/// A coordinate reference system as PROJ understands it: `EPSG:n`, Naver's `tm128`/`katec`, or
/// another definition PROJ accepts (`+proj=…` strings, `AUTHORITY:CODE`, WKT, PROJJSON).
///
/// Creating a `CRS` checks the syntax only and does not load PROJ; whether PROJ knows the CRS is
/// found out when a ``Transformer`` is built, which throws
/// ``FootprintProjectionError/unknownCRS(_:projMessage:)``. Two values are equal when PROJ receives
/// the same definition (`epsg:5186` equals `EPSG:5186`, `katec` equals `tm128`).
public struct CRS: Hashable, Sendable, CustomStringConvertible {
    /// The name to show a user: `EPSG:5186` (normalized case), `tm128`, or the text as given.
    public let name: String
    /// The text handed to `proj_create`.
    public let definition: String

    /// The PROJ string of Naver's TM128, also called KATEC: a transverse Mercator on the Bessel
    /// ellipsoid centred on 38°N 128°E with the 7-parameter Tokyo→WGS84 shift Naver's own SDK uses
    /// (ARCHITECTURE.md, `geo transform`). `+type=crs` makes PROJ read it as a CRS, not an operation.
    public static let tm128Definition =
        "+proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel +units=m "
        + "+towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43 +type=crs"

    /// Parses `EPSG:n` (any case), `tm128` / `katec` (any case), a `+proj=` string (to which
    /// `+type=crs` is added), or PROJ's other syntaxes (`AUTHORITY:CODE`, an OGC URN, WKT,
    /// PROJJSON) passed as they are. Throws ``FootprintProjectionError/invalidCRS(_:reason:)`` for
    /// empty text, an `EPSG:` prefix without a number, and a bare word (which PROJ would match
    /// loosely against CRS names).
    public init(_ text: String) throws(FootprintProjectionError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalidCRS(text, reason: "it is empty") }
        let lowered = trimmed.lowercased()
        if lowered == "tm128" || lowered == "katec" {
            self.init(name: lowered, definition: Self.tm128Definition)
        } else if lowered.hasPrefix("epsg:") {
            let digits = trimmed.dropFirst(5)
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let code = Int(digits)
            else { throw .invalidCRS(text, reason: "an EPSG code is EPSG: followed by a number, as in EPSG:5186") }
            self.init(epsg: code)
        } else if trimmed.hasPrefix("+") {
            let definition = trimmed.contains("+type=crs") ? String(trimmed) : trimmed + " +type=crs"
            self.init(name: String(trimmed), definition: definition)
        } else if trimmed.contains(":") || trimmed.contains("[") || trimmed.hasPrefix("{") {
            // AUTHORITY:CODE, an OGC URN, WKT or PROJJSON: PROJ's own syntaxes, passed as they are.
            self.init(name: String(trimmed), definition: String(trimmed))
        } else {
            // A bare word would reach PROJ's search by object name, which takes "foo" for
            // Amersfoort: refuse it rather than guess.
            throw .invalidCRS(
                text, reason: "use EPSG:n, tm128 or katec, a +proj= string, or AUTHORITY:CODE such as ESRI:102100")
        }
    }

    /// The CRS `EPSG:code`.
    public init(epsg code: Int) {
        self.init(name: "EPSG:\(code)", definition: "EPSG:\(code)")
    }

    private init(name: String, definition: String) {
        self.name = name
        self.definition = definition
    }

    /// The EPSG code when the CRS was given as `EPSG:n`.
    public var epsgCode: Int? {
        guard definition.hasPrefix("EPSG:") else { return nil }
        return Int(definition.dropFirst(5))
    }

    public var description: String { name }

    public static func == (lhs: CRS, rhs: CRS) -> Bool { lhs.definition == rhs.definition }

    public func hash(into hasher: inout Hasher) { hasher.combine(definition) }
}

extension CRS {
    /// WGS 84 longitude/latitude (EPSG:4326), in visualization order: x is the longitude.
    public static let wgs84 = CRS(epsg: 4326)
    /// WGS 84 / Pseudo-Mercator (EPSG:3857), the web map tiles' metres.
    public static let webMercator = CRS(epsg: 3857)
    /// Korea 2000 / Unified CS (EPSG:5179), "UTM-K", the single-zone national grid.
    public static let korea2000UnifiedCS = CRS(epsg: 5179)
    /// Korea 2000 / Central Belt (EPSG:5181), the middle zone of the Korea 2000 belts.
    public static let korea2000CentralBelt = CRS(epsg: 5181)
    /// Korea 2000 / Central Belt 2010 (EPSG:5186), the cadastral and road-name address grid.
    public static let korea2000CentralBelt2010 = CRS(epsg: 5186)
    /// Korean 1985 / Modified Central Belt (EPSG:5174), the old Bessel grid of legacy data.
    public static let korean1985ModifiedCentralBelt = CRS(epsg: 5174)
    /// Naver's TM128, also called KATEC (``tm128Definition``).
    public static let tm128 = CRS(name: "tm128", definition: tm128Definition)
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks (no Foundation needed).
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return Substring() }
        return Substring(self[first...last])
    }
}
