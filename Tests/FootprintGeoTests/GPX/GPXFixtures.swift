import Foundation
import FootprintGeo

/// The GPX fixture files under `Fixtures/gpx` and helpers to read GPX text in tests.
enum GPXFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/gpx") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(try Data(contentsOf: url))
    }

    static func document(_ name: String) throws -> GPXDocument { try GPXDocument(bytes: bytes(name)) }

    static func document(text: String) throws(GPXError) -> GPXDocument { try GPXDocument(bytes: Array(text.utf8)) }

    /// The error reading `text` throws, or nil when it reads.
    static func error(_ text: String) -> GPXError? {
        error(bytes: Array(text.utf8))
    }

    static func error(bytes: [UInt8]) -> GPXError? {
        do {
            _ = try GPXDocument(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Every event of a document, read through a source that hands over `chunk` bytes at a time.
    static func events(_ bytes: [UInt8], chunk: Int = 1 << 16) throws(GPXError) -> [GPXEvent] {
        var offset = 0
        var reader = GPXReader { buffer in
            let count = min(chunk, buffer.count, bytes.count - offset)
            for index in 0..<count { buffer[index] = bytes[offset + index] }
            offset += count
            return count
        }
        var events: [GPXEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    /// A one-track document with the given points' XML inside its segment.
    static func track(_ points: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><trkseg>
        \(points)
          </trkseg></trk>
        </gpx>
        """
    }
}
