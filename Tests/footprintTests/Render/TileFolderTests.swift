import FootprintTestSupport
import Foundation
import Testing

/// `render tiles --out DIR` writes only below DIR, by names built from integers, and never
/// through a symbolic link planted inside DIR; `render tile Z/X/Y` takes integers only.
@Suite struct TileFolderTests {
    let directory: TemporaryDirectory
    let db: String
    let out: URL
    /// A folder outside `--out` that links point to: nothing in it may change.
    let outside: URL

    init() throws {
        directory = try TemporaryDirectory()
        db = try RenderCommandTests.database(directory)
        out = directory.file("tiles")
        outside = directory.file("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("55895"), withIntermediateDirectories: true)
        try "precious".write(to: outside.appendingPathComponent("file.txt"), atomically: true, encoding: .utf8)
        try "old tile look-alike".write(
            to: outside.appendingPathComponent("55895/25383.svg"), atomically: true, encoding: .utf8)
    }

    func render() throws -> CLIResult {
        try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "16", "--bbox", "127.044,37.546,127.049,37.549", "--out", out.path,
            "--quiet", "--no-basemap",
        ])
    }

    /// Every file below `outside`, with its contents.
    func outsideFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in FileManager.default.enumerator(atPath: outside.path)?.allObjects as? [String] ?? [] {
            let url = outside.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return files
    }

    func link(_ name: String, to target: URL) throws {
        let url = out.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
    }

    @Test func aTileIsWrittenAtItsIntegerPath() throws {
        let result = try render()
        #expect(result.status == 0, "\(result.stderr)")
        let names = (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".svg") }
        #expect(names.contains("16/55895/25383.svg"))
        #expect(names.allSatisfy { $0.wholeMatch(of: /16\/[0-9]+\/[0-9]+\.svg/) != nil })
    }

    @Test func aZoomFolderThatIsALinkIsRefused() throws {
        let before = try outsideFiles()
        try link("16", to: outside)
        let result = try render()
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "Error: \(out.path)/16: The tiles cannot be written: it is a symbolic link or a file, and tiles are never written through one.\n"
        )
        // The old-tile look-alike behind the link was neither removed nor overwritten.
        #expect(try outsideFiles() == before)
    }

    @Test func aColumnFolderThatIsALinkIsRefused() throws {
        let before = try outsideFiles()
        try link("16/55895", to: outside.appendingPathComponent("55895"))
        let result = try render()
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(out.path)/16/55895: The tiles cannot be written: it is a symbolic link"))
        #expect(try outsideFiles() == before)
    }

    @Test func linksNamedLikeTilesOrTemporaryFilesAreReplacedNotFollowed() throws {
        let before = try outsideFiles()
        let target = outside.appendingPathComponent("file.txt")
        try link("16/55895/25383.svg", to: target)
        try link("16/55895/.25383.svg.tmp", to: target)
        try link("index.html", to: target)
        try link(".index.html.tmp", to: target)
        let result = try render()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try outsideFiles() == before)
        for name in ["16/55895/25383.svg", "index.html"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
        }
        let tile = try String(contentsOf: out.appendingPathComponent("16/55895/25383.svg"), encoding: .utf8)
        #expect(tile.contains("<title>블루보틀 성수</title>"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("16/55895/.25383.svg.tmp").path))
    }

    @Test(arguments: [
        "../../../etc/passwd", "16/55895/25383.svg", "16/55895/../25383", "16/0x10/1", "16/1e3/1", "16/١/1",
        "16/55895/25383/1", "16//25383", " 16/55895/25383",
    ])
    func aTileArgumentIsThreeIntegers(_ text: String) throws {
        let output = directory.file("one.svg")
        let result = try CLI.run(["--db", db, "render", "tile", text, "-o", output.path])
        #expect(result.status != 0)
        #expect(
            result.stderr == "Error: The tile “\(text)” is not Z/X/Y: write three whole numbers, e.g. 14/13970/6344.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
