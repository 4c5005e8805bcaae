import Foundation

extension FileManager {
    /// Every byte of the regular file at `path`; `nil` when it cannot be opened for reading.
    ///
    /// Use this instead of `contents(atPath:)` and `Data(contentsOf:)`: on Linux, Foundation reads a
    /// file whose size is 0 (it may be a `/proc` file with contents) into a 4 KB `malloc` block and,
    /// when nothing comes, returns an empty `Data` without freeing the block (swift-foundation's
    /// `readDataFromFile`, Swift 6.3). LeakSanitizer reports that leak under `make sanitize`
    /// (`photo add` of an empty file). `FileHandle` reads to the end without it.
    public func wholeContents(atPath path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            // `readToEnd()` is `nil` at the end of the file, i.e. for an empty file.
            return try handle.readToEnd() ?? Data()
        } catch {
            return nil
        }
    }
}
