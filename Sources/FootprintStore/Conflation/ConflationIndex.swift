import FootprintGeo
import Foundation
import GRDB

/// The stored places an import run may match its rows against, in memory: for each place of
/// another source (or added by hand) its position and a 64-bit hash, the length and the first
/// eight bytes of its ``ConflationName/key(_:)``, in a grid of cells as wide as the matching
/// radius. Built by one scan of `places` when the run is large (``ConflationRun``): a row then
/// finds its candidates without a query, and only a place whose key may begin another's (a
/// brand and its branch) is read again for its name.
///
/// Without it, each row reads the places of its 100 m box through the R*Tree, each a random page
/// of `places` (~17 a row among the peer benchmark's million places in Seoul): ~100 µs a row.
/// The scan reads the table in order once, ~1 µs a place.
///
/// Places of the run's own source are left out (rows of one source are distinct places), and so
/// are places without a position. Places written after the scan by the run are its own
/// source's; a place another process adds meanwhile is not matched by this run.
final class ConflationIndex {
    /// An indexed place.
    struct Entry {
        var id: Int64
        var latitude: Double
        var longitude: Double
        var key: Key
    }

    /// A name's key as the index compares it: a 64-bit hash, the length and the first eight
    /// bytes of its UTF-8.
    struct Key: Equatable {
        var hash: UInt64
        var head: UInt64
        var length: Int

        /// Whether one key may begin with the other and be longer (their first bytes agree).
        func mayBeginOrExtend(_ other: Key) -> Bool {
            guard length != other.length else { return false }
            let shared = min(8, min(length, other.length))
            guard shared > 0 else { return false }
            let mask: UInt64 = shared == 8 ? .max : ~(UInt64.max >> UInt64(8 * shared))
            return head & mask == other.head & mask
        }
    }

    let radiusMeters: Double
    private let entries: [Entry]
    private let grid: PositionGrid

    /// Scans `places` for the places of other sources than `source`.
    init(_ db: Database, path: String, source: String, radiusMeters: Double) throws {
        self.radiusMeters = radiusMeters
        let scan = try RawStatement(
            db, path: path,
            sql: """
                SELECT id, name, latitude, longitude FROM places
                WHERE source IS NOT ?1 AND latitude IS NOT NULL AND longitude IS NOT NULL
                """)
        scan.bind(1, source)
        var entries: [Entry] = []
        entries.reserveCapacity(try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM places") ?? 0)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        while try scan.step() {
            let latitude = scan.double(2)
            let longitude = scan.double(3)
            guard latitude.isFinite, longitude.isFinite else { continue }
            entries.append(
                Entry(
                    id: scan.int64(0), latitude: latitude, longitude: longitude,
                    key: Self.key(ofUTF8: scan.blob(1), buffer: &buffer)))
        }
        // Cells as tall as the matcher's box is half high: its box spans at most three rows.
        grid = PositionGrid(
            latitudes: entries.map(\.latitude), longitudes: entries.map(\.longitude),
            cellDegrees: radiusMeters / 110_000)
        // In the grid's order: a cell's places are read in sequence, not from all over memory.
        self.entries = grid.order.map { entries[Int($0)] }
    }

    /// Calls `body` with each indexed place in the box of `latitudeSpan` × `longitudeSpan`
    /// degrees each side of the point, the box ``PlaceMatcher`` queries the R*Tree with.
    func forEachCandidate(
        latitude: Double, longitude: Double, latitudeSpan: Double, longitudeSpan: Double,
        _ body: (Entry) throws -> Void
    ) rethrows {
        try grid.forEachSlot(
            south: latitude - latitudeSpan, north: latitude + latitudeSpan, west: longitude - longitudeSpan,
            east: longitude + longitudeSpan
        ) { slot, _ in try body(entries[slot]) }
    }

    /// ``PlaceMatcher/match(name:latitude:longitude:source:excluded:)`` on the index: the same
    /// candidates (the places of other sources than `source` in the same box), the same rules,
    /// the same winner. A candidate's name is read (`nameOf`) only when its key may be the
    /// name's brand or branch; whether it holds a pair of `source` is asked of `matcher`.
    func match(
        name: String, latitude: Double, longitude: Double, source: String, matcher: PlaceMatcher,
        nameOf: (Int64) throws -> String?
    ) throws -> Int64? {
        let key = Self.key(of: name)
        guard key.length > 0 else { return nil }
        let (latitudeSpan, longitudeSpan) = PlaceMatcher.spans(radiusMeters: radiusMeters, latitude: latitude)
        let here = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        var best: (distance: Double, id: Int64)?
        try forEachCandidate(
            latitude: latitude, longitude: longitude, latitudeSpan: latitudeSpan, longitudeSpan: longitudeSpan
        ) { entry in
            // Only a place of the same key, or of a key that may be its brand or branch, can win:
            // the others are left before any distance is solved.
            let sameKey = entry.key == key
            guard sameKey || key.mayBeginOrExtend(entry.key) else { return }
            let there = Coordinate(uncheckedLatitude: entry.latitude, longitude: entry.longitude)
            if Geodesic.distanceBounds(from: here, to: there).lowerBound > radiusMeters { return }
            let distance = Geodesic.distance(from: here, to: there)
            guard distance <= radiusMeters else { return }
            if let best, (best.distance, best.id) < (distance, entry.id) { return }
            var same = sameKey
            if !same, distance <= PlaceMatcher.branchRadiusMeters,
                let other = try nameOf(entry.id)
            {
                same = PlaceMatcher.isBranchPair(
                    name, key: ConflationName.key(name), other, otherKey: ConflationName.key(other), distance: distance)
            }
            guard same else { return }
            if try matcher.hasMergedPair(entry.id, source: source) { return }
            best = (distance, entry.id)
        }
        return best?.id
    }

    /// The key of `name` (see ``ConflationName/key(_:)``).
    static func key(of name: String) -> Key {
        var buffer: [UInt8] = []
        var name = name
        return name.withUTF8 { key(ofUTF8: UnsafeRawBufferPointer($0), buffer: &buffer) }
    }

    /// The key of the UTF-8 name `bytes`, built in `buffer`: ASCII letters and digits (lower
    /// case) and precomposed Hangul syllables are the key's bytes, ASCII punctuation, spaces and
    /// middle dots are left out; any other name goes through ``ConflationName/key(_:)``.
    static func key(ofUTF8 bytes: UnsafeRawBufferPointer, buffer: inout [UInt8]) -> Key {
        buffer.removeAll(keepingCapacity: true)
        var index = 0
        let count = bytes.count
        var simple = true
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case 0x30...0x39, 0x61...0x7A: buffer.append(byte)
                case 0x41...0x5A: buffer.append(byte + 0x20)
                default: break
                }
                index += 1
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0xB7 {
                index += 2  // ·
            } else if byte & 0xF0 == 0xE0, index + 2 < count, bytes[index + 1] & 0xC0 == 0x80,
                bytes[index + 2] & 0xC0 == 0x80
            {
                let value =
                    UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                if (0xAC00...0xD7A3).contains(value) {
                    buffer.append(byte)
                    buffer.append(bytes[index + 1])
                    buffer.append(bytes[index + 2])
                } else if value != 0x2027 && value != 0x30FB {
                    simple = false
                    break
                }
                index += 3
            } else {
                simple = false
                break
            }
        }
        if !simple {
            buffer = Array(ConflationName.key(String(decoding: bytes, as: UTF8.self)).utf8)
        }
        // FNV-1a, 64 bits.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var head: UInt64 = 0
        for (offset, byte) in buffer.enumerated() {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            if offset < 8 { head |= UInt64(byte) << UInt64(56 - 8 * offset) }
        }
        return Key(hash: hash, head: head, length: buffer.count)
    }
}
