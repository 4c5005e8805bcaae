import FootprintGeo
import Foundation
import GRDB

/// A change to a place: only the fields that are set change, and each field set becomes the
/// user's (``PlaceEdits``): a later import of the place's source keeps it.
public struct PlaceEdit: Hashable, Sendable {
    public var name: String?
    public var coordinate: Coordinate?
    /// A new category; the empty string clears it.
    public var category: String?
    public var addedTags: [String]
    public var removedTags: [String]
    /// A new note; the empty string clears it.
    public var note: String?
    /// A new lot-number address; the empty string clears it.
    public var address: String?
    /// A new road-name address; the empty string clears it.
    public var roadAddress: String?
    /// A new phone number; the empty string clears it.
    public var phone: String?
    /// A new recommended visiting time; the empty string clears it.
    public var visitTime: String?
    /// A new popularity.
    public var likes: Int?
    /// A new recommended visiting window (`18:00-20:00`, `저녁`, see ``BestTime``); the empty
    /// string clears it.
    public var bestTime: String?

    public init(
        name: String? = nil, coordinate: Coordinate? = nil, category: String? = nil, addedTags: [String] = [],
        removedTags: [String] = [], note: String? = nil, address: String? = nil, roadAddress: String? = nil,
        phone: String? = nil, visitTime: String? = nil, likes: Int? = nil, bestTime: String? = nil
    ) {
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.addedTags = addedTags
        self.removedTags = removedTags
        self.note = note
        self.address = address
        self.roadAddress = roadAddress
        self.phone = phone
        self.visitTime = visitTime
        self.likes = likes
        self.bestTime = bestTime
    }

    /// The fields this edit sets (tags only through ``PlaceEdits/record(addedTags:removedTags:)``).
    var setFields: Set<PlaceField> {
        var fields: Set<PlaceField> = []
        if name != nil { fields.insert(.name) }
        if coordinate != nil { fields.insert(.position) }
        if category != nil { fields.insert(.category) }
        if note != nil { fields.insert(.note) }
        if address != nil { fields.insert(.address) }
        if roadAddress != nil { fields.insert(.roadAddress) }
        if phone != nil { fields.insert(.phone) }
        if visitTime != nil { fields.insert(.visitTime) }
        if likes != nil { fields.insert(.likes) }
        if bestTime != nil { fields.insert(.bestTime) }
        return fields
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
    /// Saves a new place and returns it with its id. The fields given are the user's
    /// (``PlaceEdits``): name and position always, the others when set (tags as added tags), so
    /// that a place added with a source and source id keeps them when that source is imported.
    ///
    /// - Throws: ``FootprintStoreError/invalidValue(name:value:reason:)`` for an empty name or
    ///   negative likes.
    public func addPlace(_ place: Place) throws -> Place {
        try Self.checkName(place.name)
        if place.likes < 0 {
            throw FootprintStoreError.invalidValue(
                name: "likes", value: "“\(place.likes)”", reason: "likes cannot be negative")
        }
        var place = place.normalizedText()
        place.createdAt = Date()
        place.updatedAt = place.createdAt
        var edits = PlaceEdits(fields: [.name, .position])
        if place.category != nil { edits.fields.insert(.category) }
        if place.likes != 0 { edits.fields.insert(.likes) }
        if place.address != nil { edits.fields.insert(.address) }
        if place.roadAddress != nil { edits.fields.insert(.roadAddress) }
        if place.phone != nil { edits.fields.insert(.phone) }
        if place.visitTime != nil { edits.fields.insert(.visitTime) }
        if place.note != nil { edits.fields.insert(.note) }
        if place.bestTime != nil { edits.fields.insert(.bestTime) }
        edits.record(addedTags: place.tags, removedTags: [])
        return try write { db in
            try place.insert(db)
            try PlaceEditsTable.save(db, placeID: place.id!, edits)
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

    /// Applies `edit` to a place and returns the place as saved. Every field the edit sets is
    /// marked as the user's (``PlaceEdits``), even when set to the value it had: a later import
    /// of the place's source keeps it.
    ///
    /// - Throws: ``FootprintStoreError/placeNotFound(id:)``; ``FootprintStoreError/invalidValue(name:value:reason:)``
    ///   for an empty name, negative likes or a best time that is not a window.
    public func editPlace(id: Int64, _ edit: PlaceEdit) throws -> Place {
        if let name = edit.name { try Self.checkName(name) }
        let bestTime = try edit.bestTime.map { text in
            ImportText.field(text) == nil ? nil : try BestTime(parsing: text)
        }
        if let likes = edit.likes, likes < 0 {
            throw FootprintStoreError.invalidValue(
                name: "likes", value: "“\(likes)”", reason: "likes cannot be negative")
        }
        return try write { db in
            guard var place = try Place.fetchOne(db, key: id) else { throw FootprintStoreError.placeNotFound(id: id) }
            if let name = edit.name { place.name = ImportText.field(name) ?? name }
            if let coordinate = edit.coordinate { place.coordinate = coordinate }
            if let category = edit.category { place.category = Place.normalizedCategory(category) }
            if let note = edit.note { place.note = ImportText.field(note) }
            if let address = edit.address { place.address = ImportText.field(address) }
            if let roadAddress = edit.roadAddress { place.roadAddress = ImportText.field(roadAddress) }
            if let phone = edit.phone { place.phone = ImportText.field(phone) }
            if let visitTime = edit.visitTime { place.visitTime = ImportText.field(visitTime) }
            if let likes = edit.likes { place.likes = likes }
            if let bestTime { place.bestTime = bestTime }
            let removed = Set(Hashtag.normalizedList(edit.removedTags))
            place.tags = Hashtag.normalizedList(place.tags.filter { !removed.contains($0) } + edit.addedTags)
            place.updatedAt = Date()
            try place.update(db)
            var edits = try PlaceEditsTable.fetch(db, placeID: id)
            edits.fields.formUnion(edit.setFields)
            if !edit.addedTags.isEmpty || !edit.removedTags.isEmpty {
                edits.record(addedTags: edit.addedTags, removedTags: edit.removedTags)
            }
            try PlaceEditsTable.save(db, placeID: id, edits)
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
            throw FootprintStoreError.invalidValue(
                name: "place name", value: "“\(name)”", reason: "a place needs a name")
        }
    }
}
