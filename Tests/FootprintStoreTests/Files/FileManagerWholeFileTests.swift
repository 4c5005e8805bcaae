import FootprintStore
import FootprintTestSupport
import Foundation
import Testing

/// `FileManager.wholeContents(atPath:)`, the file reader that does not leak on empty files
/// (Foundation's `contents(atPath:)` does on Linux; `make sanitize` finds it).
@Suite struct FileManagerWholeFileTests {
    @Test func anEmptyFileIsEmptyData() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("empty.jpg")
        try Data().write(to: file)
        #expect(FileManager.default.wholeContents(atPath: file.path) == Data())
    }

    @Test func everyByteIsRead() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("bytes")
        // More than one read's worth, with every byte value.
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: file)
        #expect(FileManager.default.wholeContents(atPath: file.path) == bytes)
    }

    @Test func aMissingFileIsNil() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.wholeContents(atPath: directory.file("missing").path) == nil)
    }
}
