import FootprintGeo

/// What `nearby` asks: a centre and either a radius or a count, with filters the peers cannot
/// combine with a k-nearest search.
public struct NearbyQuery: Hashable, Sendable {
    /// Radius search or k-nearest.
    public enum Extent: Hashable, Sendable {
        /// Every place within this many metres (exact WGS84 geodesic).
        case radius(meters: Double)
        /// The `k` nearest places.
        case nearest(k: Int)
    }

    public var center: Coordinate
    public var extent: Extent
    public var filter: PlaceFilter
    /// At most this many results; `nil` for all.
    public var limit: Int?

    public init(center: Coordinate, extent: Extent, filter: PlaceFilter = PlaceFilter(), limit: Int? = 20) {
        self.center = center
        self.extent = extent
        self.filter = filter
        self.limit = limit
    }
}

/// Filters shared by nearby, search and recommendation.
public struct PlaceFilter: Hashable, Sendable {
    /// A category path prefix: `음식점` matches `음식점` and `음식점 > 카페`.
    public var category: String?
    /// The place has at least one of these tags.
    public var anyTags: [String]
    /// The place has every one of these tags.
    public var allTags: [String]
    /// `true`: visited at least once; `false`: never visited; `nil`: either.
    public var visited: Bool?
    /// Popularity floor.
    public var minimumLikes: Int?

    public init(
        category: String? = nil, anyTags: [String] = [], allTags: [String] = [], visited: Bool? = nil,
        minimumLikes: Int? = nil
    ) {
        self.category = category
        self.anyTags = anyTags
        self.allTags = allTags
        self.visited = visited
        self.minimumLikes = minimumLikes
    }

    /// True when no filter is set.
    public var isEmpty: Bool {
        category == nil && anyTags.isEmpty && allTags.isEmpty && visited == nil && minimumLikes == nil
    }
}

/// A place and its exact geodesic distance from the query's centre.
public struct PlaceDistance: Hashable, Sendable {
    public var place: Place
    /// Metres on the WGS84 ellipsoid (GeographicLib accuracy).
    public var distanceMeters: Double

    public init(place: Place, distanceMeters: Double) {
        self.place = place
        self.distanceMeters = distanceMeters
    }
}
