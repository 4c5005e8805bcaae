import FootprintGeo
import FootprintProjection

/// Reads an item of Naver's Local Search API response (`GET /v1/search/local.json`): `title`
/// (HTML: the query words in `<b>`, entities escaped), `category` (`카페,디저트>카페`), `address`
/// (lot number), `roadAddress`, `telephone`, `mapx`/`mapy`.
///
/// Items have no id: they are keyed by ``DerivedID/naver(name:address:roadAddress:mapx:mapy:)``.
/// `mapx`/`mapy` are WGS84 degrees × 10⁷ in current responses and TM128 metres in older ones,
/// told apart by size (``NaverPosition``).
struct NaverItemDecoder: JSONPlaceDecoder {
    static let arrayKey = "items"
    var memberNames: JSONMemberNames { .naver }
    private var categories = CategoryCache()

    mutating func place(from cursor: inout JSONCursor, line: Int) throws(JSONSyntaxError) -> Result<
        ImportedPlace, RowProblem
    > {
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return .failure(RowProblem("The item is not a JSON object"))
        }
        var title: String?
        var category: String?
        var address: String?
        var roadAddress: String?
        var telephone: String?
        var mapx: JSONScalar?
        var mapy: JSONScalar?
        try cursor.forEachMember { (cursor, key) throws(JSONSyntaxError) in
            if key.matches("title") {
                title = try cursor.field()
            } else if key.matches("category") {
                category = try cursor.field()
            } else if key.matches("address") {
                address = try cursor.field()
            } else if key.matches("roadAddress") {
                roadAddress = try cursor.field()
            } else if key.matches("telephone") {
                telephone = try cursor.field()
            } else if key.matches("mapx") {
                mapx = try cursor.scalar()
            } else if key.matches("mapy") {
                mapy = try cursor.scalar()
            } else {
                try cursor.skipValue()
            }
        }
        guard let name = title.map(HTMLText.plainText).flatMap(ImportText.field) else {
            return .failure(RowProblem("The title is missing", member: "title"))
        }
        guard let mapx, let x = JSONField.text(mapx) else {
            return .failure(RowProblem("The item has no mapx (its longitude)", member: "mapx"))
        }
        guard let mapy, let y = JSONField.text(mapy) else {
            return .failure(RowProblem("The item has no mapy (its latitude)", member: "mapy"))
        }
        if DecimalText.parse(x) == nil {
            return .failure(
                RowProblem("The mapx “\(x.trimmingWhitespaceForMessage())” is not a number", member: "mapx"))
        }
        if DecimalText.parse(y) == nil {
            return .failure(
                RowProblem("The mapy “\(y.trimmingWhitespaceForMessage())” is not a number", member: "mapy"))
        }
        let coordinate: Coordinate
        switch NaverPosition.coordinate(mapx: x, mapy: y) {
        case .success(let value): coordinate = value
        case .failure(let problem): return .failure(problem)
        }
        let lotAddress = address.map(HTMLText.decodingEntities).flatMap(ImportText.field)
        let road = roadAddress.map(HTMLText.decodingEntities).flatMap(ImportText.field)
        var place = ImportedPlace(
            sourceID: DerivedID.naver(name: name, address: lotAddress, roadAddress: road, mapx: x, mapy: y),
            name: name, latitude: coordinate.latitude, longitude: coordinate.longitude, line: line)
        place.fields = [.category, .address, .roadAddress, .phone]
        place.derivedFrom = (lotAddress ?? road) == nil ? "title and position" : "title and address"
        place.category = category.map(HTMLText.decodingEntities).flatMap { categories.normalized($0) }
        place.address = lotAddress
        place.roadAddress = road
        place.phone = telephone.flatMap(ImportText.field)
        return .success(place)
    }
}

/// Naver's `mapx`/`mapy` pair as a WGS84 coordinate, through FootprintProjection's
/// ``NaverCoordinate``: WGS84 degrees × 10⁷ when `|mapx| ≥ 10⁷`, TM128 metres (converted by PROJ)
/// otherwise.
enum NaverPosition {
    /// The coordinate of `mapx`/`mapy` (integer strings in practice), or why there is none.
    static func coordinate(mapx: String, mapy: String) -> Result<Coordinate, RowProblem> {
        do {
            return .success(try NaverCoordinate(mapx: mapx, mapy: mapy).coordinate)
        } catch {
            return .failure(RowProblem(sentence: error.description))
        }
    }
}
