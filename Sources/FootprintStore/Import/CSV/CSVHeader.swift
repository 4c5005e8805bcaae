/// The columns of a places CSV that Footprint reads, found by their header names.
///
/// Names are compared case-insensitively with spaces, `_`, `-` and `.` removed, so `Road Address`,
/// `road_address` and `roadAddress` are one name. Unknown columns are ignored. Two columns with
/// names of the same field (`lat` twice, `lat` and `위도`) are an error: which one holds the
/// value cannot be told, and PostgreSQL's `COPY … HEADER MATCH` and sqlite3's `.import` refuse a
/// repeated column too.
struct CSVHeader: Hashable, Sendable {
    enum Column: String, CaseIterable, Sendable {
        case id, name, latitude, longitude, x, y, category, tags, likes, address, roadAddress, phone, visitTime,
            note, bestTime

        /// The field as a message names it: `latitude`, `road address`.
        var noun: String {
            switch self {
            case .roadAddress: return "road address"
            case .visitTime: return "visiting time"
            case .bestTime: return "best time"
            case .x, .y: return "\(rawValue) coordinate"
            default: return rawValue
            }
        }
    }

    /// The header names of each column, in their compared form.
    static let aliases: [Column: [String]] = [
        .id: ["id", "sourceid", "placeid", "아이디"],
        .name: ["name", "이름", "상호명", "상호", "title", "placename", "장소명"],
        .latitude: ["lat", "latitude", "위도"],
        .longitude: ["lon", "lng", "long", "longitude", "경도"],
        .x: ["x", "xcoord", "x좌표"],
        .y: ["y", "ycoord", "y좌표"],
        .category: ["category", "categoryname", "카테고리", "분류", "업종"],
        .tags: ["tags", "tag", "hashtags", "hashtag", "태그", "해시태그"],
        .likes: ["likes", "like", "좋아요", "인기"],
        .address: ["address", "addressname", "주소", "지번주소", "소재지지번주소"],
        .roadAddress: ["roadaddress", "roadaddressname", "도로명주소", "소재지도로명주소"],
        .phone: ["phone", "telephone", "tel", "전화", "전화번호"],
        .visitTime: ["visittime", "방문시간", "추천방문시간"],
        .note: ["note", "notes", "memo", "메모", "비고"],
        .bestTime: ["besttime", "추천시간대", "추천방문시간대"],
    ]

    private static let columnOfName: [String: Column] = {
        var map: [String: Column] = [:]
        for (column, names) in aliases {
            for name in names { map[name] = column }
        }
        return map
    }()

    /// The field index of each column present.
    private(set) var indexes: [Column: Int] = [:]
    /// The number of fields in the header, which every row must have.
    let fieldCount: Int
    /// The fields a row must have at least: the header's without its unnamed trailing columns.
    /// GDAL's CSV writer ends the header of a layer with one attribute with a separator
    /// (`X,Y,name,` over rows `126.97,37.56,서울시청`), so an empty last name is a column rows may
    /// leave out.
    let requiredFieldCount: Int

    /// Maps `names` (the header row) to columns.
    ///
    /// - Throws: a ``RowProblem`` naming both columns when two names are of the same field.
    init(names: [String]) throws(RowProblem) {
        fieldCount = names.count
        var required = names.count
        while required > 1, Self.comparedForm(names[required - 1]).isEmpty { required -= 1 }
        requiredFieldCount = required
        for (index, name) in names.enumerated() {
            guard let column = Self.columnOfName[Self.comparedForm(name)] else { continue }
            if let first = indexes[column] {
                throw RowProblem(
                    "The header names the \(column.noun) twice, in column \(first + 1) (“\(Self.shown(names[first]))”) "
                        + "and column \(index + 1) (“\(Self.shown(name))”), so which one holds it cannot be told")
            }
            indexes[column] = index
        }
    }

    /// A header name as it is quoted in a message: trimmed, without a byte-order mark.
    private static func shown(_ name: String) -> String {
        ImportText.trimmedWhitespace(name.replacingOccurrences(of: "\u{FEFF}", with: ""))
    }

    subscript(column: Column) -> Int? { indexes[column] }

    /// `name` lower-cased, NFC, without spaces, `_`, `-`, `.` and a byte-order mark.
    static func comparedForm(_ name: String) -> String {
        let folded = (ImportText.field(name) ?? "").lowercased()
        return String(
            folded.unicodeScalars.filter { !" _-.\u{FEFF}\t".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// The coordinate columns as (y, x): latitude/longitude when no CRS is given; with a CRS
    /// (``SourceProjection/isGiven``), x/y when present, else — for a geographic CRS only —
    /// latitude/longitude, read in that CRS. `nil` when the header has neither.
    func coordinateColumns(crsGiven: Bool, geographic: Bool) -> (latitude: Int, longitude: Int)? {
        if crsGiven, let y = indexes[.y], let x = indexes[.x] { return (y, x) }
        if crsGiven && !geographic { return nil }
        guard let latitude = indexes[.latitude], let longitude = indexes[.longitude] else { return nil }
        return (latitude, longitude)
    }

    /// True when the header has both x and y columns.
    var hasXY: Bool { indexes[.x] != nil && indexes[.y] != nil }
}
