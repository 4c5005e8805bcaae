import FootprintGeo
import Foundation
import GRDB

/// Where a new photo's position came from.
public enum PhotoPositionSource: String, Hashable, Sendable {
    /// Given with the photo (`--at`).
    case given
    /// The JPEG's EXIF GPS block.
    case exif
    /// The day's track at the photo's time.
    case track
    /// Nowhere: the photo has no position.
    case none
}

/// A photo just added, with how its position was found.
public struct AddedPhoto: Hashable, Sendable {
    public var photo: Photo
    public var positionSource: PhotoPositionSource
    /// Why the file's EXIF block was not used, when it was malformed (the track was asked instead).
    public var exifProblem: String?
}

extension FootprintStore {
    /// The farthest in time the track's nearest point may be for a photo to take its position.
    public static let photoTrackWindowSeconds = 600.0

    /// Adds the photo at `path`, taken at `takenAt`.
    ///
    /// Its position is `coordinate` when given; else the GPS position in the file's EXIF block
    /// (JPEG); else the track's position at `takenAt` (``trackCoordinate(at:)``); else none.
    ///
    /// - Throws: ``FootprintStoreError/photoFileMissing(path:)`` when no file is at `path`;
    ///   ``FootprintStoreError/placeNotFound(id:)``. Nothing is written then.
    public func addPhoto(
        file path: String, takenAt: LocalTime, coordinate: Coordinate? = nil, placeID: Int64? = nil
    ) throws -> AddedPhoto {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.wholeContents(atPath: path)
        else { throw FootprintStoreError.photoFileMissing(path: path) }
        var source = PhotoPositionSource.given
        var position = coordinate
        var problem: String?
        if position == nil, data.starts(with: [0xFF, 0xD8]) {
            do {
                position = try EXIFReader.gpsCoordinate(inJPEG: [UInt8](data))
                source = .exif
            } catch {
                problem = error.reason
            }
        }
        if position == nil {
            position = try trackCoordinate(at: takenAt.date.timeIntervalSince1970)
            source = position == nil ? .none : .track
        }
        let photo = try addPhoto(Photo(path: path, takenAt: takenAt, coordinate: position, placeID: placeID))
        return AddedPhoto(photo: photo, positionSource: source, exifProblem: problem)
    }

    /// Where the track was at `epoch` (UTC seconds): linear between the kept points just before and
    /// after it when both are of one segment, else the nearer one; `nil` when the nearest kept point
    /// is more than ``photoTrackWindowSeconds`` away in time.
    public func trackCoordinate(at epoch: Double) throws -> Coordinate? {
        try read { db in try Self.trackCoordinate(at: epoch, in: db) }
    }

    static func trackCoordinate(at epoch: Double, in db: Database) throws -> Coordinate? {
        // The tracks of the UTC day around it, ±1 day for any offset: track_days lists local dates.
        let day = Timestamp.string(from: Date(timeIntervalSince1970: epoch)).prefix(10)
        let tracks = """
            track_id IN (SELECT track_id FROM track_days
                WHERE local_date BETWEEN date(?1, '-1 day') AND date(?1, '+1 day'))
                AND noise = 0 AND epoch IS NOT NULL
            """
        func neighbour(_ comparison: String, _ order: String) throws -> (Int64, Int, Coordinate, Double)? {
            try Row.fetchOne(
                db,
                sql: """
                    SELECT track_id, segment, latitude, longitude, epoch FROM track_points
                    WHERE \(tracks) AND epoch \(comparison) ?2 ORDER BY epoch \(order) LIMIT 1
                    """, arguments: [String(day), epoch]
            ).map { ($0[0], $0[1], Coordinate(uncheckedLatitude: $0[2], longitude: $0[3]), $0[4]) }
        }
        let before = try neighbour("<=", "DESC")
        let after = try neighbour(">=", "ASC")
        let window = photoTrackWindowSeconds
        switch (before, after) {
        case (nil, nil):
            return nil
        case (let point?, nil), (nil, let point?):
            return abs(point.3 - epoch) <= window ? point.2 : nil
        case (let a?, let b?):
            guard min(epoch - a.3, b.3 - epoch) <= window else { return nil }
            guard a.0 == b.0, a.1 == b.1, b.3 > a.3 else { return epoch - a.3 <= b.3 - epoch ? a.2 : b.2 }
            let fraction = (epoch - a.3) / (b.3 - a.3)
            var deltaLongitude = b.2.longitude - a.2.longitude
            // The short way across the antimeridian.
            if deltaLongitude > 180 { deltaLongitude -= 360 } else if deltaLongitude < -180 { deltaLongitude += 360 }
            var longitude = a.2.longitude + fraction * deltaLongitude
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            return Coordinate(
                uncheckedLatitude: a.2.latitude + fraction * (b.2.latitude - a.2.latitude), longitude: longitude)
        }
    }
}
