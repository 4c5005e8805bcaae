import FootprintTestSupport
import Foundation
import Testing

/// Markup in every field a user types (place names, categories, tags, notes, photo file names,
/// log titles and bodies, the day's weather and note) written into the SVG maps and tiles, the
/// GPX export and the tile viewer page, then opened in headless Chromium (Debian `chromium`,
/// installed by tools/bootstrap): no script runs and no element is created from the text.
///
/// Each payload, if it ever became markup, would run script that marks the document's root
/// with `data-pwned`, or add a `script`, `img`, `iframe` or second `svg` element; the test reads
/// the document Chromium built (`--dump-dom`) after its scripts had time to run.
@Suite(.serialized) struct HostileTextBrowserTests {
    static let chromium = TileViewerScreenshotTests.chromium

    /// A payload for `field`: it closes attributes and elements, opens a script, an image whose
    /// error handler runs, an SVG with `onload`, a CDATA end, a comment start and entities.
    static func payload(_ field: String) -> String {
        let mark = "document.documentElement.setAttribute('data-pwned','\(field)')"
        return "\(field)\"'><script>\(mark)</script><img src=x onerror=\"\(mark)\"><svg onload=\"\(mark)\">"
            + "]]><!-- &amp; &#x3C;iframe&#x3E;"
    }

    /// The payload for a file name: no `/`.
    static let photoName =
        "photo\"'><img src=x onerror=\"document.documentElement.setAttribute('data-pwned','photo')\">.jpg"

    /// The day, the places, the photo and the log, every text field a payload.
    static func database(_ directory: TemporaryDirectory) throws -> String {
        let db = directory.file("f.sqlite").path
        func run(_ arguments: [String]) throws {
            let result = try CLI.run(["--db", db] + arguments, directory: directory.url)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        try run(["init"])
        try run(["category", "add", payload("category-name"), "--color", "#123456"])
        try run([
            "place", "add", "--name", payload("name"), "--at", "37.5478,127.0468", "--category", payload("category"),
            "--tag", payload("tag"),
        ])
        try run(["place", "add", "--name", payload("second"), "--at", "37.5447,127.0412"])
        try run([
            "visit", "add", "1", "--arrived", "2024-05-18T10:00:00+09:00", "--left", "2024-05-18T11:00:00+09:00",
            "--note", payload("visit-note"),
        ])
        try run([
            "visit", "add", "2", "--arrived", "2024-05-18T12:00:00+09:00", "--left", "2024-05-18T12:30:00+09:00",
        ])
        let photo = directory.file(photoName)
        try Data().write(to: photo)
        try run(["photo", "add", photo.path, "--taken-at", "2024-05-18T10:30:00+09:00", "--at", "37.5460,127.0440"])
        try run([
            "log", "add", "2024-05-18", "--title", payload("log-title"), "--body", payload("log-body"), "--category",
            payload("category-name"),
        ])
        try run(["day", "set", "2024-05-18", "--weather", payload("weather"), "--note", payload("day-note")])
        let gpx = directory.file("walk.gpx")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>\(escapedXML(payload("track")))</name><trkseg>
        <trkpt lat="37.5478" lon="127.0468"><time>2024-05-18T01:00:00Z</time></trkpt>
        <trkpt lat="37.5465" lon="127.0440"><time>2024-05-18T01:20:00Z</time></trkpt>
        <trkpt lat="37.5447" lon="127.0412"><time>2024-05-18T03:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """.write(to: gpx, atomically: true, encoding: .utf8)
        try run(["import", "gpx", gpx.path, "--tz", "Asia/Seoul"])
        return db
    }

    static func escapedXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The document Chromium built from `file` after 2 s of (virtual) time: scripts and `onload`
    /// handlers have run by then.
    static func chromiumDOM(_ file: URL, profile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = [
            "120", chromium!, "--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=\(profile.path)",
            "--virtual-time-budget=2000", "--dump-dom", file.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The element names of a serialised DOM (a `<` in text is always serialised `&lt;`).
    static func elementNames(_ dom: String) -> [String] {
        dom.matches(of: /<([A-Za-z][A-Za-z0-9:._-]*)/).map { String($0.output.1).lowercased() }
    }

    /// What a DOM must not hold: a mark of a script that ran, an element a payload brings, an
    /// event handler attribute.
    static func intrusions(in dom: String, allowedScripts: Int = 0, allowedSVGRoots: Int = 1) -> [String] {
        var found: [String] = []
        if dom.contains("data-pwned=") { found.append("a payload's script ran") }
        let names = elementNames(dom)
        for forbidden in ["img", "iframe", "object", "embed", "foreignobject", "h:script", "html:script"]
        where names.contains(forbidden) {
            found.append("a <\(forbidden)> element")
        }
        if names.filter({ $0 == "script" }).count > allowedScripts { found.append("a <script> element") }
        if names.filter({ $0 == "svg" }).count > allowedSVGRoots { found.append("a nested <svg> element") }
        if dom.contains(/<[^>]*\son[a-z]+=/) { found.append("an event handler attribute") }
        return found
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (tools/bootstrap installs it): not tested"))
    func noScriptRunsAndNoElementIsCreatedInSVGAndGPX() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        func write(_ arguments: [String], to name: String) throws -> URL {
            let file = directory.file(name)
            let result = try CLI.run(["--db", db] + arguments + ["-o", file.path], directory: directory.url)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            return file
        }
        let daySVG = try write(["day", "export", "2024-05-18", "--format", "svg", "--no-privacy"], to: "day.svg")
        let map = try write(["render", "map", "--day", "2024-05-18", "--no-basemap"], to: "map.svg")
        let tile = try write(["render", "tile", "16/55895/25383", "--no-basemap"], to: "tile.svg")
        // Chromium downloads a `.gpx` instead of showing it: the same bytes as `.xml`.
        let gpx = try write(["day", "export", "2024-05-18", "--format", "gpx"], to: "day.xml")

        // Each field reached its document as text: the test is not vacuous.
        let svgText = try String(contentsOf: daySVG, encoding: .utf8)
        #expect(svgText.contains("<title>name\"'&gt;&lt;script&gt;"))
        #expect(svgText.contains("photo\"'&gt;&lt;img src=x onerror=\"document"))
        let tileText = try String(contentsOf: tile, encoding: .utf8)
        #expect(tileText.contains("<title>name\"'&gt;&lt;script&gt;"))
        let gpxText = try String(contentsOf: gpx, encoding: .utf8)
        #expect(gpxText.contains("<name>name&quot;&apos;&gt;&lt;script&gt;"))

        for file in [daySVG, map, tile, gpx] {
            let dom = try Self.chromiumDOM(file, profile: directory.file("profile"))
            try #require(!dom.isEmpty, "\(file.lastPathComponent): chromium built no document")
            #expect(dom.contains("name\"'&gt;&lt;script&gt;"), "\(file.lastPathComponent): the name is not text")
            #expect(Self.intrusions(in: dom).isEmpty, "\(file.lastPathComponent): \(Self.intrusions(in: dom))")
        }
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (tools/bootstrap installs it): not tested"))
    func theViewerPageRunsOnlyItsOwnScript() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let out = directory.file("tiles")
        let result = try CLI.run([
            "--db", db, "render", "tiles", "--zoom", "15-16", "--bbox", "127.03,37.54,127.05,37.55", "--out", out.path,
            "--quiet", "--no-basemap",
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let tileNames = (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".svg") }
        try #require(!tileNames.isEmpty)
        let tileText = try tileNames.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) }
        #expect(tileText.contains { $0.contains("name\"'&gt;&lt;script&gt;") })
        let dom = try Self.chromiumDOM(out.appendingPathComponent("index.html"), profile: directory.file("profile"))
        try #require(dom.contains("id=\"map\""), "chromium built no page")
        // The page's own script drew its tiles as images of `Z/X/Y.svg`, and nothing else ran.
        let images = dom.matches(of: /<img[^>]*src="([^"]*)"/).map { String($0.output.1) }
        #expect(!images.isEmpty)
        #expect(images.allSatisfy { $0.wholeMatch(of: /[0-9]+\/[0-9]+\/[0-9]+\.svg/) != nil })
        let withoutTiles = dom.replacing(/<img[^>]*>/, with: "")
        #expect(Self.intrusions(in: withoutTiles, allowedScripts: 1).isEmpty, "\(Self.intrusions(in: withoutTiles))")
        // Each tile opened as a document of its own (where an SVG's scripts would run).
        for name in tileNames.sorted().prefix(4) {
            let tileDOM = try Self.chromiumDOM(out.appendingPathComponent(name), profile: directory.file("profile"))
            try #require(tileDOM.contains("<svg"), "\(name): chromium built no document")
            #expect(Self.intrusions(in: tileDOM).isEmpty, "\(name): \(Self.intrusions(in: tileDOM))")
        }
    }

    /// The GeoJSON export carries every field as a JSON string that reads back as typed.
    @Test func theGeoJSONExportKeepsEveryFieldAsText() throws {
        let directory = try TemporaryDirectory()
        let db = try Self.database(directory)
        let result = try CLI.run(["--db", db, "day", "export", "2024-05-18", "--format", "geojson", "--no-privacy"])
        try #require(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        var strings: Set<String> = []
        func collect(_ value: Any) {
            if let text = value as? String { strings.insert(text) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        collect(document)
        for field in ["name", "log-title", "log-body", "weather", "day-note"] {
            #expect(strings.contains(Self.payload(field)), "\(field) is not in the export as typed")
        }
        #expect(strings.contains { $0.hasSuffix(Self.photoName) })
    }
}
