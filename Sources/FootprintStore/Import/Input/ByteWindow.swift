#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sliding window over a ``ByteSource``: the unconsumed bytes `start..<end` of one buffer.
///
/// Readers parse in place and call ``refill()`` when a record runs past `end`; the buffer only
/// grows when a single record is longer than it, so memory stays constant in the file size.
final class ByteWindow {
    /// The buffer; valid bytes are `start..<end`.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The first unconsumed byte.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    /// True once the source has returned its last byte.
    private(set) var atEnd = false
    /// Bytes dropped from the front of the buffer so far: `discarded + start` is the offset of
    /// `start` in the (decoded) stream.
    private(set) var discarded: Int64 = 0
    private let source: ByteSource

    /// Bytes of the underlying file read so far.
    var fileBytesRead: Int64 { source.fileBytesRead }

    /// How far into the file the window's start is: exact for UTF-8, proportional to the decoded
    /// bytes for a transcoded file. For progress and for estimating the rows left.
    var fileBytesConsumed: Int64 {
        let produced = discarded + Int64(end)
        let consumed = discarded + Int64(start)
        let read = source.fileBytesRead
        guard produced > 0, produced != read else { return consumed }
        return Int64(Double(read) * Double(consumed) / Double(produced))
    }

    init(source: ByteSource, capacity: Int = 1 << 20) {
        self.source = source
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Keeps `start..<end`, moves it to the front, and reads more after it, growing the buffer
    /// when it is full of one unfinished record. Returns false when nothing more could be read.
    @discardableResult
    func refill() throws -> Bool {
        if atEnd { return false }
        let kept = end - start
        if start > 0 {
            if kept > 0 { memmove(base, base + start, kept) }
            discarded += Int64(start)
            start = 0
            end = kept
        }
        // Grow when little room is left after compaction: one record fills the buffer. (A byte
        // source needs at least 4 bytes of room, one UTF-8 character.)
        if capacity - end < max(4, capacity / 8) {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            grown.update(from: base, count: end)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end))
        if count == 0 {
            atEnd = true
            return false
        }
        end += count
        return true
    }

    /// Reads until at least `count` bytes are unconsumed or the source ends.
    func fill(atLeast count: Int) throws {
        while end - start < count, try refill() {}
    }

    /// The unconsumed bytes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + start, count: end - start) }
}
