import GRDB

/// What `visit edit` changes; `nil` leaves a field as it is, an empty name or note clears it.
public struct VisitEdit: Hashable, Sendable {
    public var name: String?
    public var placeID: Int64?
    public var note: String?

    public init(name: String? = nil, placeID: Int64? = nil, note: String? = nil) {
        self.name = name
        self.placeID = placeID
        self.note = note
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool { name == nil && placeID == nil && note == nil }
}

/// What ``FootprintStore/removeVisit(id:)`` did.
public enum VisitRemoval: Hashable, Sendable {
    /// A detected visit was marked removed, so re-detection does not bring it back.
    case tombstoned
    /// A visit imported or added by hand was deleted.
    case deleted
}

extension FootprintStore {
    /// Changes a visit's name, place or note and marks it set by the user, so re-detection keeps
    /// them. A new place's name is copied onto the visit, as ``addVisit(_:)`` does.
    ///
    /// - Throws: ``FootprintStoreError/visitNotFound(id:)`` for an unknown or removed visit;
    ///   ``FootprintStoreError/placeNotFound(id:)`` for an unknown place; `invalidValue` for an
    ///   edit that changes nothing.
    public func editVisit(id: Int64, _ edit: VisitEdit) throws -> TimelineVisit {
        guard !edit.isEmpty else {
            throw FootprintStoreError.invalidValue(
                name: "visit edit", value: "of visit \(id)", reason: "give --name, --place or --note")
        }
        return try write { db in
            guard try Self.timelineVisit(db, id: id) != nil else { throw FootprintStoreError.visitNotFound(id: id) }
            if let placeID = edit.placeID {
                guard
                    let placeName = try String.fetchOne(
                        db, sql: "SELECT name FROM places WHERE id = ?", arguments: [placeID])
                else { throw FootprintStoreError.placeNotFound(id: placeID) }
                try db.execute(
                    sql: "UPDATE visits SET place_id = ?, place_name = ? WHERE id = ?",
                    arguments: [placeID, placeName, id])
            }
            if let name = edit.name {
                try db.execute(
                    sql: "UPDATE visits SET name = ? WHERE id = ?", arguments: [name.isEmpty ? nil : name, id])
            }
            if let note = edit.note {
                try db.execute(
                    sql: "UPDATE visits SET note = ? WHERE id = ?", arguments: [note.isEmpty ? nil : note, id])
            }
            try db.execute(sql: "UPDATE visits SET user_set = 1 WHERE id = ?", arguments: [id])
            return try Self.timelineVisit(db, id: id)!
        }
    }

    /// Removes a visit: a detected one stays as a tombstone (`removed`, detached from its place),
    /// so detecting its day again does not bring it back; any other is deleted.
    ///
    /// - Throws: ``FootprintStoreError/visitNotFound(id:)`` for an unknown or already removed visit.
    public func removeVisit(id: Int64) throws -> VisitRemoval {
        try write { db in
            guard
                let detected = try Bool.fetchOne(
                    db, sql: "SELECT detected FROM visits WHERE id = ? AND removed = 0", arguments: [id])
            else { throw FootprintStoreError.visitNotFound(id: id) }
            if detected {
                // Detached from its place, a tombstone counts as no visit there (`place show`,
                // `--visited`); re-detection matches it by its times alone.
                try db.execute(sql: "UPDATE visits SET removed = 1, place_id = NULL WHERE id = ?", arguments: [id])
                return .tombstoned
            }
            try db.execute(sql: "DELETE FROM visits WHERE id = ?", arguments: [id])
            return .deleted
        }
    }
}
