#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a CP949 (Microsoft's Unified Hangul Code, a superset of EUC-KR) or UTF-16 byte stream
/// into UTF-8, chunk by chunk, with the C library's `iconv` (glibc's UHC and UNICODE gconv
/// modules on Linux).
///
/// A byte sequence that is not in the encoding becomes U+FFFD, as `String(decoding:as:)` does for
/// bad UTF-8, so one damaged row cannot stop an import; the row then fails its own checks or
/// keeps the replacement character.
final class IconvDecoder: ByteSource {
    /// The `iconv` name of CP949; glibc also knows it as `UHC`.
    static let iconvName = "CP949"

    private let source: ByteSource
    private let converter: iconv_t
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var sourceEnded = false

    var fileBytesRead: Int64 { source.fileBytesRead }

    /// Wraps `source`, in the encoding `iconv` calls `encoding` (``iconvName``, `UTF-16LE` …);
    /// `path` names the file in errors.
    init(source: ByteSource, path: String, encoding: String = IconvDecoder.iconvName) throws {
        guard let converter = Self.openConverter(encoding) else {
            throw FootprintStoreError.unreadableInput(
                path: path, reason: "This system's iconv cannot decode \(encoding) (install glibc's gconv modules)")
        }
        self.source = source
        self.converter = converter
        input = .allocate(byteCount: 1 << 16, alignment: 16)
    }

    deinit {
        iconv_close(converter)
        input.deallocate()
    }

    /// Fills `buffer` with UTF-8; `buffer` must hold at least 4 bytes (one character).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let outputBase = buffer.baseAddress else { return 0 }
        var produced = 0
        while buffer.count - produced >= 4 {
            if inputStart == inputEnd || needsMoreInput {
                if sourceEnded {
                    if inputStart < inputEnd {
                        // An incomplete sequence at the very end: one replacement character.
                        produced += Self.writeReplacement(to: outputBase + produced)
                        inputStart = inputEnd
                    }
                    break
                }
                try refillInput()
                needsMoreInput = false
                continue
            }
            var inPointer: UnsafeMutablePointer<CChar>? =
                (input.baseAddress! + inputStart).assumingMemoryBound(to: CChar.self)
            var inLeft = inputEnd - inputStart
            var outPointer: UnsafeMutablePointer<CChar>? =
                (outputBase + produced).assumingMemoryBound(to: CChar.self)
            var outLeft = buffer.count - produced
            let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            let code = errno
            inputStart = inputEnd - inLeft
            produced = buffer.count - outLeft
            if result != -1 { continue }
            switch code {
            case E2BIG:
                return produced
            case EINVAL:
                needsMoreInput = true
            default:  // EILSEQ: not CP949
                guard buffer.count - produced >= 3 else { return produced }
                produced += Self.writeReplacement(to: outputBase + produced)
                inputStart += 1
            }
        }
        return produced
    }

    private var needsMoreInput = false

    /// Moves the unconverted tail to the front and reads more from the source.
    private func refillInput() throws {
        let base = input.baseAddress!
        let remaining = inputEnd - inputStart
        if remaining > 0, inputStart > 0 { memmove(base, base + inputStart, remaining) }
        inputStart = 0
        inputEnd = remaining
        let count = try source.read(
            into: UnsafeMutableRawBufferPointer(start: base + inputEnd, count: input.count - inputEnd))
        if count == 0 { sourceEnded = true }
        inputEnd += count
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    private static func writeReplacement(to pointer: UnsafeMutableRawPointer) -> Int {
        pointer.storeBytes(of: 0xEF, as: UInt8.self)
        (pointer + 1).storeBytes(of: 0xBF, as: UInt8.self)
        (pointer + 2).storeBytes(of: 0xBD, as: UInt8.self)
        return 3
    }

    private static func openConverter(_ encoding: String = iconvName) -> iconv_t? {
        let converter = iconv_open("UTF-8", encoding)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        return converter
    }

    /// True when `sample` decodes as CP949 without an invalid sequence (an incomplete one at the
    /// end is allowed: the sample may cut a character in two).
    static func decodesCleanly(_ sample: UnsafeRawBufferPointer) -> Bool {
        guard let converter = openConverter(), let base = sample.baseAddress else { return false }
        defer { iconv_close(converter) }
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { output.deallocate() }
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
            mutating: base.assumingMemoryBound(to: CChar.self))
        var inLeft = sample.count
        while inLeft > 0 {
            var outPointer: UnsafeMutablePointer<CChar>? = output.baseAddress!.assumingMemoryBound(to: CChar.self)
            var outLeft = output.count
            if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 { continue }
            switch errno {
            case E2BIG: continue
            case EINVAL: return true
            default: return false
            }
        }
        return true
    }
}
