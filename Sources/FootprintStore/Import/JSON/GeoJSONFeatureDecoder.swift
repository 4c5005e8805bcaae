import FootprintGeo

/// Reads a GeoJSON (RFC 7946) Feature with a Point geometry as a place.
///
/// - name: the property `name`, else `title`, else `place_name`;
/// - source id: the feature's `id` (RFC 7946 §3.2), else the property `id`, else derived
///   (``DerivedID/place(name:coordinate:)``);
/// - `category` (or `category_name`; an array of segments is joined as a path), `tags` (or
///   `hashtags`: an array, or one string separated by `|`, `,` or `#`), `likes`, `address` (or
///   `address_name`), `road_address` (or `roadAddress`, `road_address_name`), `phone` (or
///   `telephone`, `tel`), `visit_time`, `note` (or `memo`).
struct GeoJSONFeatureDecoder: JSONPlaceDecoder {
    static let arrayKey = "features"
    private var categories = CategoryCache()
    private(set) var memberNames = JSONMemberNames.geoJSON

    func checkTopLevel(_ strings: [String: String]) -> String? {
        guard let type = strings["type"], type != "FeatureCollection" else { return nil }
        return "The document is a GeoJSON \(type), not a FeatureCollection"
    }

    /// What a feature's members held, gathered before the place is built.
    private struct Members {
        var type: String?
        var id: String?
        var geometryType: String?
        var geometryIsNull = false
        var hasGeometry = false
        var position: [Double] = []
        var positionIsNested = false
        var positionHasNonNumbers = false
        var properties = PlaceProperties()
    }

    mutating func place(from cursor: inout JSONCursor, line: Int) throws(JSONSyntaxError) -> Result<
        ImportedPlace, RowProblem
    > {
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return .failure(RowProblem("The feature is not a JSON object"))
        }
        var members = Members()
        try cursor.forEachMember { (cursor, key) throws(JSONSyntaxError) in
            if key.matches("type") {
                members.type = JSONField.text(try cursor.scalar())
            } else if key.matches("id") {
                members.id = try cursor.field()
            } else if key.matches("geometry") {
                members.hasGeometry = true
                try Self.readGeometry(&cursor, into: &members)
            } else if key.matches("properties") {
                try members.properties.read(&cursor)
            } else {
                try cursor.skipValue()
            }
        }
        if let type = members.type, type != "Feature" {
            return .failure(RowProblem("The element is a \(type), not a Feature"))
        }
        if !members.hasGeometry || members.geometryIsNull {
            return .failure(RowProblem("The feature has no geometry"))
        }
        if let type = members.geometryType, type != "Point" {
            return .failure(RowProblem("The geometry is a \(type), not a Point", member: "geometry"))
        }
        if members.positionIsNested { return .failure(RowProblem("The geometry is not a Point")) }
        guard members.position.count >= 2, !members.positionHasNonNumbers else {
            return .failure(
                RowProblem(
                    "The point's coordinates are not [longitude, latitude] numbers", member: "geometry.coordinates"))
        }
        let coordinate: Coordinate
        switch Self.coordinate(longitude: members.position[0], latitude: members.position[1]) {
        case .success(let value): coordinate = value
        case .failure(var problem):
            problem.member = "geometry.coordinates"
            return .failure(problem)
        }
        let id = members.id ?? members.properties.id
        memberNames = members.properties.memberNames
        if members.id == nil { memberNames.id = "properties.id" }
        return members.properties.place(sourceID: id, coordinate: coordinate, line: line, categories: &categories)
    }

    /// The coordinate of a position, or why it is bad in GeoJSON's own terms: a pair written
    /// latitude first (`[37.5, 127.0]` for Korea) is explained as `[longitude, latitude]`, the
    /// order RFC 7946 §3.1.1 gives, not as the CLI's `LAT,LON` point argument.
    static func coordinate(longitude: Double, latitude: Double) -> Result<Coordinate, RowProblem> {
        do {
            return .success(try Coordinate(latitude: latitude, longitude: longitude))
        } catch .swappedLatitudeLongitude {
            return .failure(
                RowProblem(
                    "The position [\(formatted(longitude)), \(formatted(latitude))] looks like [latitude, longitude]: "
                        + "GeoJSON positions are [longitude, latitude] (RFC 7946 §3.1.1), "
                        + "so write [\(formatted(latitude)), \(formatted(longitude))]"))
        } catch {
            return .failure(RowProblem(sentence: error.description))
        }
    }

    /// Reads the geometry object: its type and, for a Point, its position.
    private static func readGeometry(_ cursor: inout JSONCursor, into members: inout Members) throws(JSONSyntaxError) {
        if cursor.peek() == UInt8(ascii: "n") {
            _ = try cursor.scalar()
            members.geometryIsNull = true
            return
        }
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            members.geometryIsNull = true
            return
        }
        try cursor.forEachMember { (cursor, key) throws(JSONSyntaxError) in
            if key.matches("type") {
                members.geometryType = JSONField.text(try cursor.scalar())
            } else if key.matches("coordinates"), cursor.peek() == UInt8(ascii: "[") {
                try cursor.forEachElement { (cursor, _) throws(JSONSyntaxError) in
                    let first = cursor.peek() ?? 0
                    if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                        members.positionIsNested = true
                        try cursor.skipValue()
                    } else if first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
                        members.position.append(try cursor.number())
                    } else {
                        members.positionHasNonNumbers = true
                        try cursor.skipValue()
                    }
                }
            } else {
                try cursor.skipValue()
            }
        }
    }
}

/// The place fields of a GeoJSON feature's `properties`.
struct PlaceProperties {
    var id: String?
    private var name: String?
    private var title: String?
    private var placeName: String?
    private var category: String?
    private var tags: String?
    private var likes: JSONScalar?
    private var texts: [ImportedFieldName: String?] = [:]
    private var fields: ImportedFields = []
    /// The spellings the feature used, for messages.
    private var members = JSONMemberNames.geoJSON

    /// The members the feature's fields came from (the name from `title` when it has no `name` …).
    var memberNames: JSONMemberNames {
        var names = members
        if name == nil { names.name = title != nil ? "properties.title" : "properties.place_name" }
        return names
    }

    private enum ImportedFieldName: Hashable { case address, roadAddress, phone, visitTime, note }

    /// Reads the `properties` member (an object, or null).
    mutating func read(_ cursor: inout JSONCursor) throws(JSONSyntaxError) {
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return
        }
        try cursor.forEachMember { (cursor, key) throws(JSONSyntaxError) in
            if key.matches("name") {
                name = try cursor.field()
            } else if key.matches("title") {
                title = try cursor.field()
            } else if key.matches("place_name") {
                placeName = try cursor.field()
            } else if key.matches("id") {
                id = try cursor.field()
            } else if key.matches("category") || key.matches("category_name") {
                if !key.matches("category") { members.category = "properties.category_name" }
                fields.insert(.category)
                category = try Self.readCategory(&cursor)
            } else if key.matches("tags") || key.matches("hashtags") {
                if !key.matches("tags") { members.tags = "properties.hashtags" }
                fields.insert(.tags)
                tags = try Self.readTags(&cursor)
            } else if key.matches("likes") {
                fields.insert(.likes)
                likes = try cursor.scalar()
            } else if key.matches("address") || key.matches("address_name") {
                let member = key.matches("address") ? "properties.address" : "properties.address_name"
                try readText(&cursor, .address, .address, member: member)
            } else if key.matches("road_address") || key.matches("roadAddress") || key.matches("road_address_name") {
                let member =
                    key.matches("road_address")
                    ? "properties.road_address"
                    : key.matches("roadAddress") ? "properties.roadAddress" : "properties.road_address_name"
                try readText(&cursor, .roadAddress, .roadAddress, member: member)
            } else if key.matches("phone") || key.matches("telephone") || key.matches("tel") {
                let member =
                    key.matches("phone")
                    ? "properties.phone" : key.matches("telephone") ? "properties.telephone" : "properties.tel"
                try readText(&cursor, .phone, .phone, member: member)
            } else if key.matches("visit_time") {
                try readText(&cursor, .visitTime, .visitTime, member: "properties.visit_time")
            } else if key.matches("note") || key.matches("memo") {
                try readText(&cursor, .note, .note, member: key.matches("note") ? "properties.note" : "properties.memo")
            } else {
                try cursor.skipValue()
            }
        }
    }

    private mutating func readText(
        _ cursor: inout JSONCursor, _ name: ImportedFieldName, _ field: ImportedFields, member: String
    ) throws(JSONSyntaxError) {
        if texts[name] != nil {  // a second spelling of a field already read: the first wins
            try cursor.skipValue()
            return
        }
        fields.insert(field)
        texts[name] = try cursor.field()
        // Literals: naming the member costs no allocation on a row without a problem.
        switch name {
        case .address: members.address = member
        case .roadAddress: members.roadAddress = member
        case .phone: members.phone = member
        case .visitTime: members.visitTime = member
        case .note: members.note = member
        }
    }

    /// A category string, or an array of path segments.
    private static func readCategory(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> String? {
        guard cursor.peek() == UInt8(ascii: "[") else { return JSONField.text(try cursor.scalar()) }
        var segments: [String] = []
        try cursor.forEachElement { (cursor, _) throws(JSONSyntaxError) in
            if let segment = JSONField.text(try cursor.scalar()) { segments.append(segment) }
        }
        return segments.joined(separator: " > ")
    }

    /// Tags in storage form from an array of strings or one separated string.
    private static func readTags(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> String {
        guard cursor.peek() == UInt8(ascii: "[") else {
            return JSONField.text(try cursor.scalar()).map(ImportText.tags(fromList:)) ?? ""
        }
        var list: [String] = []
        try cursor.forEachElement { (cursor, _) throws(JSONSyntaxError) in
            if let tag = JSONField.text(try cursor.scalar()) { list.append(tag) }
        }
        return ImportText.tags(from: list)
    }

    /// The place, or why the properties cannot make one.
    func place(sourceID: String?, coordinate: Coordinate, line: Int, categories: inout CategoryCache) -> Result<
        ImportedPlace, RowProblem
    > {
        guard let name = name ?? title ?? placeName else {
            return .failure(RowProblem("The name is missing (properties name, title or place_name)"))
        }
        var place = ImportedPlace(
            sourceID: sourceID ?? DerivedID.place(name: name, coordinate: coordinate), name: name,
            latitude: coordinate.latitude, longitude: coordinate.longitude, line: line)
        place.fields = fields
        if sourceID == nil { place.derivedFrom = DerivedID.nameAndPosition }
        place.category = category.flatMap { categories.normalized($0) }
        place.tags = tags ?? ""
        if let likes {
            switch JSONField.likes(likes) {
            case .success(let value): place.likes = value
            case .failure(let problem):
                place.drop(.likes, FieldProblem(member: "properties.likes", reason: problem.reason))
            }
        }
        place.address = texts[.address] ?? nil
        place.roadAddress = texts[.roadAddress] ?? nil
        place.phone = texts[.phone] ?? nil
        place.visitTime = texts[.visitTime] ?? nil
        place.note = texts[.note] ?? nil
        return .success(place)
    }
}
