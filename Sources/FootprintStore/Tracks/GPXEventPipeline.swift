import FootprintGeo
import Foundation

/// Reads a GPX document's events on a thread of its own, a few chunks ahead of the thread that
/// writes them, so XML parsing (about 40 % of an import's work) overlaps SQLite's instead of
/// adding to it — as ``RowPipeline`` does for places. At most ``capacity`` chunks of
/// ``chunkSize`` events wait at any time, so memory stays constant in the file's size.
///
/// A ``GPXError`` is rethrown by ``next()`` after the events read before it; the import's one
/// transaction then rolls back, so nothing of a malformed file is kept.
final class GPXEventPipeline: @unchecked Sendable {
    static let chunkSize = 4_096
    static let capacity = 4

    private let bytes: ByteSource
    private let condition = NSCondition()
    private let exited = DispatchSemaphore(value: 0)
    // Shared state, guarded by `condition`.
    private var queue: [[GPXEvent]] = []
    private var producerFinished = false
    private var failure: GPXError?
    private var cancelled = false
    private var started = false
    // The consumer's side.
    private var current: [GPXEvent] = []
    private var position = 0

    init(bytes: ByteSource) {
        self.bytes = bytes
    }

    /// Starts the reading thread.
    func start() {
        started = true
        let thread = Thread { [self] in
            produce()
            exited.signal()
        }
        thread.name = "footprint.import.gpx"
        thread.start()
    }

    /// The next event, waiting for the reading thread if needed; `nil` after the document's end.
    func next() throws(GPXError) -> GPXEvent? {
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
        current = queue.removeFirst()
        condition.broadcast()
        position = 1
        return current.first
    }

    /// Stops the reading thread and waits until it no longer reads the file.
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
        let bytes = self.bytes
        var reader = GPXReader { buffer in try bytes.read(into: buffer) }
        var finished = false
        while !finished {
            var events: [GPXEvent] = []
            events.reserveCapacity(Self.chunkSize)
            var error: GPXError?
            do throws(GPXError) {
                while events.count < Self.chunkSize {
                    guard let event = try reader.next() else {
                        finished = true
                        break
                    }
                    events.append(event)
                }
            } catch let thrown {
                error = thrown
                finished = true
            }
            condition.lock()
            while queue.count >= Self.capacity, !cancelled { condition.wait() }
            if cancelled {
                producerFinished = true
                condition.unlock()
                return
            }
            if !events.isEmpty { queue.append(events) }
            if let error { failure = error }
            if finished { producerFinished = true }
            condition.broadcast()
            condition.unlock()
        }
    }
}
