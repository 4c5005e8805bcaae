import Testing

@testable import FootprintGeo

/// Length, position at a distance and slicing against GeographicLib 2.1 (line_measures.csv).
@Suite struct LineStringMeasuresTests {
    @Test(arguments: LineMeasuresFixture.lineNames)
    func lengthIsTheSumOfGeographicLibDistances(_ name: String) throws {
        let line = try #require(LineMeasuresFixture.lines[name])
        let expected = try #require(LineMeasuresFixture.lengths[name])
        #expect(abs(line.length() - expected) <= 1e-6)
    }

    @Test(arguments: LineMeasuresFixture.pointsAt.indices)
    func coordinateAtDistanceMatchesGeographicLibDirect(_ index: Int) throws {
        let row = LineMeasuresFixture.pointsAt[index]
        let line = try #require(LineMeasuresFixture.lines[row.line])
        let found = try #require(line.coordinate(atDistance: row.distance))
        #expect(Geodesic.distance(from: found, to: row.expected) <= 1e-6, "\(row.line) at \(row.distance)")
    }

    @Test func coordinateAtDistanceClampsAndHitsPositionsExactly() throws {
        let line = try #require(LineMeasuresFixture.lines["korea-trip"])
        #expect(line.coordinate(atDistance: -5) == line.coordinates.first)
        #expect(line.coordinate(atDistance: 1e9) == line.coordinates.last)
        #expect(line.coordinate(atDistance: .infinity) == line.coordinates.last)
        let firstSegment = Geodesic.distance(from: line.coordinates[0], to: line.coordinates[1])
        #expect(line.coordinate(atDistance: firstSegment) == line.coordinates[1])
        #expect(line.coordinate(atDistance: .nan) == nil)
    }

    @Test func degenerateLinesGiveNilOrEmptyAnswers() throws {
        let empty = LineString(unchecked: [])
        #expect(empty.length() == 0)
        #expect(empty.coordinate(atDistance: 10) == nil)
        #expect(empty.sliced(fromDistance: 0, toDistance: 10) == nil)
        #expect(empty.closestCoordinate(to: Coordinate(uncheckedLatitude: 0, longitude: 0)) == nil)

        let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)
        let single = LineString(unchecked: [seoul])
        #expect(single.length() == 0)
        #expect(single.coordinate(atDistance: 10) == seoul)
        #expect(single.sliced(fromDistance: 0, toDistance: 10)?.coordinates == [seoul, seoul])

        let standing = LineString(unchecked: [seoul, seoul, seoul])
        #expect(standing.length() == 0)
        #expect(standing.coordinate(atDistance: 3) == seoul)
        #expect(standing.sliced(fromDistance: 0, toDistance: 3)?.coordinates.allSatisfy { $0 == seoul } == true)
    }

    @Test(arguments: LineMeasuresFixture.lineNames)
    func slicesStartAndEndAtTheirDistancesAndKeepThePositionsBetween(_ name: String) throws {
        let line = try #require(LineMeasuresFixture.lines[name])
        let length = line.length()
        for (from, to) in [(0.0, 1.0), (0.1, 0.4), (0.25, 0.77), (0.5, 0.5), (0.0, 0.3), (0.6, 1.0)]
            .map({ ($0.0 * length, $0.1 * length) })
        {
            let slice = try #require(line.sliced(fromDistance: from, toDistance: to))
            let expectedStart = try #require(line.coordinate(atDistance: from))
            let expectedEnd = try #require(line.coordinate(atDistance: to))
            #expect(slice.coordinates.first == expectedStart)
            #expect(slice.coordinates.last == expectedEnd)
            #expect(abs(slice.length() - (to - from)) <= 1e-6, "\(name) \(from)…\(to)")
            // The positions strictly between the two distances, in order.
            var walked = 0.0
            var inside: [Coordinate] = []
            for index in line.coordinates.indices.dropFirst() {
                walked += Geodesic.distance(from: line.coordinates[index - 1], to: line.coordinates[index])
                if walked > from && walked < to { inside.append(line.coordinates[index]) }
            }
            #expect(Array(slice.coordinates.dropFirst().dropLast()) == inside, "\(name) \(from)…\(to)")
        }
    }

    @Test func slicesClampAndRejectReversedOrNaNDistances() throws {
        let line = try #require(LineMeasuresFixture.lines["seoul-walk"])
        #expect(line.sliced(fromDistance: -100, toDistance: 1e9)?.coordinates == line.coordinates)
        #expect(line.sliced(fromDistance: 500, toDistance: 100) == nil)
        #expect(line.sliced(fromDistance: .nan, toDistance: 100) == nil)
        let last = try #require(line.coordinates.last)
        #expect(line.sliced(fromDistance: 1e9, toDistance: 2e9)?.coordinates == [last, last])
        let first = line.coordinates[0]
        #expect(line.sliced(fromDistance: 0, toDistance: 0)?.coordinates == [first, first])
    }
}
