/// The byte order mark and UTF-16: the reader's byte source wrapped so that the tokenizer only
/// ever sees UTF-8 without a mark.
enum GPXEncoding {
    typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    /// A source that drops a UTF-8 mark and transcodes UTF-16 (told by its mark, or by a first
    /// `<` with a zero byte beside it) to UTF-8; UTF-8 passes through untouched.
    static func transcodingToUTF8(_ source: @escaping Source) -> Source {
        let transcoder = Transcoder(source: source)
        return { buffer in try transcoder.read(into: buffer) }
    }

    /// The state between reads: a reference, since the reader's source is a closure called again
    /// and again.
    final class Transcoder {
        enum Mode {
            case unknown, utf8
            case utf16(bigEndian: Bool)
        }

        let source: Source
        var mode = Mode.unknown
        /// Bytes already in the output encoding, not yet handed over.
        var pending: [UInt8] = []
        var pendingStart = 0
        /// An odd byte or a high surrogate waiting for the rest of its character.
        var partial: [UInt8] = []
        var exhausted = false

        init(source: @escaping Source) { self.source = source }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            if case .unknown = mode { try detect() }
            while pendingStart == pending.count {
                guard case .utf16(let bigEndian) = mode, !exhausted else {
                    if case .utf8 = mode { return try source(buffer) }
                    return 0
                }
                try transcodeChunk(bigEndian: bigEndian)
            }
            let count = min(buffer.count, pending.count - pendingStart)
            pending.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[pendingStart..<(pendingStart + count)]))
            }
            pendingStart += count
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
            }
            return count
        }

        private func detect() throws {
            var head: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4)
            while head.count < 4 {
                let read = try chunk.withUnsafeMutableBytes {
                    try source(UnsafeMutableRawBufferPointer(rebasing: $0[0..<(4 - head.count)]))
                }
                if read <= 0 { break }
                head.append(contentsOf: chunk[0..<read])
            }
            if head.starts(with: [0xEF, 0xBB, 0xBF]) {
                mode = .utf8
                pending = Array(head.dropFirst(3))
            } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0x3C, 0x00]) {
                mode = .utf16(bigEndian: false)
                partial = head.starts(with: [0xFF, 0xFE]) ? Array(head.dropFirst(2)) : head
            } else if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0x00, 0x3C]) {
                mode = .utf16(bigEndian: true)
                partial = head.starts(with: [0xFE, 0xFF]) ? Array(head.dropFirst(2)) : head
            } else {
                mode = .utf8
                pending = head
            }
        }

        private func transcodeChunk(bigEndian: Bool) throws {
            var raw = partial
            partial = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let read = try chunk.withUnsafeMutableBytes { try source($0) }
            if read <= 0 { exhausted = true } else { raw.append(contentsOf: chunk[0..<read]) }
            var units: [UInt16] = []
            units.reserveCapacity(raw.count / 2)
            var index = 0
            while index + 1 < raw.count {
                let first = UInt16(raw[index])
                let second = UInt16(raw[index + 1])
                units.append(bigEndian ? first << 8 | second : second << 8 | first)
                index += 2
            }
            partial = Array(raw[index...])
            // A high surrogate at the end waits for its low half in the next chunk.
            if !exhausted, let last = units.last, (0xD800...0xDBFF).contains(last) {
                units.removeLast()
                partial = Array(raw[(index - 2)...])
            }
            _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
                pending.append($0)
            }
        }
    }
}
