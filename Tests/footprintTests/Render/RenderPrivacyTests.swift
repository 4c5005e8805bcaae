import FootprintTestSupport
import Foundation
import Testing

/// Privacy zones in `render tile`, `render tiles` and `render map --places|--geojson`: what lies
/// in a zone is not drawn unless `--no-privacy`.
@Suite struct RenderPrivacyTests {
    /// The places of ``RenderCommandTests/database(_:)`` and a 100 m zone around 서울숲.
    static func database(_ directory: TemporaryDirectory) throws -> String {
        let db = try RenderCommandTests.database(directory)
        let zone = try CLI.run([
            "--db", db, "privacy", "add", "--name", "park", "--at", "37.5444,127.0374", "--radius", "100",
        ])
        try #require(zone.status == 0)
        return db
    }

    @Test func aTileLeavesOutThePlacesInAZone() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let masked = try CLI.run(["--db", db, "render", "tile", "16/55894/25383", "--no-basemap"])
        let open = try CLI.run(["--db", db, "render", "tile", "16/55894/25383", "--no-basemap", "--no-privacy"])
        #expect(masked.status == 0 && open.status == 0)
        #expect(open.stdout.contains("<title>서울숲</title>"))
        #expect(!masked.stdout.contains("서울숲"))
        #expect(masked.stdout.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    }

    @Test func aMapOfPlacesLeavesThemOutToo() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let masked = try CLI.run(["--db", db, "render", "map", "--bbox", "127.03,37.54,127.05,37.55", "--no-basemap"])
        #expect(masked.status == 0)
        #expect(!masked.stdout.contains("서울숲"))
        #expect(masked.stdout.contains("블루보틀 성수"))
        let geojson = directory.file("p.geojson")
        try
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[127.0374,37.5444]},"properties":{"title":"숲"}}"#
            .write(to: geojson, atomically: true, encoding: .utf8)
        let file = try CLI.run(["--db", db, "render", "map", "--geojson", geojson.path, "--no-basemap"])
        #expect(file.status == 0)
        #expect(!file.stdout.contains("숲"))
        let shown = try CLI.run([
            "--db", db, "render", "map", "--geojson", geojson.path, "--no-basemap", "--no-privacy",
        ])
        #expect(shown.stdout.contains("<title>숲</title>"))
    }

    /// A tile whose only content is hidden by privacy is not written.
    @Test func tilesOfHiddenPlacesAreNotWritten() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let out = directory.file("tiles")
        let result = try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "17", "--bbox", "127.0372,37.5442,127.0376,37.5446", "--out",
            out.path, "--quiet", "--no-basemap",
        ])
        #expect(result.status == 0)
        let open = directory.file("open")
        try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "17", "--bbox", "127.0372,37.5442,127.0376,37.5446", "--out",
            open.path, "--quiet", "--no-basemap", "--no-privacy",
        ])
        func svgs(_ folder: URL) -> [String] {
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".svg") }.sorted()
        }
        #expect(!svgs(open).isEmpty)
        // No other place reaches these z17 tiles: with 서울숲 hidden there is nothing to write.
        #expect(svgs(out).isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }
}
