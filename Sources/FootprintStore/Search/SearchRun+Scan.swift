import Foundation
import GRDB
import GRDBSQLite

extension SearchRun {
    /// The places whose fields contain one of `texts` (see
    /// ``SearchPlan/Stage/Source/scan(texts:tagsOnly:)``), ascending: the name with its spaces
    /// left out, or the category, tags, addresses or note as stored; with `tagsOnly`, the tags.
    ///
    /// A query of punctuation or emoji only (`!!!???...`, `😀😀😀`) has no index term, so every
    /// place is read: one pass of ``containsFunctionName`` over the six columns (~0.2 µs a place;
    /// `instr` on `replace(name, ' ', '')` and five more columns cost ~0.8 µs, 0.8 s at a million
    /// places), through the page cache rather than the read connection's memory map, which would
    /// keep every page of the table resident (335 MB at a million places; a few MB this way).
    func scannedIDs(_ texts: [String], tagsOnly: Bool) throws -> [Int64] {
        let condition: String
        if tagsOnly {
            condition = "instr(p.tags, ?1) > 0"
        } else {
            try Self.registerContainsFunction(db)
            condition =
                "\(Self.containsFunctionName)(?1, p.name, p.category, p.tags, p.address, p.road_address, p.note)"
        }
        let mapSize = try Int.fetchOne(db, sql: "PRAGMA mmap_size") ?? 0
        if mapSize != 0 { try db.execute(sql: "PRAGMA mmap_size = 0") }
        defer { if mapSize != 0 { try? db.execute(sql: "PRAGMA mmap_size = \(mapSize)") } }
        var ids = Set<Int64>()
        // With a limit, every place whose name holds the text, and the first
        // ``maximumScanOtherFieldMatches`` others.
        let bound = query.limit == nil || tagsOnly ? Int.max : Self.maximumScanOtherFieldMatches
        let inName = tagsOnly ? "0" : "\(Self.containsFunctionName)(?1, p.name)"
        for text in texts {
            var others = 0
            let rows = try Row.fetchCursor(
                db, sql: "SELECT p.id, \(inName) FROM places p WHERE \(condition)", arguments: [text])
            while let row = try rows.next() {
                let id: Int64 = row[0]
                if row[1] as Int64 == 0 {
                    guard others < bound else { continue }
                    others += 1
                }
                ids.insert(id)
            }
        }
        return ids.sorted()
    }

    /// With a limit, a scan keeps at most this many places that match in a field other than the
    /// name (every name match is kept: those rank above): `-` is in most addresses, and judging
    /// every place (1M) cost 2 s of CPU and 570 MB; a match in another field is the first by id
    /// among those read.
    static let maximumScanOtherFieldMatches = 4096

    /// `footprint_scan_contains(text, name, field…)`: 1 when `name` with its spaces (U+0020) left
    /// out, or one of the fields, contains `text` (UTF-8 bytes compared; `text` has no space),
    /// else 0. NULL fields are skipped.
    static let containsFunctionName = "footprint_scan_contains"

    /// Registers ``containsFunctionName`` on the search's connection (again: a no-op change).
    static func registerContainsFunction(_ db: Database) throws {
        let status = sqlite3_create_function_v2(
            db.sqliteConnection, containsFunctionName, -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            scanContains, nil, nil, nil)
        guard status == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
        }
    }
}

/// See ``SearchRun/containsFunctionName``.
private func scanContains(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let values, count >= 2, let needleValue = values[0], let needle = sqlite3_value_text(needleValue) else {
        return sqlite3_result_int64(context, 0)
    }
    let needleCount = Int(sqlite3_value_bytes(needleValue))
    guard needleCount > 0 else { return sqlite3_result_int64(context, 1) }
    for index in 1..<Int(count) {
        guard let value = values[index], sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value)
        else { continue }
        let textCount = Int(sqlite3_value_bytes(value))
        if contains(needle, needleCount, in: text, textCount, skippingSpaces: index == 1) {
            return sqlite3_result_int64(context, 1)
        }
    }
    sqlite3_result_int64(context, 0)
}

/// Whether `text` holds `needle`'s bytes in a row, with spaces in `text` skipped when asked:
/// `memchr` finds each occurrence of the first byte (most fields have none), then the rest is
/// compared.
@inline(__always)
private func contains(
    _ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>, _ textCount: Int,
    skippingSpaces: Bool
) -> Bool {
    let first = Int32(needle[0])
    var start = 0
    while start < textCount {
        guard let found = memchr(text + start, first, textCount - start) else { return false }
        start = UnsafeRawPointer(text).distance(to: UnsafeRawPointer(found))
        var matched = 1
        var position = start + 1
        while matched < needleCount && position < textCount {
            let byte = text[position]
            position += 1
            if skippingSpaces && byte == 0x20 { continue }
            guard byte == needle[matched] else { break }
            matched += 1
        }
        if matched == needleCount { return true }
        start += 1
    }
    return false
}
