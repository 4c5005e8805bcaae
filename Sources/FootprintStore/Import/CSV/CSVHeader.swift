/// The columns of a places CSV that Footprint reads, found by their header names.
///
/// Names are compared case-insensitively with spaces, `_`, `-` and `.` removed, so `Road Address`,
/// `road_address` and `roadAddress` are one name. Unknown columns are ignored; when two columns
/// have names of the same field, the first wins.
struct CSVHeader: Hashable, Sendable {
    enum Column: String, CaseIterable, Sendable {
        case id, name, latitude, longitude, x, y, category, tags, likes, address, roadAddress, phone, visitTime,
            note
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

    /// Maps `names` (the header row) to columns.
    init(names: [String]) {
        fieldCount = names.count
        for (index, name) in names.enumerated() {
            guard let column = Self.columnOfName[Self.comparedForm(name)], indexes[column] == nil else { continue }
            indexes[column] = index
        }
    }

    subscript(column: Column) -> Int? { indexes[column] }

    /// `name` lower-cased, NFC, without spaces, `_`, `-`, `.` and a byte-order mark.
    static func comparedForm(_ name: String) -> String {
        let folded = (ImportText.field(name) ?? "").lowercased()
        return String(
            folded.unicodeScalars.filter { !" _-.\u{FEFF}\t".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// The coordinate columns: (latitude or y, longitude or x), and whether they are x/y.
    /// The coordinate columns: latitude/longitude for degrees, y/x for a projected CRS (`--crs`).
    func coordinateColumns(projected: Bool) -> (latitude: Int, longitude: Int)? {
        if projected {
            guard let y = indexes[.y], let x = indexes[.x] else { return nil }
            return (y, x)
        }
        guard let latitude = indexes[.latitude], let longitude = indexes[.longitude] else { return nil }
        return (latitude, longitude)
    }
}
