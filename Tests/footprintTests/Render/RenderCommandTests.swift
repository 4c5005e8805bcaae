import FootprintTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `footprint render map|tile|tiles` run as a process: documents, files, errors.
@Suite struct RenderCommandTests {
    /// A database with three places in 성수동 (one named to break out of the document) and one
    /// in 부산.
    static func database(_ directory: TemporaryDirectory) throws -> String {
        let db = directory.file("f.sqlite").path
        let csv = directory.file("places.csv")
        try """
        id,name,category,lat,lon,tags
        1,블루보틀 성수,음식점 > 카페,37.5478,127.0468,커피
        2,"<script>alert(1)</script>",음식점 > 한식,37.5447,127.0412,
        3,서울숲,공원,37.5444,127.0374,산책
        4,해운대,해변,35.1587,129.1604,
        """.write(to: csv, atomically: true, encoding: .utf8)
        try CLI.run(["--db", db, "init"])
        let imported = try CLI.run(["--db", db, "import", "places", csv.path])
        #expect(imported.status == 0)
        return db
    }

    static func isWellFormed(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    @Test func aTileGoesToStdout() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db, "render", "tile", "16/55895/25383", "--no-basemap"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(result.stdout.contains("width=\"256\" height=\"256\" viewBox=\"0 0 256 256\""))
        #expect(Self.isWellFormed(result.stdout))
        // z16: every place its own marker, its name a <title>; the hostile name only as text.
        #expect(result.stdout.contains("<title>블루보틀 성수</title>"))
        #expect(result.stdout.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        #expect(!result.stdout.contains("<script"))
        let again = try CLI.run(["--db", db, "render", "tile", "16/55895/25383", "--no-basemap"])
        #expect(again.stdout == result.stdout)
    }

    @Test func scaleTwoDoublesTheTile() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let output = directory.file("t.svg")
        let result = try CLI.run(["--db", db, "render", "tile", "16/55895/25383", "--scale", "2", "-o", output.path])
        #expect(result.status == 0 && result.stdout == "")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("width=\"512\" height=\"512\" viewBox=\"0 0 512 512\""))
    }

    @Test func aMapOfPlacesIsWritten() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let output = directory.file("map.svg")
        let result = try CLI.run([
            "--db", db, "render", "map", "--bbox", "127.03,37.54,127.05,37.55", "--size", "640x480", "--title", "성수",
            "--no-basemap", "-o", output.path,
        ])
        #expect(result.status == 0 && result.stderr == "")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("width=\"640\" height=\"480\""))
        #expect(text.contains("<title>성수</title>"))
        #expect(text.contains("<title>서울숲</title>"))
        #expect(!text.contains("해운대"))
        #expect(Self.isWellFormed(text))
    }

    @Test func filtersChooseThePlaces() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db, "render", "map", "--places", "--tag", "산책", "--no-basemap"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("서울숲"))
        #expect(!result.stdout.contains("블루보틀"))
    }

    @Test func aGeoJSONFileIsDrawn() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("walk.geojson")
        try """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"stroke":"#ff0000","stroke-width":5},"geometry":{"type":"LineString","coordinates":[[127.03,37.54],[127.05,37.55]]}},
        {"type":"Feature","properties":{"title":"카페 \\"A\\" & B","marker-color":"#00ff00"},"geometry":{"type":"Point","coordinates":[127.04,37.545]}}]}
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["render", "map", "--geojson", file.path, "--no-basemap"], directory: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("stroke=\"#ff0000\" stroke-width=\"5\""))
        #expect(result.stdout.contains("fill=\"#00ff00\""))
        #expect(result.stdout.contains("<title>카페 \"A\" &amp; B</title>"))
    }

    @Test func aGeoJSONFromStandardInputIsDrawnAsTheSameFileIs() throws {
        let directory = try TemporaryDirectory()
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"stroke":"#ff0000"},"geometry":{"type":"LineString","coordinates":[[127.03,37.54],[127.05,37.55]]}},
            {"type":"Feature","properties":{"title":"산책"},"geometry":{"type":"Point","coordinates":[127.04,37.545]}}]}
            """
        let file = directory.file("walk.geojson")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let piped = try CLI.run(
            ["render", "map", "--geojson", "-", "--title", "walk", "--no-basemap"], input: text,
            directory: directory.url)
        #expect(piped.status == 0)
        #expect(piped.stderr == "")
        #expect(piped.stdout.contains("<title>산책</title>"))
        let named = try CLI.run(
            ["render", "map", "--geojson", file.path, "--title", "walk", "--no-basemap"], directory: directory.url)
        #expect(piped.stdout == named.stdout)
    }

    @Test func badStandardInputAndAMissingFileAreOneSentenceEach() throws {
        let directory = try TemporaryDirectory()
        let bad = try CLI.run(
            ["render", "map", "--geojson", "-", "--no-basemap"], input: #"{"type":"Point","coordinates":["x",1]}"#)
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("Error: <stdin>: coordinates[0]: "))
        #expect(bad.stderr.split(separator: "\n").count == 1)
        let missing = try CLI.run(["render", "map", "--geojson", "none.geojson"], directory: directory.url)
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: none.geojson: There is no such file; nothing was drawn.\n")
    }

    /// The 시군구 outlines of Data/kr_sigungu.geojson.gz (read through zlib) are drawn from zoom
    /// 10: a tile over Seoul at zoom 10 has them, the one around it at zoom 9 not.
    @Test func districtBoundariesAreDrawnFromZoom10() throws {
        let directory = try TemporaryDirectory()
        let db = directory.file("f.sqlite").path
        try CLI.run(["--db", db, "init"])
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")
        let deep = try CLI.run(
            ["--db", db, "render", "tile", "10/873/395"], environment: ["FOOTPRINT_DATA": data.path])
        #expect(deep.status == 0)
        #expect(deep.stdout.contains(##"<path class="sd" fill="none" stroke="#b7b2c8" stroke-width="0.5" d="M"##))
        let shallow = try CLI.run(
            ["--db", db, "render", "tile", "9/436/197"], environment: ["FOOTPRINT_DATA": data.path])
        #expect(shallow.status == 0)
        #expect(shallow.stdout.contains(#"<path class="bd""#))
        #expect(!shallow.stdout.contains(#"class="sd""#))
    }

    @Test func anInvalidGeoJSONNamesItsPath() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("bad.geojson")
        try #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":["x",1]}}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let output = directory.file("out.svg")
        let result = try CLI.run(["render", "map", "--geojson", file.path, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("geometry.coordinates[0]"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(arguments: [
        (["render", "tile", "23/0/0"], "Error: The tile 23/0/0 has zoom 23: a zoom is 0 to 22.\n"),
        (
            ["render", "tile", "3/8/0"],
            "Error: The tile 3/8/0 is outside the grid: at zoom 3 X and Y run from 0 to 7.\n"
        ),
        (
            ["render", "tile", "3/8"],
            "Error: The tile “3/8” is not Z/X/Y: write three whole numbers, e.g. 14/13970/6344.\n"
        ),
        (
            ["render", "tiles", "--zoom", "5-3", "--out", "d"],
            "Error: The zoom range 5-3 runs backwards: write the smaller zoom first.\n"
        ),
        (
            ["render", "tiles", "--zoom", "1-23", "--out", "d"],
            "Error: The zoom range 1-23 goes beyond 22, the deepest zoom.\n"
        ),
        (["render", "map"], "Error: Say what to draw: --day DATE, --places, --bbox W,S,E,N or --geojson FILE.\n"),
        (
            ["render", "map", "--day", "2024-05-18", "--places"],
            "Error: Give one thing to draw: --day DATE, --geojson FILE, or --places and --bbox W,S,E,N (alone or together).\n"
        ),
        (
            ["render", "map", "--bbox", "126,38,127,37"],
            "Error: The box “126,38,127,37” cannot be drawn: its south edge 38 is north of its north edge 37.\n"
        ),
        (
            ["render", "map", "--bbox", "126,37,127,91"],
            "Error: The box “126,37,127,91” cannot be drawn: a latitude lies between -90 and 90.\n"
        ),
        (
            ["render", "map", "--places", "--size", "10x600"],
            "Error: A map of 10×600 pixels cannot be drawn: each side must be 16 to 8192 pixels.\n"
        ),
        (
            ["render", "map", "--places", "--size", "800x8193"],
            "Error: A map of 800×8193 pixels cannot be drawn: each side must be 16 to 8192 pixels.\n"
        ),
        (
            ["render", "tiles", "--zoom", "0-16", "--bbox", "120,30,130,40", "--out", "d"],
            "Error: The range holds 5414725 tiles, more than 100000: narrow --zoom or --bbox, or allow them with --max-tiles 5414725.\n"
        ),
    ])
    func badInputIsOneSentence(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db] + arguments, directory: directory.url)
        #expect(result.status != 0)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: directory.file("d").path))
    }

    @Test func aBoxMayStartWithAMinus() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db, "render", "map", "--bbox", "-74.1,40.6,-73.8,40.9", "--no-basemap"])
        #expect(result.status == 0)
        #expect(Self.isWellFormed(result.stdout))
    }

    @Test func anUnwritableOutputLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db, "render", "map", "--places", "-o", "/nonexistent/x.svg"])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "Error: /nonexistent/x.svg: The file cannot be written: the folder /nonexistent does not exist.\n")
    }

    @Test func aPyramidHoldsTheTilesWithPlacesAndAViewer() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let out = directory.file("tiles")
        let result = try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "12-16", "--bbox", "127.0,37.5,127.1,37.6", "--out", out.path,
            "--no-basemap",
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
            .sorted()
        // Each zoom has the tile of the three 성수동 places; no tile of the box without one.
        for zoom in 12...16 { #expect(files.contains { $0.hasPrefix("\(zoom)/") }) }
        #expect(files.contains("16/55895/25383.svg"))
        #expect(!files.contains { $0.hasPrefix("16/55887/") })
        for file in files {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.isWellFormed(text), "\(file)")
        }
        // The tile in the pyramid is the one `render tile` draws.
        let single = try CLI.run(["--db", db, "render", "tile", "16/55895/25383", "--no-basemap"])
        #expect(
            try String(contentsOf: out.appendingPathComponent("16/55895/25383.svg"), encoding: .utf8) == single.stdout)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<script>"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"//"))
        #expect(page.contains("var minZoom = 12, maxZoom = 16"))
    }

    @Test func allWritesEveryTileOfTheRange() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let out = directory.file("tiles")
        let result = try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "8-9", "--bbox", "127.0,37.5,127.1,37.6", "--all", "--out",
            out.path,
            "--no-basemap",
        ])
        #expect(result.status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        #expect(files.count == 2)
    }
}
