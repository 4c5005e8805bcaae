import FootprintGeo

/// An import file opened for reading: decoded to UTF-8, its byte-order mark dropped.
struct ImportInput {
    /// The decoded stream.
    let window: ByteWindow
    /// The encoding the file was read in (given, or detected on its first 64 KiB).
    let encoding: ImportEncoding
    /// The file's size, for progress (`nil` when unknown).
    let size: Int64?

    /// How many bytes encoding detection looks at.
    static let sampleSize = 64 * 1024

    /// Opens `path`, detecting the encoding when `encoding` is `nil`: UTF-8 when the sample is
    /// valid UTF-8 (or starts with its byte-order mark), else CP949 when it decodes as CP949,
    /// else UTF-8, so that each bad row is reported on its own.
    ///
    /// - Throws: ``FootprintStoreError/unreadableInput(path:reason:)`` when the file cannot be
    ///   opened or read, or is empty.
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
        let hasBOM = head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF
        let chosen: ImportEncoding
        if let encoding {
            chosen = encoding
        } else if hasBOM || isUTF8(head, truncated: !sample.atEnd) {
            chosen = .utf8
        } else if CP949Decoder.decodesCleanly(UnsafeRawBufferPointer(head)) {
            chosen = .cp949
        } else {
            chosen = .utf8
        }
        let window: ByteWindow
        switch chosen {
        case .utf8:
            // Keep reading through the sample's window: the bytes already read stay in it.
            window = sample
            if hasBOM { window.start += 3 }
        case .cp949:
            // The sample went through the raw file; decode from the start through iconv.
            let decoder = try CP949Decoder(source: try source.open(), path: path)
            window = ByteWindow(source: decoder)
        }
        return ImportInput(window: window, encoding: chosen, size: source.size)
    }

    /// True when `bytes` is well-formed UTF-8; with `truncated`, a sequence cut off by the end of
    /// the sample is allowed.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>, truncated: Bool) -> Bool {
        UTF8Validation.isValid(bytes, allowingCutEnd: truncated)
    }
}
