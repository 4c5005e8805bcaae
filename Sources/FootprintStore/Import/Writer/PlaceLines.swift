/// The line each place of one import run was written from, so that a second row for the same
/// place in the same file — a repeated id — is told from a re-import of an earlier file and
/// reported with both lines instead of silently overwriting the first.
///
/// Cheap per row (the 1M-row import writes one `Int32` per inserted place): ids the run inserts
/// are consecutive above the largest id before it (SQLite gives a new rowid as the largest plus
/// one), so their lines sit in an array indexed by `id − base − 1`; the few ids outside that run
/// of numbers (rows another program inserted between two batches, an id far above the others)
/// and the places that existed before the run, which a row updates, are kept in dictionaries.
/// Rows of places the user removed have no id and are keyed by their source id.
final class PlaceLines {
    /// The largest place id before the run: ids above it were inserted by the run (or by another
    /// writer between its batches).
    let base: Int64
    /// The line of place `base + 1 + index`, 0 when the run did not write that id.
    private var consecutive: [Int32] = []
    private var others: [Int64: Int] = [:]
    private var removed: [String: Int] = [:]

    init(base: Int64) {
        self.base = base
    }

    /// The line place `id` was written from earlier in this run, if it was.
    func line(ofPlace id: Int64) -> Int? {
        if id > base {
            let index = id - base - 1
            if index < Int64(consecutive.count) {
                let line = consecutive[Int(index)]
                if line > 0 { return Int(line) }
            }
        }
        return others[id]
    }

    /// Records that place `id` was written from `line`.
    func record(place id: Int64, line: Int) {
        if id > base, line <= Int32.max {
            let index = id - base - 1
            if index == Int64(consecutive.count) {
                consecutive.append(Int32(line))
                return
            }
            if index < Int64(consecutive.count) {
                consecutive[Int(index)] = Int32(line)
                return
            }
            // A gap left by another writer: pad it when it is small, else keep the id aside.
            if index - Int64(consecutive.count) < 4096 {
                consecutive.append(contentsOf: repeatElement(0, count: Int(index) - consecutive.count))
                consecutive.append(Int32(line))
                return
            }
        }
        others[id] = line
    }

    /// The line a removed place's row (source id `sourceID`) was read from earlier in this run;
    /// records `line` for it otherwise.
    func lineOfRemoved(_ sourceID: String, recording line: Int) -> Int? {
        if let first = removed[sourceID] { return first }
        removed[sourceID] = line
        return nil
    }
}
