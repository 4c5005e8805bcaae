import FootprintGeo
import Foundation

/// What a day export (`day export`) writes, after privacy masking and simplification: the
/// route parts, visits and photos of each day of a date range, and each day's log.
///
/// Built from the stored days (``FootprintStore/routeDays(from:through:)``) by
/// ``init(days:first:last:options:)``, which never changes them; written as GeoJSON
/// (``geoJSON(decimals:)``), GPX 1.1 (``gpx()``) or encoded polylines (``polylines(precision:)``).
/// The same store and options give the same bytes in every format.
public struct DayExport: Hashable, Sendable {
    /// How a day export is made.
    public struct Options: Hashable, Sendable {
        /// Decimal places every position is rounded to (half away from zero, as the GeoJSON and
        /// polyline encoders round), so that the positions written are the ones checked against
        /// the zones; the route is cut on its stored positions whatever this is. `nil` keeps the
        /// stored values.
        public var decimals: Int?
        /// Douglas–Peucker tolerance in metres applied to each route part after masking; `nil`
        /// for none.
        public var simplifyMeters: Double?
        /// The zones to mask; `nil` (`--no-privacy`) masks nothing.
        public var mask: PrivacyMask?
        /// Whether route points carry their times and elevations (GPX writes them; GeoJSON and
        /// polylines do not, and reading a long day is faster without them).
        public var pointDetails: Bool

        /// Creates options.
        public init(
            decimals: Int? = nil, simplifyMeters: Double? = nil, mask: PrivacyMask? = nil, pointDetails: Bool = true
        ) {
            self.decimals = decimals
            self.simplifyMeters = simplifyMeters
            self.mask = mask
            self.pointDetails = pointDetails
        }
    }

    /// One day as exported.
    public struct ExportedDay: Hashable, Sendable {
        public var date: String
        /// Where the route comes from; `nil` when the day has none.
        public var routeSource: DayRoute.Source?
        /// The route's parts: each GPX segment, cut again wherever privacy masking dropped points;
        /// every part has two points or more (a lone point draws no line).
        public var parts: [[RoutePoint]]
        /// The visits outside every zone, in arrival order.
        public var visits: [RouteVisit]
        /// The photos outside every zone, in time order.
        public var photos: [Photo]
        /// The day's score, weather, sleep, mood and note.
        public var log: Day?
        /// The day's diary entries.
        public var entries: [RouteLogEntry]
    }

    /// The first and last dates asked for (the same for one day).
    public var first: String
    public var last: String
    /// The days that hold anything, in date order.
    public var days: [ExportedDay]
    /// True when nothing at all was stored for the dates (before masking): the export is empty.
    public var isEmpty: Bool

    /// Masks, simplifies and keeps the stored days.
    ///
    /// Order of work: the route is masked on its stored positions (a route point in or near a
    /// zone is dropped and its part cut there, see ``PrivacyMask``), so every format and
    /// precision cuts at the same points — rounding first gave each precision its own cut, since
    /// the cut's distance is drawn from the rounded crossing. Then every position is rounded to
    /// ``Options/decimals``; a kept point that rounding moved into a zone (one that passed within
    /// a rounding step of its edge without entering) is dropped too, and its part cut there, so no
    /// position written lies in a zone, whatever the precision. Visits and photos in a zone are
    /// dropped (judged on the rounded position). Last, each route part is simplified.
    ///
    /// - Throws: ``FootprintGeoError`` for a negative or NaN tolerance.
    public init(days: [RouteDay], first: String, last: String, options: Options) throws {
        self.first = first
        self.last = last
        isEmpty = days.allSatisfy(\.isEmpty)
        let rounding = options.decimals.map { Self.rounding(decimals: $0) }
        let round = rounding ?? { $0 }
        var exported: [ExportedDay] = []
        for day in days where !day.isEmpty {
            var parts = Self.maskedParts(day.route, mask: options.mask, round: rounding)
            if let tolerance = options.simplifyMeters {
                parts = try parts.map { part in try Self.simplified(part, tolerance: tolerance) }
            }
            parts.removeAll { $0.count < 2 }
            let visits = day.visits.compactMap { visit -> RouteVisit? in
                var visit = visit
                visit.coordinate = round(visit.coordinate)
                return options.mask?.isMasked(visit.coordinate) == true ? nil : visit
            }
            let photos = day.photos.compactMap { photo -> Photo? in
                guard let coordinate = photo.coordinate.map(round) else { return nil }
                if options.mask?.isMasked(coordinate) == true { return nil }
                var photo = photo
                photo.coordinate = coordinate
                return photo
            }
            exported.append(
                ExportedDay(
                    date: day.date, routeSource: parts.isEmpty ? nil : day.route.source, parts: parts, visits: visits,
                    photos: photos, log: day.log, entries: day.entries))
        }
        self.days = exported
    }

    /// The route's parts masked on their stored positions, then rounded by `round`, a rounded
    /// point that lies in a zone dropped and its part cut there; a long day is copied once.
    static func maskedParts(_ route: DayRoute, mask: PrivacyMask?, round: ((Coordinate) -> Coordinate)?)
        -> [[RoutePoint]]
    {
        let stored = route.parts.map { part in part.points.map(\.coordinate) }
        let runs =
            mask?.keptRuns(in: stored)
            ?? stored.indices.map { PrivacyMask.KeptRun(part: $0, range: stored[$0].indices) }
        var parts: [[RoutePoint]] = []
        for run in runs {
            let source = route.parts[run.part].points
            guard let round else {
                parts.append(Array(source[run.range]))
                continue
            }
            var points: [RoutePoint] = []
            points.reserveCapacity(run.range.count)
            for index in run.range {
                var point = source[index]
                point.coordinate = round(point.coordinate)
                if let mask, mask.isMasked(point.coordinate) {
                    if !points.isEmpty { parts.append(points) }
                    points = []
                    continue
                }
                points.append(point)
            }
            if !points.isEmpty { parts.append(points) }
        }
        return parts
    }

    /// The coordinate rounded half away from zero to `decimals` places (clamped to 0…17).
    static func rounding(decimals: Int) -> (Coordinate) -> Coordinate {
        let scale = pow(10, Double(min(max(decimals, 0), 17)))
        return { coordinate in
            Coordinate(
                uncheckedLatitude: (coordinate.latitude * scale).rounded() / scale,
                longitude: (coordinate.longitude * scale).rounded() / scale)
        }
    }

    /// The part simplified by Douglas–Peucker in metres (``LineString/simplified(tolerance:)``),
    /// its kept points carrying their times and elevations.
    static func simplified(_ part: [RoutePoint], tolerance: Double) throws -> [RoutePoint] {
        let kept = try LineString(unchecked: part.map { $0.coordinate }).simplified(tolerance: tolerance).coordinates
        guard kept.count < part.count else { return part }
        // The kept positions are a subsequence of the part's: walk both in step.
        var result: [RoutePoint] = []
        result.reserveCapacity(kept.count)
        var index = 0
        for coordinate in kept {
            while index < part.count, part[index].coordinate != coordinate { index += 1 }
            guard index < part.count else { break }
            result.append(part[index])
            index += 1
        }
        return result
    }
}

extension FootprintStore {
    /// The export of the days from `first` through `last`: ``routeDays(from:through:)`` masked by
    /// `options`. Reads only.
    public func dayExport(from first: String, through last: String, options: DayExport.Options) throws -> DayExport {
        try DayExport(
            days: routeDays(from: first, through: last, pointDetails: options.pointDetails), first: first, last: last,
            options: options)
    }
}
