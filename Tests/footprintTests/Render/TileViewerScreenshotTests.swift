import FootprintTestSupport
import Foundation
import Testing

/// `render tiles`' index.html in headless Chromium (Debian `chromium`, installed by
/// tools/bootstrap): the page loads offline, requests its tiles and draws them.
@Suite struct TileViewerScreenshotTests {
    /// Chromium's path, or `nil` when it is not installed (the test is then skipped).
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The repository's `Data/` folder (the basemap: the tiles draw land over the page's water).
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")

    /// The share of the PNG's pixels that are not the page's background (#ddd, shown where no
    /// tile was written, as Leaflet shows it): decoded by
    /// Python's zlib (8-bit RGB or RGBA, non-interlaced, as Chromium writes screenshots).
    static func nonBackgroundShare(png: String) throws -> Double {
        let script = """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            pos, idat = 8, b''
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                if kind == b'IHDR': width, height, depth, color = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
                pos += 12 + length
            channels = {2: 3, 6: 4}[color]
            raw, stride, rows, prev, at = zlib.decompress(idat), width * channels, [], bytearray(width * channels), 0
            for _ in range(height):
                kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride]); at += 1 + stride
                for i in range(stride):
                    a = line[i - channels] if i >= channels else 0
                    b = prev[i]; c = prev[i - channels] if i >= channels else 0
                    if kind == 1: line[i] = (line[i] + a) & 255
                    elif kind == 2: line[i] = (line[i] + b) & 255
                    elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                    elif kind == 4:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line); prev = line
            other = sum(1 for row in rows for x in range(0, stride, channels) if tuple(row[x:x + 3]) != (221, 221, 221))
            print(other / (width * height))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, png]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return try #require(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(png): \(text)")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (tools/bootstrap installs it): viewer not tested"))
    func theViewerPageDrawsItsTiles() throws {
        let directory = try TemporaryDirectory()
        let db = try RenderCommandTests.database(directory)
        let out = directory.file("tiles")
        let written = try CLI.run(
            [
                "--db", db, "render", "tiles", "--zoom", "10-13", "--bbox", "126.9,37.5,127.1,37.6", "--all", "--out",
                out.path, "--quiet",
            ], environment: ["FOOTPRINT_DATA": Self.data.path])
        try #require(written.status == 0)
        let png = directory.file("shot.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.chromium!)
        process.arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=5000",
            "--screenshot=\(png.path)", "--window-size=800,600",
            out.appendingPathComponent("index.html").absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(FileManager.default.fileExists(atPath: png.path), "chromium wrote no screenshot")
        // The page alone is grey with two buttons and a credit line; the tiles (--all: every
        // tile of the box, not only those with places) cover most of the Seoul view, opened at
        // z12, the deepest zoom whose tiles of the box fit 800×600.
        #expect(try Self.nonBackgroundShare(png: png.path) > 0.5)
    }
}
