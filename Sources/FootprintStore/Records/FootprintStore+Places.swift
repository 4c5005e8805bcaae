import FootprintGeo
import Foundation
import GRDB

/// A change to a place: only the fields that are set change.
public struct PlaceEdit: Hashable, Sendable {
    public var name: String?
    public var coordinate: Coordinate?
    /// A new category; the empty string clears it.
    public var category: String?
    public var addedTags: [String]
    public var removedTags: [String]
    public var note: String?

    public init(
        name: String? = nil, coordinate: Coordinate? = nil, category: String? = nil, addedTags: [String] = [],
        removedTags: [String] = [], note: String? = nil
    ) {
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.addedTags = addedTags
        self.removedTags = removedTags
        self.note = note
    }
}

extension Place {
    /// The text fields as the importer stores them: trimmed and in NFC (a name typed on macOS or
    /// pasted from a web page can arrive decomposed), so that search and export see one spelling;
    /// an empty optional field becomes absent. Category paths and tags are normalized too.
    func normalizedText() -> Place {
        var place = self
        place.name = ImportText.field(name) ?? name
        place.category = category.flatMap(Place.normalizedCategory).flatMap(ImportText.field)
        place.tags = Hashtag.normalizedList(tags)
        place.address = address.flatMap(ImportText.field)
        place.roadAddress = roadAddress.flatMap(ImportText.field)
        place.phone = phone.flatMap(ImportText.field)
        place.visitTime = visitTime.flatMap(ImportText.field)
        place.note = note.flatMap(ImportText.field)
        return place
    }
}

extension FootprintStore {
    /// Saves a new place and returns it with its id.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for an empty name.
    public func addPlace(_ place: Place) throws -> Place {
        try Self.checkName(place.name)
        var place = place.normalizedText()
        place.createdAt = Date()
        place.updatedAt = place.createdAt
        return try write { db in
            try place.insert(db)
            return place
        }
    }

    /// The place with this id.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``.
    public func place(id: Int64) throws -> Place {
        try read { db in
            guard let place = try Place.fetchOne(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            return place
        }
    }

    /// Places by id, oldest first; `limit` of `nil` lists them all.
    public func places(limit: Int? = nil, offset: Int = 0) throws -> [Place] {
        try read { db in
            try Place.order(Place.Columns.id).limit(limit ?? -1, offset: offset).fetchAll(db)
        }
    }

    /// The number of places.
    public func placeCount() throws -> Int {
        try read { db in try Place.fetchCount(db) }
    }

    /// Applies `edit` to a place and returns the place as saved.
    public func editPlace(id: Int64, _ edit: PlaceEdit) throws -> Place {
        if let name = edit.name { try Self.checkName(name) }
        return try write { db in
            guard var place = try Place.fetchOne(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            if let name = edit.name { place.name = ImportText.field(name) ?? name }
            if let coordinate = edit.coordinate { place.coordinate = coordinate }
            if let category = edit.category { place.category = Place.normalizedCategory(category) }
            if let note = edit.note { place.note = ImportText.field(note) }
            let removed = Set(Hashtag.normalizedList(edit.removedTags))
            place.tags = Hashtag.normalizedList(place.tags.filter { !removed.contains($0) } + edit.addedTags)
            place.updatedAt = Date()
            try place.update(db)
            return place
        }
    }

    /// Removes a place. Its visits stay, detached, with the place's name copied onto them, and a
    /// later import of its source does not bring it back.
    @discardableResult
    public func removePlace(id: Int64) throws -> Place {
        try write { db in
            guard let place = try Place.fetchOne(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            // The triggers places_detach_visits and places_remember_removed keep history and tombstones.
            try Place.deleteOne(db, key: id)
            return place
        }
    }

    static func checkName(_ name: String) throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FootprintStoreError.invalidValue(name: "place name", value: "“\(name)”", reason: "a place needs a name")
        }
    }
}
