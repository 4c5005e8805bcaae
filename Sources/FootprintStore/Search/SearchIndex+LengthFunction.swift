import GRDB
import GRDBSQLite

extension SearchIndex {
    /// The SQL function `footprint_field_length(text)` used by the statements that fill
    /// `search_field_lengths`, registered on every connection that writes: the number of letters,
    /// digits and syllables (or, with none, of punctuation marks) when `text` is made only of
    /// printable ASCII and Hangul syllables — then its search-normalized length, which skips
    /// spaces and punctuation — else 0.
    /// Only Footprint's own statements call it, never a trigger (ARCHITECTURE.md: other tools
    /// still write the file). Stepping through the bytes costs ~0.1 µs a field, where the same
    /// test in SQL (`GLOB '*[^ -~가-힣]*'`, `replace`, `length`) costs ~1.4 µs: 1.3 s at 1M places.
    static func registerFieldLengthFunction(_ db: Database) throws {
        let status = sqlite3_create_function_v2(
            db.sqliteConnection, fieldLengthFunctionName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            fieldLength, nil, nil, nil)
        guard status == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: status), message: db.lastErrorMessage)
        }
    }

    static let fieldLengthFunctionName = "footprint_field_length"
}

/// See ``SearchIndex/registerFieldLengthFunction(_:)``.
private func fieldLength(
    _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let value = values?[0], let text = sqlite3_value_text(value) else {
        sqlite3_result_int64(context, 0)
        return
    }
    let end = Int(sqlite3_value_bytes(value))
    var length: Int64 = 0
    var punctuation: Int64 = 0
    var index = 0
    while index < end {
        let byte = text[index]
        if byte < 0x80 {
            guard byte >= 0x20, byte < 0x7F else { return sqlite3_result_int64(context, 0) }
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: length += 1
            case 0x20: break
            default: punctuation += 1
            }
            index += 1
        } else {
            // Hangul syllables U+AC00–U+D7A3: three bytes, EA B0 80 – ED 9E A3.
            guard byte >= 0xEA, byte <= 0xED, index + 2 < end else { return sqlite3_result_int64(context, 0) }
            let scalar =
                (UInt32(byte & 0x0F) << 12) | (UInt32(text[index + 1] & 0x3F) << 6) | UInt32(text[index + 2] & 0x3F)
            guard text[index + 1] & 0xC0 == 0x80, text[index + 2] & 0xC0 == 0x80, scalar >= 0xAC00, scalar <= 0xD7A3
            else { return sqlite3_result_int64(context, 0) }
            length += 1
            index += 3
        }
    }
    // A text of punctuation only keeps it (HangulNormalization.searchNormalized).
    sqlite3_result_int64(context, length > 0 ? length : punctuation)
}
