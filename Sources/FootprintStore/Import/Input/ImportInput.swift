import FootprintGeo

/// An import file opened for reading: decoded to UTF-8, its byte-order mark dropped.
///
/// Format-neutral: any reader of an import file (places, visits) opens it here and reads UTF-8.
struct ImportInput {
    /// The decoded stream.
    let window: ByteWindow
    /// The encoding the file was read in (given, or detected on its first 64 KiB).
    let encoding: ImportEncoding
    /// The file's size, for progress (`nil` when unknown).
    let size: Int64?

    /// How many bytes encoding detection looks at.
    static let sampleSize = 64 * 1024

    /// Opens `path`, detecting the encoding when `encoding` is `nil`: the byte-order mark's
    /// (UTF-8, UTF-16 LE or BE), else UTF-16 when the sample's NUL bytes say so
    /// (``utf16ByteOrder(_:)``), else UTF-8 when the sample is valid UTF-8, else CP949 when it
    /// decodes as CP949, else UTF-8, so that each bad row is reported on its own.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` when the file cannot be
    ///   opened or read, or is empty; ``FootprintStoreError/invalidInput(path:line:reason:)``
    ///   when it is read as UTF-8 and its first line is not UTF-8 (a header that cannot be read,
    ///   which would otherwise surface as a missing column).
    static func open(path: String, encoding: ImportEncoding?) throws -> ImportInput {
        try open(ImportSource(path: path), encoding: encoding)
    }

    /// Opens `source` from its first byte; see ``open(path:encoding:)``.
    static func open(_ source: ImportSource, encoding: ImportEncoding?) throws -> ImportInput {
        let path = source.name
        let file = try source.open()
        let sample = ByteWindow(source: file, capacity: sampleSize + 4096)
        try sample.fill(atLeast: sampleSize)
        let head = sample.bytes
        if head.isEmpty {
            throw FootprintStoreError.unreadableInput(path: path, reason: "\(ImportSource.noun(for: path)) is empty")
        }
        let mark = byteOrderMark(head)
        let chosen: ImportEncoding
        switch (encoding, mark) {
        case (.utf16LE?, .utf16BE?), (.utf16BE?, .utf16LE?): chosen = mark!  // the mark knows its order
        case (let given?, _): chosen = given
        case (nil, let mark?): chosen = mark
        case (nil, nil):
            if let order = utf16ByteOrder(head) {
                chosen = order
            } else if isUTF8(head, truncated: !sample.atEnd) {
                chosen = .utf8
            } else if IconvDecoder.decodesCleanly(UnsafeRawBufferPointer(head)) {
                chosen = .cp949
            } else {
                chosen = .utf8
            }
        }
        if chosen == .utf16LE || chosen == .utf16BE, mark == nil, !head.contains(0),
            isUTF8(head, truncated: !sample.atEnd)
        {
            // UTF-16 text with a single ASCII character (a delimiter, a line break) has a NUL byte.
            throw FootprintStoreError.invalidInput(
                path: path, line: nil,
                reason: "\(ImportSource.noun(for: path)) is not UTF-16 (it has no NUL byte) but is valid UTF-8: "
                    + "give --encoding utf-8, or leave --encoding out")
        }
        let window: ByteWindow
        switch chosen {
        case .utf8:
            if let invalid = InvalidUTF8.first(in: head, allowingCutEnd: !sample.atEnd), invalid.linesBefore == 0 {
                throw FootprintStoreError.invalidInput(path: path, line: 1, reason: invalid.reason)
            }
            // Keep reading through the sample's window: the bytes already read stay in it.
            window = sample
            if mark == .utf8 { window.start += 3 }
        case .cp949, .utf16LE, .utf16BE:
            // The sample went through the raw file; decode from the start through iconv.
            let decoder = try IconvDecoder(source: try source.open(), path: path, encoding: chosen.iconvName)
            window = ByteWindow(source: decoder)
            // A UTF-16 byte-order mark decodes to U+FEFF, which UTF-8 writes EF BB BF.
            try window.fill(atLeast: 3)
            let start = window.bytes
            if start.count >= 3, start[0] == 0xEF, start[1] == 0xBB, start[2] == 0xBF { window.start += 3 }
        }
        return ImportInput(window: window, encoding: chosen, size: source.size)
    }

    /// The encoding a byte-order mark at the start of `bytes` names, if there is one.
    static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportEncoding? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return .utf8 }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return .utf16LE }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return .utf16BE }
        return nil
    }

    /// UTF-16 without a byte-order mark, told by its NUL bytes: text with ASCII in it (a CSV's
    /// delimiters and line breaks, JSON's punctuation) has a NUL in every other byte — the odd
    /// ones for little-endian, the even ones for big-endian — where UTF-8 and CP949 text has
    /// none. Looks at the first 512 bytes; Hangul-only text without a mark cannot be told.
    static func utf16ByteOrder(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportEncoding? {
        let pairs = min(bytes.count, 512) / 2
        guard pairs >= 2 else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for pair in 0..<pairs {
            if bytes[2 * pair] == 0 { evenZeros += 1 }
            if bytes[2 * pair + 1] == 0 { oddZeros += 1 }
        }
        // A third of the characters ASCII is plenty for a file of names and numbers; the other
        // half-byte must be nearly free of NULs (a NUL there is U+xx00, rare in text).
        if oddZeros * 3 >= pairs, evenZeros * 20 < pairs { return .utf16LE }
        if evenZeros * 3 >= pairs, oddZeros * 20 < pairs { return .utf16BE }
        return nil
    }

    /// True when `bytes` is well-formed UTF-8; with `truncated`, a sequence cut off by the end of
    /// the sample is allowed.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>, truncated: Bool) -> Bool {
        UTF8Validation.isValid(bytes, allowingCutEnd: truncated)
    }
}

extension ImportEncoding {
    /// The name `iconv` knows the encoding by.
    var iconvName: String {
        switch self {
        case .utf8: return "UTF-8"
        case .cp949: return IconvDecoder.iconvName
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        }
    }
}
