import FootprintGeo
import Foundation
import GRDB

/// A GPX file opened for ``FootprintStore/importGPX(_:options:)``: opened before any database
/// is, so a missing file creates none. Standard input is read through an unlinked temporary copy.
public final class GPXImportFile {
    /// The file as messages name it: its path as given, or `<stdin>`.
    public let name: String
    private let input: ImportSource
    private var used = false

    /// Opens the file at `path`, named in messages as written.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)``.
    public init(path: String) throws {
        input = try ImportSource(path: path, name: path)
        name = path
        _ = try input.open()
    }

    /// What can be read from `descriptor` (standard input is 0), named `name` in messages.
    public init(descriptor: Int32, name: String = PlaceImportFile.standardInputName) throws {
        input = try ImportSource(descriptor: descriptor, name: name)
        self.name = name
    }

    /// The file's name without its folders: the default source.
    var defaultSource: String { (name as NSString).lastPathComponent }

    fileprivate func take() throws -> ByteSource {
        guard !used else {
            throw FootprintStoreError.invalidValue(
                name: "import file", value: name, reason: "it was already imported; open it again")
        }
        used = true
        return try input.open()
    }
}

extension FootprintStore {
    /// Imports a GPX 1.0 or 1.1 file in one transaction, streaming: each `trk` becomes a track
    /// (kind `track`, source id `trk:N`) with its points in `track_points` (`segment` = its
    /// `trkseg`, `epoch`, the zone's `utc_offset` at that instant, `local_date`, `ele`, `hdop`,
    /// and the noise filter's verdict), filed under each local day it touches in `track_days`; each
    /// `rte` an undated track (kind `route`, `rte:N`); each `wpt` a place (`wpt:N`, see
    /// ``WaypointWriter``). The source is ``GPXImportOptions/source``, else the file's name.
    ///
    /// Re-importing the same file writes nothing and counts everything unchanged. Untimed track
    /// points are undated unless ``GPXImportOptions/date`` is given. A point whose position is out of
    /// range or not a number is left out and listed; the rest imports, unless no point is left:
    /// a file of only such points is refused (``FootprintStoreError/invalidGPX(path:error:)``).
    /// Memory is constant in the file's size: a point at a time (and one held by the noise filter).
    ///
    /// - Throws: ``FootprintStoreError/invalidGPX(path:error:)`` when the document is malformed,
    ///   truncated, hostile (a DOCTYPE, an entity) or not GPX — nothing is imported then —, and
    ///   SQLite's errors as ``FootprintStoreError/database(path:message:)``.
    public func importGPX(_ file: GPXImportFile, options: GPXImportOptions) throws -> GPXImportSummary {
        guard writer != nil else { throw FootprintStoreError.readOnly(path: self.path) }
        let bytes = try file.take()
        var run = GPXImportRun(path: file.name, source: options.source ?? file.defaultSource, options: options)
        try bulkWrite { db in
            // A page cache of 64 MB for the one transaction: a million points fill ~75 MB of
            // pages and their line 16 MB more; beyond 64 MB SQLite writes the oldest dirty
            // pages to the WAL early (they are written there at the commit anyway, and an
            // append-only table rarely touches them again), so the import's memory stays
            // flat (the connection's own 128 MB let a million points peak at 214 MB).
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            try db.inTransaction(.immediate) {
                try run.run(db, bytes: bytes)
                return .commit
            }
        }
        if run.placesChanged { try updateSearchIndex() }
        return run.summary
    }
}

/// One GPX import: reads the document's events and hands them to the writers.
struct GPXImportRun {
    let path: String
    let options: GPXImportOptions
    var summary: GPXImportSummary
    private(set) var placesChanged = false

    init(path: String, source: String, options: GPXImportOptions) {
        self.path = path
        self.options = options
        summary = GPXImportSummary(source: source)
    }

    mutating func run(_ db: Database, bytes: ByteSource) throws {
        let events = GPXEventPipeline(bytes: bytes)
        events.start()
        defer { events.stop() }
        let tracks = try TrackWriter(db, path: path, source: summary.source)
        var waypoints: WaypointWriter?
        var waypointCount = 0
        var clock = LocalDayClock(zone: options.timeZone)
        var filter = TrackNoiseFilter<TrackPointRow>(maximumHDOP: options.maximumHDOP)
        var track: TrackWriter.Track?
        var segment = -1
        var days = Set<String>()
        // Points with a usable position: a file whose every point was skipped is refused whole.
        var usablePoints = 0
        var firstSkipped: GPXPointProblem?
        do {
            while let event = try events.next() {
                switch event {
                case .trackPoint, .routePoint, .waypoint: usablePoints += 1
                case .skippedPoint(let problem): if firstSkipped == nil { firstSkipped = problem }
                default: break
                }
                switch event {
                case .trackPoint(let point):
                    // `track` is mutated in place: a copy a point would retain its day set each time.
                    guard track != nil else { continue }
                    var row = TrackPointRow(
                        seq: track!.points, latitude: point.coordinate.latitude,
                        longitude: point.coordinate.longitude, elevation: point.elevation, segment: max(segment, 0),
                        hdop: point.hdop)
                    track!.points += 1
                    if let time = point.time {
                        let epoch = time.timeIntervalSince1970
                        let local = clock.local(epoch)
                        (row.epoch, row.utcOffset, row.localDate) = (epoch, local.offset, local.date)
                        track!.noteTime(epoch, offset: local.offset)
                    } else {
                        row.localDate = options.date
                    }
                    if let date = row.localDate { track!.noteDay(date) }
                    let sample = TrackSample(
                        latitude: row.latitude, longitude: row.longitude, epoch: row.epoch, hdop: row.hdop,
                        segment: row.segment)
                    try filter.add(sample, row) { row, noise in try write(row, noise, tracks, &track!) }
                case .routePoint(let point):
                    guard track != nil else { continue }
                    var row = TrackPointRow(
                        seq: track!.points, latitude: point.coordinate.latitude,
                        longitude: point.coordinate.longitude, elevation: point.elevation, segment: 0,
                        hdop: point.hdop)
                    if let time = point.time {
                        row.epoch = time.timeIntervalSince1970
                        row.utcOffset = clock.local(time.timeIntervalSince1970).offset
                    }
                    track!.points += 1
                    try tracks.write(row, noise: .kept, in: &track!)
                case .segmentStart:
                    segment += 1
                case .segmentEnd:
                    break
                case .trackStart(let header):
                    track = try tracks.begin(
                        sourceID: "trk:\(header.index)", kind: "track", name: header.name, line: header.line)
                    segment = -1
                case .routeStart(let header):
                    track = try tracks.begin(
                        sourceID: "rte:\(header.index)", kind: "route", name: header.name, line: header.line)
                case .trackEnd:
                    guard var current = track else { continue }
                    let stalled = try filter.finish { row, noise in try write(row, noise, tracks, &current) }
                    if stalled {
                        summary.stalledTracks.append(
                            .init(line: current.line, name: current.name, points: current.points))
                    }
                    days.formUnion(current.days)
                    try finish(db, current, tracks, counts: \.tracks)
                    track = nil
                case .routeEnd:
                    guard let current = track else { continue }
                    try finish(db, current, tracks, counts: \.routes)
                    track = nil
                case .waypoint(let point):
                    if waypoints == nil { waypoints = try WaypointWriter(db, path: path, source: summary.source) }
                    try waypoints?.write(
                        point, index: waypointCount, into: &summary, limit: options.reportedSkipLimit)
                    waypointCount += 1
                case .skippedPoint(let problem):
                    if problem.kind == .waypoint { waypointCount += 1 }
                    summary.skippedPoints += 1
                    if summary.skippedPointProblems.count < options.reportedSkipLimit {
                        summary.skippedPointProblems.append(problem)
                    }
                }
            }
            if usablePoints == 0, let firstSkipped {
                throw Self.everyPointSkipped(firstSkipped, count: summary.skippedPoints)
            }
        } catch let error as GPXError {
            throw FootprintStoreError.invalidGPX(path: path, error: error)
        }
        if let waypoints {
            try waypoints.finish(db, into: &summary)
            placesChanged = waypoints.inserted || waypoints.updated
        }
        summary.days = days.sorted()
    }

    /// The error for a file whose points were all skipped, at the first one: importing the
    /// empty tracks would only hide that nothing of it was usable.
    private static func everyPointSkipped(_ first: GPXPointProblem, count: Int) -> GPXError {
        var why = first.reason.description
        if why.hasSuffix(".") { why.removeLast() }
        let which =
            count == 1
            ? "the file's one point (a <\(first.kind.elementName)>) was skipped"
            : "every point of the file was skipped (\(count)), the first (a <\(first.kind.elementName)>)"
        return .invalidPoint(
            line: first.line, column: first.column,
            reason: "\(which) because " + why.prefix(1).lowercased() + why.dropFirst())
    }

    /// Writes a point the filter has judged, counting its verdict.
    private mutating func write(
        _ row: TrackPointRow, _ noise: TrackNoise, _ tracks: TrackWriter, _ track: inout TrackWriter.Track
    ) throws {
        if noise != .kept { summary.noise[noise, default: 0] += 1 }
        try tracks.write(row, noise: noise, in: &track)
    }

    private mutating func finish(
        _ db: Database, _ track: TrackWriter.Track, _ tracks: TrackWriter,
        counts: WritableKeyPath<GPXImportSummary, GPXImportSummary.Counts>
    ) throws {
        let changed = try tracks.finish(db, track)
        if track.isNew {
            summary[keyPath: counts].inserted += 1
        } else if changed {
            summary[keyPath: counts].updated += 1
        } else {
            summary[keyPath: counts].unchanged += 1
        }
        summary.points.inserted += track.counts.inserted
        summary.points.updated += track.counts.updated
        summary.points.unchanged += track.counts.unchanged
    }
}
