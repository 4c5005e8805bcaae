/// The JSON members, relative to the element, that a decoder read a place's text fields from, so
/// that a control character found after decoding (``ImportedPlace/checkControlCharacters(members:)``)
/// is reported at its member (`documents[4].phone`), as any other bad value is.
struct JSONMemberNames: Hashable, Sendable {
    var name: String
    var id: String
    var category: String
    var tags: String
    var address: String
    var roadAddress: String
    var phone: String
    var visitTime: String
    var note: String

    /// A Kakao document's members.
    static let kakao = JSONMemberNames(
        name: "place_name", id: "id", category: "category_name", tags: "tags", address: "address_name",
        roadAddress: "road_address_name", phone: "phone", visitTime: "visit_time", note: "note")

    /// A Naver item's members (it has no id: its key is made of the title and address).
    static let naver = JSONMemberNames(
        name: "title", id: "title", category: "category", tags: "tags", address: "address",
        roadAddress: "roadAddress", phone: "telephone", visitTime: "visit_time", note: "note")

    /// A GeoJSON feature's members under their first spellings; ``PlaceProperties`` puts in the
    /// spelling a feature used (`properties.memo` for the note).
    static let geoJSON = JSONMemberNames(
        name: "properties.name", id: "id", category: "properties.category", tags: "properties.tags",
        address: "properties.address", roadAddress: "properties.road_address", phone: "properties.phone",
        visitTime: "properties.visit_time", note: "properties.note")
}
