/// The line each place of one import run was written from, so that a second row for the same
/// place in the same file — a repeated id — is told from a re-import of an earlier file and
/// reported with both lines instead of silently overwriting the first.
///
/// Cheap per row: lines sit in pages of 256 `Int32`s, one page per run of 256 place ids, found
/// through a dictionary that is consulted only when a row's id leaves the page of the previous
/// row's. A first import (new ids, consecutive) and a re-import of the same file (its ids in file
/// order) touch a new page every 256 rows: about 1 ns a row and 4 MB for a million rows. (A
/// dictionary of a million ids cost 0.5 s and 50 MB on the 1M-row re-import.) Scattered ids cost
/// at most a 1 KiB page each. Rows of places the user removed have no id and are keyed by their
/// source id; they are few.
final class PlaceLines {
    private static let pageBits = 8
    private static let pageSize = 1 << pageBits

    /// Lines of the ids `key << pageBits ..< (key + 1) << pageBits`, 0 for an id not written.
    private var pages: [[Int32]] = []
    private var pageOfKey: [Int64: Int] = [:]
    private var lastKey: Int64 = -1
    private var lastPage = -1
    /// Lines beyond `Int32.max`, which a page cannot hold.
    private var longLines: [Int64: Int] = [:]
    private var removed: [String: Int] = [:]

    /// The line place `id` was written from earlier in this run, if it was.
    func line(ofPlace id: Int64) -> Int? {
        if let page = page(for: id, creating: false) {
            let line = pages[page][Int(id & Int64(Self.pageSize - 1))]
            if line > 0 { return Int(line) }
        }
        return longLines[id]
    }

    /// Records that place `id` was written from `line`.
    func record(place id: Int64, line: Int) {
        guard line <= Int(Int32.max) else {
            longLines[id] = line
            return
        }
        let page = page(for: id, creating: true)!
        pages[page][Int(id & Int64(Self.pageSize - 1))] = Int32(line)
    }

    /// The line a removed place's row (source id `sourceID`) was read from earlier in this run;
    /// records `line` for it otherwise.
    func lineOfRemoved(_ sourceID: String, recording line: Int) -> Int? {
        if let first = removed[sourceID] { return first }
        removed[sourceID] = line
        return nil
    }

    /// The index in `pages` of `id`'s page; `nil` when there is none and `creating` is false.
    private func page(for id: Int64, creating: Bool) -> Int? {
        let key = id >> Self.pageBits
        if key == lastKey { return lastPage }
        if let found = pageOfKey[key] {
            (lastKey, lastPage) = (key, found)
            return found
        }
        guard creating else { return nil }
        pages.append([Int32](repeating: 0, count: Self.pageSize))
        pageOfKey[key] = pages.count - 1
        (lastKey, lastPage) = (key, pages.count - 1)
        return lastPage
    }
}
