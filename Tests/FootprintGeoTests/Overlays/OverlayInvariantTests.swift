import FootprintGeo
import Foundation
import Testing

/// The overlays' throwing initializers: every invariant refused with one sentence.
@Suite struct OverlayInvariantTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    @Test func colourParsesUpperAndLowerCase() throws {
        let color = try OverlayColor(hex: "#FF8a00", opacity: 0.25)
        #expect(color.red == 255)
        #expect(color.green == 138)
        #expect(color.blue == 0)
        #expect(color.opacity == 0.25)
        #expect(color.hex == "#ff8a00")
        #expect(color.description == "#ff8a00 at 0.25")
        #expect(try OverlayColor(hex: "#000000").description == "#000000")
    }

    @Test(arguments: ["ff8800", "#ff880", "#ff88000", "#ace", "", "#", "rgb(1,2,3)", "#ff 800", "＃ff8800"])
    func colourRefusesWhatIsNotHashAndSixDigits(text: String) {
        #expect(throws: FootprintGeoError.self) { try OverlayColor(hex: text) }
    }

    @Test func colourNamesTheBadDigit() {
        #expect(throws: FootprintGeoError.self) { try OverlayColor(hex: "#gg0000") }
        do {
            _ = try OverlayColor(hex: "#ff00zz")
            Issue.record("accepted #ff00zz")
        } catch {
            #expect(error.description == "The colour “#ff00zz” is invalid: “z” is not a hexadecimal digit (0-9, a-f).")
        }
        do {
            _ = try OverlayColor(hex: "#ff8é00")
            Issue.record("accepted #ff8é00")
        } catch {
            #expect(error.description == "The colour “#ff8é00” is invalid: “é” is not a hexadecimal digit (0-9, a-f).")
        }
        do {
            _ = try OverlayColor(hex: "red")
            Issue.record("accepted red")
        } catch {
            #expect(
                error.description
                    == "The colour “red” is invalid: a colour is written #RRGGBB, with six hexadecimal digits.")
        }
    }

    @Test(arguments: [-0.01, 1.01, Double.nan, -Double.infinity])
    func opacityOutsideZeroToOneIsRefused(opacity: Double) throws {
        #expect(throws: FootprintGeoError.self) { try OverlayColor(hex: "#ffffff", opacity: opacity) }
        #expect(throws: FootprintGeoError.self) { try OverlayColor(red: 1, green: 2, blue: 3, opacity: opacity) }
        #expect(throws: FootprintGeoError.self) { try OverlayColor(hex: "#ffffff").withOpacity(opacity) }
    }

    @Test func opacityBoundsAreAccepted() throws {
        #expect(try OverlayColor(hex: "#ffffff", opacity: 0).opacity == 0)
        #expect(try OverlayColor(hex: "#ffffff", opacity: 1).opacity == 1)
    }

    @Test(arguments: [-1.0, -0.0001, Double.nan, Double.infinity])
    func strokeWidthMustBeZeroOrMore(width: Double) throws {
        let color = try OverlayColor(hex: "#112233")
        #expect(throws: FootprintGeoError.self) { try StrokeStyle(color: color, width: width) }
    }

    @Test func negativeWidthSentence() throws {
        let color = try OverlayColor(hex: "#112233")
        #expect(try StrokeStyle(color: color, width: 0).width == 0)
        do {
            _ = try StrokeStyle(color: color, width: -2)
            Issue.record("accepted a negative width")
        } catch {
            #expect(
                error.description == "The stroke width -2 is invalid: a width is a finite number of pixels, 0 or more.")
        }
    }

    @Test(arguments: [[0.0], [4, -1], [4, .nan], [.infinity]])
    func dashLengthsMustBePositive(lengths: [Double]) {
        #expect(throws: FootprintGeoError.self) { try DashPattern(lengths) }
    }

    @Test func dashPatternKeepsItsLengths() throws {
        #expect(try DashPattern([6, 3]).lengths == [6, 3])
        #expect(DashPattern.solid.isSolid)
        #expect(try DashPattern([]).isSolid)
    }

    func line() -> [[Coordinate]] {
        [[Coordinate(uncheckedLatitude: 0, longitude: 0), Coordinate(uncheckedLatitude: 0, longitude: 0.01)]]
    }

    func stroke() throws(FootprintGeoError) -> StrokeStyle {
        try StrokeStyle(color: OverlayColor(hex: "#3366ff"), width: 4)
    }

    @Test(arguments: [
        PathProgress.fraction(-0.01), .fraction(1.0001), .fraction(.nan), .distance(-1), .distance(.infinity),
    ])
    func progressOutOfRangeIsRefused(progress: PathProgress) throws {
        let stroke = try stroke()
        #expect(throws: FootprintGeoError.self) { try PathOverlay(parts: line(), stroke: stroke, progress: progress) }
    }

    @Test func progressBoundsAreAccepted() throws {
        for progress in [PathProgress.fraction(0), .fraction(1), .distance(0), .distance(1e9)] {
            #expect(try PathOverlay(parts: line(), stroke: stroke(), progress: progress).progress == progress)
        }
    }

    @Test func progressSentence() throws {
        do {
            _ = try PathOverlay(parts: line(), stroke: stroke(), progress: .fraction(1.5))
            Issue.record("accepted progress 1.5")
        } catch {
            #expect(error.description == "The progress 1.5 is invalid: a fraction of the path lies between 0 and 1.")
        }
    }

    @Test func pathNeedsPartsOfTwoPositions() throws {
        let stroke = try stroke()
        #expect(throws: FootprintGeoError.self) { try PathOverlay(parts: [], stroke: stroke) }
        do {
            _ = try PathOverlay(parts: line() + [[Self.seoul]], stroke: stroke)
            Issue.record("accepted a one-position part")
        } catch {
            #expect(
                error.description == "The path part 1 is invalid: it has 1 position, and a line needs two or more.")
        }
        #expect(throws: FootprintGeoError.self) { try PathOverlay(parts: [[]], stroke: stroke) }
    }

    @Test func progressSplitsThePathWhereTheWalkerIs() throws {
        // Two parts along the equator; the second starts after a gap, which is not counted.
        let parts = [
            [Coordinate(uncheckedLatitude: 0, longitude: 0), Coordinate(uncheckedLatitude: 0, longitude: 0.01)],
            [Coordinate(uncheckedLatitude: 0, longitude: 0.02), Coordinate(uncheckedLatitude: 0, longitude: 0.03)],
        ]
        let path = try PathOverlay(parts: parts, stroke: stroke(), progress: .fraction(0.75))
        let partLength = LineString(unchecked: parts[0]).length()
        #expect(abs(path.length() - 2 * partLength) < 1e-9)
        #expect(abs(path.passedDistance() - 1.5 * partLength) < 1e-9)
        let split = path.splitAtProgress()
        #expect(split.passed.count == 2)
        #expect(split.remaining.count == 1)
        #expect(split.passed[0].coordinates == parts[0])
        let cut = try #require(split.passed[1].coordinates.last)
        #expect(abs(cut.longitude - 0.025) < 1e-9)
        #expect(split.remaining[0].coordinates.first == cut)
        #expect(split.remaining[0].coordinates.last == parts[1][1])

        let beyond = try PathOverlay(parts: parts, stroke: stroke(), progress: .distance(1e7))
        #expect(beyond.passedDistance() == beyond.length())
        #expect(beyond.splitAtProgress().remaining.isEmpty)
        let none = try PathOverlay(parts: parts, stroke: stroke())
        #expect(none.splitAtProgress().passed.isEmpty)
        #expect(none.splitAtProgress().remaining.map(\.coordinates) == parts)
    }

    @Test(arguments: [0.0, -5, .nan, .infinity, 1_000_000.5])
    func circleRadiusMustBeAboveZeroAndBounded(radius: Double) {
        #expect(throws: FootprintGeoError.self) { try CircleOverlay(center: Self.seoul, radiusMeters: radius) }
    }

    @Test func circleRadiusSentence() {
        do {
            _ = try CircleOverlay(center: Self.seoul, radiusMeters: 0)
            Issue.record("accepted radius 0")
        } catch {
            #expect(
                error.description
                    == "The circle radius 0 m is invalid: a radius is a number of metres above 0 and at most 1000000 (1000 km)."
            )
        }
    }

    @Test func markerSymbolMustBeAWord() throws {
        #expect(throws: FootprintGeoError.self) { try Marker(coordinate: Self.seoul, symbol: "") }
        #expect(throws: FootprintGeoError.self) { try Marker(coordinate: Self.seoul, symbol: "coffee shop") }
        #expect(try Marker(coordinate: Self.seoul, symbol: "cafe").symbol == "cafe")
    }

    @Test func labelNeedsTextAndAPositiveFontSize() throws {
        #expect(throws: FootprintGeoError.self) { try Label(text: "", coordinate: Self.seoul) }
        for size in [0, -3, Double.nan] {
            #expect(throws: FootprintGeoError.self) { try Label(text: "집", coordinate: Self.seoul, fontSize: size) }
        }
    }

    @Test func photoNeedsAFile() {
        #expect(throws: FootprintGeoError.self) {
            try PhotoMarker(coordinate: Self.seoul, file: "", takenAt: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func polygonRingsMustBeClosed() {
        let open = [
            Coordinate(uncheckedLatitude: 0, longitude: 0), Coordinate(uncheckedLatitude: 0, longitude: 1),
            Coordinate(uncheckedLatitude: 1, longitude: 1), Coordinate(uncheckedLatitude: 1, longitude: 0),
        ]
        #expect(throws: FootprintGeoError.invalidRing(index: 0, reason: "its first and last positions differ")) {
            try PolygonOverlay(exterior: open)
        }
        #expect(throws: FootprintGeoError.self) { try PolygonOverlay(exterior: Array(open.prefix(2)) + [open[0]]) }
    }
}
