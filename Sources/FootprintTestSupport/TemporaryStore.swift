import FootprintGeo
import FootprintStore
import Foundation

/// A new Footprint database in a temporary directory, removed with the value.
public final class TemporaryStore: Sendable {
    public let directory: TemporaryDirectory
    public let store: FootprintStore

    /// Creates an empty database.
    public init() throws {
        directory = try TemporaryDirectory()
        store = try FootprintStore.open(at: directory.file("footprint.sqlite").path, mode: .create)
    }

    /// The database file's path.
    public var path: String { store.path }

    /// Adds places named `p0`, `p1`, … at the given coordinates and returns them with ids.
    @discardableResult
    public func addPlaces(_ coordinates: [Coordinate], category: String? = nil, tags: [String] = []) throws -> [Place] {
        try coordinates.enumerated().map { index, coordinate in
            try store.addPlace(Place(name: "p\(index)", coordinate: coordinate, category: category, tags: tags))
        }
    }
}
