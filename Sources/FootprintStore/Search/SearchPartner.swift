import Foundation
import GRDB

/// A second read connection that judges half of a long candidate list on the other core while
/// the search's own connection judges the first half: a two-syllable word can match thousands
/// of names, and each candidate costs a B-tree seek (~1 µs) that one connection can only do in
/// turn.
///
/// Both halves must read the same snapshot of the file. Without SQLite's snapshot API (not in
/// Debian's build), the partner checks it with `PRAGMA data_version`, which changes between two
/// reads of one connection exactly when another connection committed in between: the partner
/// reads it before the search's transaction begins (``markBeforeSearch()``) and again inside
/// each of its own transactions; when they differ, a commit landed in between and the search
/// judges that half itself.
final class SearchPartner: @unchecked Sendable {
    private let queue: DatabaseQueue
    /// `data_version` read before the search's transaction began.
    private var baseline: Int?
    /// How many halves the partner has judged (for the tests).
    private(set) var reads = 0

    init(path: String) throws {
        queue = try FootprintStore.openReadOnly(at: path)
    }

    /// Reads the version the partner's transactions must still see: call it before the search
    /// opens its own transaction.
    func markBeforeSearch() throws {
        baseline = try queue.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }
    }

    /// Runs `work` in a read transaction that sees the search's snapshot, or returns `nil`
    /// without running it when another connection committed since ``markBeforeSearch()``.
    func read<T>(_ work: (Database) throws -> T) throws -> T? {
        try queue.read { db in
            guard let baseline, try Int.fetchOne(db, sql: "PRAGMA data_version") == baseline else { return nil }
            reads += 1
            return try work(db)
        }
    }
}

/// The store's partner, lent to one search at a time. A store opens it on its second search: a
/// command that searches once never pays for the connection (~1.5 ms, its schema parsed).
///
/// It is on by default only when the machine has two cores or more: on one core the halves would
/// take turns and the hand-over is pure cost. A server that runs many searches at once already
/// keeps every core busy and turns it off (``FootprintStore/setSearchPartner(enabled:)``).
final class SearchPartners: @unchecked Sendable {
    private let lock = NSLock()
    private var isEnabled = ProcessInfo.processInfo.activeProcessorCount >= 2
    private var searches = 0
    private var opened = false
    private var idle: SearchPartner?

    /// The partner for a search starting now, or `nil` (the first search; another search holds
    /// it; it could not be opened).
    func borrow(path: String) -> SearchPartner? {
        let shouldOpen: Bool? = lock.withLock {
            guard isEnabled else { return nil }
            searches += 1
            guard idle == nil, !opened, searches >= 2 else { return false }
            opened = true
            return true
        }
        guard let shouldOpen else { return nil }
        if shouldOpen { return try? SearchPartner(path: path) }
        return lock.withLock {
            defer { idle = nil }
            return idle
        }
    }

    /// Whether searches may borrow the partner.
    var enabled: Bool {
        get { lock.withLock { isEnabled } }
        set { lock.withLock { isEnabled = newValue } }
    }

    /// The partner no search holds now, if one was opened.
    var idlePartner: SearchPartner? { lock.withLock { idle } }

    func giveBack(_ partner: SearchPartner?) {
        guard let partner else { return }
        lock.withLock { idle = partner }
    }
}
