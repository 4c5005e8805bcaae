import Foundation

/// Reads an import file's rows on a thread of its own, a few chunks ahead of the thread that
/// writes them, so parsing (about 0.6 µs a CSV row, 2 µs a GeoJSON feature here) overlaps
/// SQLite's work instead of adding to it. At most ``capacity`` chunks of ``chunkSize`` rows wait
/// at any time, so memory stays constant.
///
/// The reader is used by the reading thread only, from ``start()`` until ``stop()`` returns.
final class RowPipeline: @unchecked Sendable {
    /// Rows handed over at a time.
    static let chunkSize = 2_048
    /// Chunks that may wait for the writer.
    static let capacity = 4

    private struct Chunk {
        var rows: [ImportedRow]
        /// How far into the file the reader was before the chunk's first row and after its last.
        var bytes: Range<Int64>
    }

    private let reader: PlaceRowReader
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    // Shared state, guarded by `condition`.
    private var queue: [Chunk] = []
    private var producerFinished = false
    private var failure: (any Error)?
    private var cancelled = false
    private var started = false
    // The writer's side.
    private var current: [ImportedRow] = []
    private var currentBytes: Range<Int64> = 0..<0
    private var position = 0

    /// About how far into the file the rows handed to the writer reach (interpolated within the
    /// current chunk).
    var bytesConsumed: Int64 {
        guard !current.isEmpty else { return currentBytes.upperBound }
        let fraction = Double(position) / Double(current.count)
        return currentBytes.lowerBound + Int64(Double(currentBytes.count) * fraction)
    }

    init(reader: PlaceRowReader) {
        self.reader = reader
    }

    /// Starts the reading thread.
    func start() {
        started = true
        let thread = Thread { [self] in
            produce()
            exited.signal()
        }
        thread.name = "footprint.import.read"
        thread.start()
    }

    /// The next row, waiting for the reading thread if needed; `nil` at the end of the file.
    /// Rethrows the reader's file-level error after the rows read before it.
    func next() throws -> ImportedRow? {
        if position < current.count {
            defer { position += 1 }
            return current[position]
        }
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !producerFinished { condition.wait() }
        guard !queue.isEmpty else {
            if let failure { throw failure }
            return nil
        }
        let chunk = queue.removeFirst()
        condition.broadcast()
        current = chunk.rows
        currentBytes = chunk.bytes
        position = 1
        return current.first
    }

    /// Stops the reading thread and waits until it no longer uses the reader.
    func stop() {
        guard started else { return }
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        exited.wait()
        started = false
    }

    private func produce() {
        var finished = false
        var start = reader.fileBytesConsumed
        while !finished {
            var rows: [ImportedRow] = []
            rows.reserveCapacity(Self.chunkSize)
            var error: (any Error)?
            do {
                while rows.count < Self.chunkSize {
                    guard let row = try reader.next() else {
                        finished = true
                        break
                    }
                    rows.append(row)
                }
            } catch let thrown {
                error = thrown
                finished = true
            }
            let end = max(start, reader.fileBytesConsumed)
            condition.lock()
            while queue.count >= Self.capacity, !cancelled { condition.wait() }
            if cancelled {
                producerFinished = true
                condition.unlock()
                return
            }
            if !rows.isEmpty { queue.append(Chunk(rows: rows, bytes: start..<end)) }
            start = end
            if let error { failure = error }
            if finished { producerFinished = true }
            condition.broadcast()
            condition.unlock()
        }
    }
}
