import FootprintGeo
import Foundation
import Testing

@testable import FootprintStore

/// The EXIF GPS reader on JPEGs written by piexif and by hand (Fixtures/photos/make_photos.py),
/// and on hostile bytes.
@Suite struct EXIFReaderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "jpg", subdirectory: "Fixtures/photos"))
        return [UInt8](try Data(contentsOf: url))
    }

    @Test(arguments: [
        // piexif's big-endian blocks, degrees/minutes/seconds as written by make_photos.py.
        ("seoul-forest", 37 + 32 / 60.0 + 39.84 / 3600, 127 + 2 / 60.0 + 14.64 / 3600),
        ("sydney", -(33 + 51 / 60.0 + 24.48 / 3600), 151 + 12 / 60.0 + 55.08 / 3600),
        // A little-endian block, north and west.
        ("reykjavik-le", 64 + 8 / 60.0 + 47.76 / 3600, -(21 + 56 / 60.0 + 33.36 / 3600)),
    ])
    func positionsAreRead(name: String, latitude: Double, longitude: Double) throws {
        let coordinate = try #require(try EXIFReader.gpsCoordinate(inJPEG: Self.fixture(name)))
        #expect(abs(coordinate.latitude - latitude) < 1e-12)
        #expect(abs(coordinate.longitude - longitude) < 1e-12)
    }

    /// Degrees, minutes and seconds are summed as one exact fraction and divided once, so a
    /// position written as 37°32'39.84" reads as 37.5444, not 37.544399999999996.
    @Test(arguments: [
        ("seoul-forest", 37.5444, 127.0374),
        ("sydney", -33.8568, 151.2153),
        ("reykjavik-le", 64.1466, -21.9426),
    ])
    func positionsAreTheNearestDoubles(name: String, latitude: Double, longitude: Double) throws {
        let coordinate = try #require(try EXIFReader.gpsCoordinate(inJPEG: Self.fixture(name)))
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test func aJPEGWithoutGPSHasNoPosition() throws {
        #expect(try EXIFReader.gpsCoordinate(inJPEG: Self.fixture("no-gps")) == nil)
        #expect(try EXIFReader.gpsCoordinate(inJPEG: Self.fixture("no-exif")) == nil)
    }

    @Test func aFileThatIsNotAJPEGIsRefused() {
        #expect(throws: EXIFError(reason: "the file is not a JPEG (it does not start with FF D8)")) {
            try EXIFReader.gpsCoordinate(inJPEG: Array("GIF89a".utf8))
        }
        #expect(throws: EXIFError.self) { try EXIFReader.gpsCoordinate(inJPEG: []) }
    }

    /// Every prefix of a JPEG with GPS: an error or `nil`, never a crash or a wrong position.
    @Test func everyTruncationFailsCleanly() throws {
        let bytes = try Self.fixture("seoul-forest")
        let whole = try EXIFReader.gpsCoordinate(inJPEG: bytes)
        for length in 0..<bytes.count {
            let position = try? EXIFReader.gpsCoordinate(inJPEG: Array(bytes.prefix(length)))
            if let position { #expect(position == whole, "\(length)") }
        }
    }

    /// Every byte of the EXIF block set to 0x00, 0xFF and flipped, and 20,000 seeded random
    /// corruptions: each gives a position on the globe, `nil` or an error, never a crash.
    @Test func corruptedBytesNeverCrash() throws {
        for name in ["seoul-forest", "reykjavik-le"] {
            let bytes = try Self.fixture(name)
            let exif = try #require(bytes.indices.first { bytes[$0] == 0x45 && bytes[$0 + 1] == 0x78 })  // "Ex"
            for index in (exif - 4)..<min(bytes.count, exif + 200) {
                for value in [0x00, 0xFF, ~bytes[index]] as [UInt8] {
                    var corrupted = bytes
                    corrupted[index] = value
                    Self.expectSane(corrupted)
                }
            }
            var generator = SplitMix(seed: 13)
            for _ in 0..<20_000 {
                var corrupted = bytes
                for _ in 0..<3 {
                    let index = exif + Int(generator.next() % 180)
                    corrupted[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                Self.expectSane(corrupted)
            }
        }
    }

    @Test func aZeroDenominatorIsAnError() throws {
        var bytes = try Self.fixture("reykjavik-le")
        // The little-endian block's first rational (latitude degrees): its denominator after "II*".
        let tiff = try #require(
            bytes.indices.first { bytes[$0] == 0x49 && bytes[$0 + 1] == 0x49 && bytes[$0 + 2] == 0x2A })
        let values = tiff + 8 + 2 + 12 + 4 + 2 + 12 * 4 + 4
        for offset in 4..<8 { bytes[values + offset] = 0 }
        #expect(throws: EXIFError(reason: "the GPS latitude's denominator is 0")) {
            try EXIFReader.gpsCoordinate(inJPEG: bytes)
        }
    }

    static func expectSane(_ bytes: [UInt8]) {
        guard let position = try? EXIFReader.gpsCoordinate(inJPEG: bytes) else { return }
        #expect(abs(position.latitude) <= 90 && abs(position.longitude) <= 180)
    }
}

/// A small seeded generator (SplitMix64), so the corruptions are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
