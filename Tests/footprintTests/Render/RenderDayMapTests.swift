import FootprintTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `render map --day` and `day export --format svg` on the sample day of `Data/diary`, run as
/// processes: the route, the visits, privacy zones, an empty day.
@Suite struct RenderDayMapTests {
    let directory: TemporaryDirectory
    let db: String

    /// A database with `Data/diary/places.csv` and the sample day's GPX (its four stops become
    /// visits at their places).
    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/diary")
        try CLI.run(["--db", db, "init"])
        try #require(
            try CLI.run(["--db", db, "import", "places", data.appendingPathComponent("places.csv").path]).status == 0)
        let gpx = data.appendingPathComponent("2024-05-18.gpx").path
        try #require(try CLI.run(["--db", db, "import", "gpx", gpx, "--tz", "Asia/Seoul"]).status == 0)
    }

    /// Runs `footprint --db DB arguments…` in the temporary folder (no `Data/`: no basemap).
    func run(_ arguments: [String]) throws -> CLIResult {
        try CLI.run(["--db", db] + arguments, directory: directory.url)
    }

    /// The route's vertices in pixels: every number pair of the route paths' `d`.
    static func routeVertices(_ svg: String) -> [[(x: Double, y: Double)]] {
        var pieces: [[(x: Double, y: Double)]] = []
        for line in svg.components(separatedBy: "<path stroke=\"#1e88e5\"").dropFirst() {
            guard let start = line.range(of: " d=\""), let end = line[start.upperBound...].firstIndex(of: "\"")
            else { continue }
            let d = String(line[start.upperBound..<end])
            for move in d.split(separator: "M") {
                let numbers = move.matches(of: /-?[0-9]+(\.[0-9]+)?/).compactMap { Double($0.output.0) }
                pieces.append(stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) })
            }
        }
        return pieces
    }

    /// The pixel position of the marker titled `name`.
    static func marker(_ name: String, in svg: String) -> (x: Double, y: Double)? {
        let pattern = #/<use xlink:href="#p[0-9]+" x="(-?[0-9.]+)" y="(-?[0-9.]+)"><title>([^<]*)</title>/#
        for match in svg.matches(of: pattern) where match.output.3 == name {
            return (Double(match.output.1)!, Double(match.output.2)!)
        }
        return nil
    }

    /// A visit's stored position.
    func visit(_ name: String) throws -> (latitude: Double, longitude: Double) {
        let text = try sqlite(
            db,
            """
            SELECT COALESCE(v.latitude, p.latitude) || ',' || COALESCE(v.longitude, p.longitude)
            FROM visits v JOIN places p ON p.id = v.place_id WHERE p.name = '\(name)'
            """)
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap {
            Double($0)
        }
        try #require(parts.count == 2)
        return (parts[0], parts[1])
    }

    /// Web Mercator on the unit square.
    static func unit(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        let sine = sin(latitude * .pi / 180)
        return (longitude / 360 + 0.5, 0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi))
    }

    static func distanceMeters(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radius = 6_371_008.8
        let (la1, lo1, la2, lo2) = (a.0 * .pi / 180, a.1 * .pi / 180, b.0 * .pi / 180, b.1 * .pi / 180)
        let h =
            pow(sin((la2 - la1) / 2), 2) + cos(la1) * cos(la2) * pow(sin((lo2 - lo1) / 2), 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }

    @Test func theDayIsDrawnWithItsRouteVisitsAndTitle() throws {
        let output = directory.file("day.svg")
        let result = try run(["render", "map", "--day", "2024-05-18", "-o", output.path])
        #expect(result.status == 0)
        #expect(result.stdout == "" && result.stderr == "")
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.contains("width=\"800\" height=\"600\""))
        #expect(svg.contains("<title>2024-05-18</title>"))
        for name in ["교보문고 광화문점", "경복궁", "블루보틀 삼청", "광장시장"] {
            #expect(Self.marker(name, in: svg) != nil, "no marker for \(name)")
            #expect(svg.contains(">\(name)</text>"), "no label for \(name)")
        }
        // The GPX's two segments stay two lines: parts are never joined.
        let pieces = Self.routeVertices(svg)
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.count >= 2 })
        // Every vertex on the map.
        #expect(pieces.joined().allSatisfy { (0...800).contains($0.x) && (0...600).contains($0.y) })
    }

    @Test func dayExportSVGWritesTheSameMap() throws {
        let map = try run(["render", "map", "--day", "2024-05-18"])
        let export = try run(["day", "export", "2024-05-18", "--format", "svg"])
        #expect(map.status == 0 && export.status == 0)
        #expect(export.stdout == map.stdout)
        #expect(export.stdout.hasPrefix("<?xml"))
        let file = directory.file("export.svg")
        #expect(try run(["day", "export", "2024-05-18", "--format", "svg", "-o", file.path]).stdout == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == map.stdout)
    }

    @Test func anEmptyDayIsAnEmptyMapWithANotice() throws {
        let result = try run(["render", "map", "--day", "2024-05-19"])
        #expect(result.status == 0)
        #expect(result.stderr == "Notice: Nothing is stored for 2024-05-19; the map is empty.\n")
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(Self.routeVertices(result.stdout).isEmpty)
        #expect(!result.stdout.contains("<use "))
        let bad = try run(["render", "map", "--day", "2024-02-30"])
        #expect(bad.status != 0 && bad.stdout == "")
        #expect(bad.stderr.hasSuffix(".\n") && bad.stderr.split(separator: "\n").count == 1)
    }

    @Test func untilDrawsEveryDayOfTheRange() throws {
        let range = try run(["render", "map", "--day", "2024-05-17", "--until", "2024-05-19"])
        #expect(range.status == 0 && range.stderr == "")
        #expect(range.stdout.contains("<title>2024-05-17 – 2024-05-19</title>"))
        #expect(Self.routeVertices(range.stdout).count == 2)
    }

    /// A 150 m zone around 경복궁: its visit and every route vertex within it are not drawn (the
    /// pixels mapped back to the ground through the two markers still drawn), and the route is
    /// cut there; `--no-privacy` draws them.
    @Test func noDrawnVertexOrMarkerLiesInAPrivacyZone() throws {
        let palace = try visit("경복궁")
        let zone = try CLI.run([
            "--db", db, "privacy", "add", "--name", "palace", "--at", "\(palace.latitude),\(palace.longitude)",
            "--radius", "150",
        ])
        try #require(zone.status == 0)
        let open = try run(["render", "map", "--day", "2024-05-18", "--no-privacy"]).stdout
        let svg = try run(["render", "map", "--day", "2024-05-18"]).stdout
        #expect(Self.marker("경복궁", in: open) != nil)
        #expect(Self.marker("경복궁", in: svg) == nil)
        #expect(!svg.contains("경복궁"))
        #expect(Self.routeVertices(svg).count > Self.routeVertices(open).count)

        // The frame from two markers: pixels are a scale and a shift of Web Mercator.
        let (a, b) = (try visit("교보문고 광화문점"), try visit("광장시장"))
        let pa = try #require(Self.marker("교보문고 광화문점", in: svg))
        let pb = try #require(Self.marker("광장시장", in: svg))
        let (ua, ub) = (Self.unit(a.latitude, a.longitude), Self.unit(b.latitude, b.longitude))
        let scale = (pb.x - pa.x) / (ub.x - ua.x)
        #expect(abs((pb.y - pa.y) / (ub.y - ua.y) - scale) / scale < 0.01)
        func ground(_ p: (x: Double, y: Double)) -> (Double, Double) {
            let x = ua.x + (p.x - pa.x) / scale
            let y = ua.y + (p.y - pa.y) / scale
            let latitude = atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
            return (latitude, (x - 0.5) * 360)
        }
        let vertices = Self.routeVertices(svg).joined()
        #expect(vertices.count > 100)
        let nearest = vertices.map { Self.distanceMeters(ground($0), (palace.latitude, palace.longitude)) }.min()!
        #expect(nearest > 150)
        // Without the mask the route passes through the zone, so the check above can fail.
        let openNearest = Self.routeVertices(open).joined().map { p -> Double in
            let pa = Self.marker("교보문고 광화문점", in: open)!
            let pb = Self.marker("광장시장", in: open)!
            let scale = (pb.x - pa.x) / (ub.x - ua.x)
            let x = ua.x + (p.x - pa.x) / scale
            let y = ua.y + (p.y - pa.y) / scale
            let latitude = atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
            return Self.distanceMeters((latitude, (x - 0.5) * 360), (palace.latitude, palace.longitude))
        }.min()!
        #expect(openNearest < 150)
    }

    /// `render tile` and `render tiles` draw the stored routes beside the places; `render tiles
    /// --day` draws the day alone, over the box it covers.
    @Test func tilesDrawTheRoutes() throws {
        let palace = try visit("경복궁")
        let tile = try run(["geo", "tile", "--at", "\(palace.latitude),\(palace.longitude)", "--zoom", "16"])
        let name = tile.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let svg = try run(["render", "tile", name]).stdout
        #expect(Self.routeVertices(svg).joined().count > 10)
        #expect(svg.contains("<title>경복궁</title>"))

        let pyramid = directory.file("day")
        let written = try run(["render", "tiles", "--zoom", "14-16", "--day", "2024-05-18", "--out", pyramid.path])
        #expect(written.status == 0)
        #expect(written.stderr.isEmpty)
        let dayTile = try String(contentsOf: pyramid.appendingPathComponent("\(name).svg"), encoding: .utf8)
        #expect(Self.routeVertices(dayTile).joined().count > 10)
        #expect(FileManager.default.fileExists(atPath: pyramid.appendingPathComponent("index.html").path))
        // The day's tiles only: a place far from the route (해운대 is not in the sample) has none,
        // and the z14 level is a handful of tiles around the walk.
        let z14 = try FileManager.default.contentsOfDirectory(atPath: pyramid.appendingPathComponent("14").path)
        #expect(z14.count <= 2)

        let both = try run([
            "render", "tiles", "--zoom", "14-16", "--day", "2024-05-18", "--bbox", "126,37,127,38", "--out",
            pyramid.path,
        ])
        #expect(both.status != 0)
        #expect(
            both.stderr == "Error: Give --bbox W,S,E,N or --day DATE, not both: the tiles cover one or the other.\n")
        let empty = try run([
            "render", "tiles", "--zoom", "14-16", "--day", "2024-05-19", "--out", directory.file("none").path,
        ])
        #expect(empty.status == 0)
        #expect(empty.stderr == "Notice: Nothing is stored for 2024-05-19; no tile was written.\n")
        #expect(!FileManager.default.fileExists(atPath: directory.file("none").path))
    }

    /// A tile whose only content lies in a privacy zone is not written; `--no-privacy` writes it.
    @Test func aTileWhollyInAZoneIsNotWritten() throws {
        let palace = try visit("경복궁")
        try #require(
            try CLI.run([
                "--db", db, "privacy", "add", "--name", "palace", "--at", "\(palace.latitude),\(palace.longitude)",
                "--radius", "800",
            ]).status == 0)
        let tile = try run(["geo", "tile", "--at", "\(palace.latitude),\(palace.longitude)", "--zoom", "17"])
        let name = tile.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for (folder, extra) in [("masked", [String]()), ("open", ["--no-privacy"])] {
            let out = directory.file(folder)
            let result = try run(
                ["render", "tiles", "--zoom", "17-17", "--day", "2024-05-18", "--out", out.path] + extra)
            #expect(result.status == 0)
            let exists = FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name).svg").path)
            #expect(exists == (folder == "open"), "\(folder)")
        }
        let places = directory.file("places")
        let box =
            "\(palace.longitude - 0.01),\(palace.latitude - 0.01),\(palace.longitude + 0.01),\(palace.latitude + 0.01)"
        let around = try run(["render", "tiles", "--zoom", "17-17", "--bbox", box, "--out", places.path])
        #expect(around.status == 0, "\(around.stderr)")
        #expect(!FileManager.default.fileExists(atPath: places.appendingPathComponent("\(name).svg").path))
    }

    /// `render map --day -o` naming the diary is refused as every other `-o` is (it wrote the
    /// SVG over the database and exited 0).
    @Test func theDayMapIsNeverWrittenOverTheDatabase() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try run(["render", "map", "--day", "2024-05-18", "-o", db])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(db): This is the database being read; write the export to another file.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// A pyramid written again holds this run's tiles only: one left from a `--no-privacy` run
    /// would still show what a zone hides. Files that are not tiles stay.
    @Test func tilesOfAnEarlierRunAreRemoved() throws {
        let palace = try visit("경복궁")
        let out = directory.file("again")
        #expect(
            try run(["render", "tiles", "--zoom", "17-17", "--day", "2024-05-18", "--out", out.path, "--no-privacy"])
                .status == 0)
        let tile = try run(["geo", "tile", "--at", "\(palace.latitude),\(palace.longitude)", "--zoom", "17"])
        let name = tile.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = out.appendingPathComponent("\(name).svg")
        #expect(FileManager.default.fileExists(atPath: file.path))
        let note = out.appendingPathComponent("17/notes.txt")
        try "mine".write(to: note, atomically: true, encoding: .utf8)
        try #require(
            try CLI.run([
                "--db", db, "privacy", "add", "--name", "palace", "--at", "\(palace.latitude),\(palace.longitude)",
                "--radius", "800",
            ]).status == 0)
        #expect(try run(["render", "tiles", "--zoom", "17-17", "--day", "2024-05-18", "--out", out.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(FileManager.default.fileExists(atPath: note.path))
        let bad = try run([
            "render", "tiles", "--zoom", "17-17", "--day", "2024-05-18", "--out", out.path, "--max-tiles", "0",
        ])
        #expect(bad.status != 0)
        #expect(bad.stderr == "Error: The --max-tiles 0 is not a number of tiles: give 1 or more.\n")
    }
}
