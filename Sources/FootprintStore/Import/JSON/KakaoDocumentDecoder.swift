import FootprintGeo

/// Reads a document of Kakao's keyword search response (`GET /v2/local/search/keyword.json`):
/// `id`, `place_name`, `category_name` (`음식점 > 카페 > 커피전문점`), `phone`, `address_name`,
/// `road_address_name`, and `x` (longitude) / `y` (latitude) as decimal strings.
///
/// Documents are keyed by their `id`; one without an id is keyed like a CSV row without one.
struct KakaoDocumentDecoder: JSONPlaceDecoder {
    static let arrayKey = "documents"
    var memberNames: JSONMemberNames { .kakao }
    private var categories = CategoryCache()

    mutating func place(from cursor: inout JSONCursor, line: Int) throws(JSONSyntaxError) -> Result<
        ImportedPlace, RowProblem
    > {
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return .failure(RowProblem("The document is not a JSON object"))
        }
        var id: String?
        var placeName: String?
        var category: String?
        var phone: String?
        var address: String?
        var roadAddress: String?
        var x: JSONScalar?
        var y: JSONScalar?
        try cursor.forEachMember { (cursor, key) throws(JSONSyntaxError) in
            if key.matches("id") {
                id = try cursor.field()
            } else if key.matches("place_name") {
                placeName = try cursor.field()
            } else if key.matches("category_name") {
                category = try cursor.field()
            } else if key.matches("phone") {
                phone = try cursor.field()
            } else if key.matches("address_name") {
                address = try cursor.field()
            } else if key.matches("road_address_name") {
                roadAddress = try cursor.field()
            } else if key.matches("x") {
                x = try cursor.scalar()
            } else if key.matches("y") {
                y = try cursor.scalar()
            } else {
                try cursor.skipValue()
            }
        }
        guard let name = placeName.flatMap(ImportText.field) else {
            return .failure(RowProblem("The place_name is missing", member: "place_name"))
        }
        guard let x else { return .failure(RowProblem("The document has no x (longitude)", member: "x")) }
        guard let y else { return .failure(RowProblem("The document has no y (latitude)", member: "y")) }
        guard let longitude = JSONField.number(x) else {
            return .failure(RowProblem("The x (longitude) “\(JSONField.text(x) ?? "")” is not a number", member: "x"))
        }
        guard let latitude = JSONField.number(y) else {
            return .failure(RowProblem("The y (latitude) “\(JSONField.text(y) ?? "")” is not a number", member: "y"))
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch .swappedLatitudeLongitude {
            return .failure(
                RowProblem(
                    "The x \(formatted(longitude)) is a latitude and the y \(formatted(latitude)) a longitude: "
                        + "Kakao gives x as the longitude and y as the latitude"))
        } catch .outOfRange(let axis, _) {
            return .failure(
                RowProblem(
                    sentence: FootprintGeoError.outOfRange(axis: axis, value: axis == "latitude" ? latitude : longitude)
                        .description, member: axis == "latitude" ? "y" : "x"))
        } catch {
            return .failure(RowProblem(sentence: error.description))
        }
        let givenID = id.flatMap(ImportText.field)
        var place = ImportedPlace(
            sourceID: givenID ?? DerivedID.place(name: name, coordinate: coordinate), name: name,
            latitude: coordinate.latitude, longitude: coordinate.longitude, line: line)
        if givenID == nil { place.derivedFrom = DerivedID.nameAndPosition }
        place.fields = [.category, .address, .roadAddress, .phone]
        place.category = category.flatMap { categories.normalized($0) }
        place.address = address.flatMap(ImportText.field)
        place.roadAddress = roadAddress.flatMap(ImportText.field)
        place.phone = phone.flatMap(ImportText.field)
        return .success(place)
    }
}
