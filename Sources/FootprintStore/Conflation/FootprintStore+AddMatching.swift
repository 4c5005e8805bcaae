import Foundation
import GRDB

/// What ``FootprintStore/addPlace(_:matchRadiusMeters:)`` did.
public struct PlaceAddition: Hashable, Sendable {
    /// The new place, or the place it was merged into.
    public var place: Place
    /// True when the place was the same spot as a stored place of a source and was merged into
    /// it instead of being added.
    public var merged: Bool
}

extension FootprintStore {
    /// Adds a place, or, when a stored place from a source is the same spot (``PlaceMatcher``:
    /// the same name within `matchRadiusMeters`, a brand and its branch within 15 m), merges it
    /// into that place: the fields that place lacks are filled from `place`, tags are unioned,
    /// likes take the larger value; its name, category and position stay, and so do the fields
    /// the user set on it (``PlaceEdits``). Places added by hand
    /// are one source: they never merge with each other. `matchRadiusMeters` 0 always adds.
    ///
    /// - Throws: the errors of ``addPlace(_:)``; ``FootprintStoreError/invalidValue(name:value:reason:)``
    ///   for a radius below 0 or above 1000 m.
    public func addPlace(_ place: Place, matchRadiusMeters: Double) throws -> PlaceAddition {
        try PlaceMatcher.checkRadius(matchRadiusMeters)
        if matchRadiusMeters > 0 {
            try Self.checkName(place.name)
            let merged = try write { db -> Place? in
                let matcher = try PlaceMatcher(db, path: path, radiusMeters: matchRadiusMeters)
                let normalized = place.normalizedText()
                guard
                    let id = try matcher.match(
                        name: normalized.name, latitude: place.coordinate.latitude,
                        longitude: place.coordinate.longitude, source: nil),
                    var target = try Place.fetchOne(db, key: id)
                else { return nil }
                let edits = try PlaceEditsTable.fetch(db, placeID: id)
                let fields = MergedFields(target).merging(MergedFields(normalized), keeping: edits)
                guard fields != MergedFields(target) else { return target }
                target.apply(fields)
                target.updatedAt = Date()
                try target.update(db)
                return target
            }
            if let merged { return PlaceAddition(place: merged, merged: true) }
        }
        return PlaceAddition(place: try addPlace(place), merged: false)
    }
}
