import Foundation
import FootprintGeo
import Testing

/// Cutting at the antimeridian (RFC 7946 §3.1.9), numbers checked against the RFC's example
/// and hand-computed linear interpolation.
@Suite struct AntimeridianTests {
    func coordinate(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    @Test func theRFCLineExample() {
        let line = Geometry.lineString(LineString(unchecked: [coordinate(170, 45), coordinate(-170, 45)]))
        #expect(
            GeoJSONEncoder().encode(line)
                == #"{"type":"MultiLineString","coordinates":[[[170,45],[180,45]],[[-180,45],[-170,45]]]}"#)
    }

    @Test func crossingLatitudeIsInterpolated() {
        // From 170°E 40°N to 160°W 50°N: 30° of longitude, the meridian a third of the way.
        let parts = LineString(unchecked: [coordinate(170, 40), coordinate(-160, 50), coordinate(-150, 50)])
            .splitAtAntimeridian()
        #expect(parts.count == 2)
        #expect(parts[0].coordinates == [coordinate(170, 40), coordinate(180, 40 + 10.0 / 3)])
        #expect(parts[1].coordinates == [coordinate(-180, 40 + 10.0 / 3), coordinate(-160, 50), coordinate(-150, 50)])
        // Westward, and back again: three parts.
        let back = LineString(unchecked: [coordinate(-175, 0), coordinate(175, 10), coordinate(-175, 20)])
            .splitAtAntimeridian()
        #expect(
            back.map(\.coordinates) == [
                [coordinate(-175, 0), coordinate(-180, 5)],
                [coordinate(180, 5), coordinate(175, 10), coordinate(180, 15)],
                [coordinate(-180, 15), coordinate(-175, 20)],
            ])
    }

    @Test func positionsOnTheMeridianAreNotDoubled() {
        let parts = LineString(unchecked: [coordinate(179, 0), coordinate(180, 1), coordinate(-179, 2)])
            .splitAtAntimeridian()
        #expect(
            parts.map(\.coordinates) == [
                [coordinate(179, 0), coordinate(180, 1)], [coordinate(-180, 1), coordinate(-179, 2)],
            ])
    }

    @Test func longitudesBeyond180AreWrapped() {
        let parts = LineString(unchecked: [coordinate(179, 0), coordinate(181, 2)]).splitAtAntimeridian()
        #expect(
            parts.map(\.coordinates) == [
                [coordinate(179, 0), coordinate(180, 1)], [coordinate(-180, 1), coordinate(-179, 2)],
            ])
    }

    @Test func aLineThatDoesNotCrossIsUnchanged() {
        let line = LineString(unchecked: [coordinate(126.9, 37.5), coordinate(127, 37.6)])
        #expect(line.splitAtAntimeridian() == [line])
        #expect(LineString(unchecked: []).splitAtAntimeridian() == [LineString(unchecked: [])])
    }

    @Test func theRFCPolygonExample() {
        let polygon = Geometry.polygon(
            Polygon(unchecked: [
                [
                    coordinate(170, 40), coordinate(-170, 40), coordinate(-170, 50), coordinate(170, 50),
                    coordinate(170, 40),
                ]
            ]))
        #expect(
            GeoJSONEncoder().encode(polygon)
                == #"{"type":"MultiPolygon","coordinates":[[[[180,50],[170,50],[170,40],[180,40],[180,50]]],[[[-180,40],[-170,40],[-170,50],[-180,50],[-180,40]]]]}"#
        )
    }

    @Test func aClockwisePolygonIsCutAndRewound() {
        let polygon = Polygon(unchecked: [
            [coordinate(170, 40), coordinate(170, 50), coordinate(-170, 50), coordinate(-170, 40), coordinate(170, 40)]
        ])
        #expect(
            GeoJSONEncoder().encode(.polygon(polygon))
                == #"{"type":"MultiPolygon","coordinates":[[[[180,50],[170,50],[170,40],[180,40],[180,50]]],[[[-180,40],[-170,40],[-170,50],[-180,50],[-180,40]]]]}"#
        )
    }

    /// A C-shaped polygon opening east across the meridian: one piece west, two east.
    /// Summing the unwrapped steps of a ring drifts by a few ulps; its ends are still one point,
    /// and the polygon is cut (it was returned uncut, spanning ±180°, while the ends differed).
    @Test func aRingWhoseUnwrappedEndsDriftIsStillCut() {
        // 16 vertices, 0.01° round 179.999°E, starting 0.1 rad round: the unwrapped last point
        // is 2.8e-14° off the first (checked in Python with the same doubles).
        var ring = (0..<16).map { step -> Coordinate in
            let angle = 0.1 + Double(step) / 16 * 2 * .pi
            var longitude = 179.999 + 0.01 * cos(angle)
            if longitude > 180 { longitude -= 360 }
            return coordinate(longitude, 10 + 0.01 * sin(angle))
        }
        ring.append(ring[0])
        let pieces = Polygon(unchecked: [ring]).splitAtAntimeridian()
        #expect(pieces.count == 2)
        for piece in pieces {
            let longitudes = piece.rings[0].map(\.longitude)
            #expect(longitudes.allSatisfy { $0 >= 179.98 } || longitudes.allSatisfy { $0 <= -179.99 })
            #expect(piece.rings[0].first == piece.rings[0].last)
        }
    }

    @Test func aPolygonCrossingSeveralTimesGivesSeveralPieces() {
        let ring = [
            coordinate(170, 0), coordinate(-170, 0), coordinate(-170, 10), coordinate(175, 10), coordinate(175, 20),
            coordinate(-170, 20), coordinate(-170, 30), coordinate(170, 30), coordinate(170, 0),
        ]
        let pieces = Polygon(unchecked: [ring]).splitAtAntimeridian()
        #expect(
            pieces.map(\.rings) == [
                [
                    [
                        coordinate(180, 10), coordinate(175, 10), coordinate(175, 20), coordinate(180, 20),
                        coordinate(180, 30), coordinate(170, 30),
                        coordinate(170, 0), coordinate(180, 0), coordinate(180, 10),
                    ]
                ],
                [
                    [
                        coordinate(-180, 0), coordinate(-170, 0), coordinate(-170, 10), coordinate(-180, 10),
                        coordinate(-180, 0),
                    ]
                ],
                [
                    [
                        coordinate(-180, 20), coordinate(-170, 20), coordinate(-170, 30), coordinate(-180, 30),
                        coordinate(-180, 20),
                    ]
                ],
            ])
    }

    @Test func holesGoToTheirPieceOrJoinTheOutline() {
        let exterior = [
            coordinate(170, -10), coordinate(-170, -10), coordinate(-170, 10), coordinate(170, 10),
            coordinate(170, -10),
        ]
        let westHole = [
            coordinate(172, -2), coordinate(172, 2), coordinate(176, 2), coordinate(176, -2), coordinate(172, -2),
        ]
        let pieces = Polygon(unchecked: [exterior, westHole]).splitAtAntimeridian()
        #expect(pieces.count == 2)
        #expect(pieces[0].rings.count == 2)
        #expect(pieces[0].rings[1] == westHole)
        #expect(pieces[1].rings.count == 1)

        let crossingHole = [
            coordinate(175, -5), coordinate(175, 5), coordinate(-175, 5), coordinate(-175, -5), coordinate(175, -5),
        ]
        let cut = Polygon(unchecked: [exterior, crossingHole]).splitAtAntimeridian()
        #expect(
            cut.map(\.rings) == [
                [
                    [
                        coordinate(180, 10), coordinate(170, 10), coordinate(170, -10), coordinate(180, -10),
                        coordinate(180, -5), coordinate(175, -5),
                        coordinate(175, 5), coordinate(180, 5), coordinate(180, 10),
                    ]
                ],
                [
                    [
                        coordinate(-180, -10), coordinate(-170, -10), coordinate(-170, 10), coordinate(-180, 10),
                        coordinate(-180, 5), coordinate(-175, 5),
                        coordinate(-175, -5), coordinate(-180, -5), coordinate(-180, -10),
                    ]
                ],
            ])
    }

    @Test func aRingAroundThePoleIsLeftWhole() {
        let ring = [coordinate(0, 80), coordinate(90, 80), coordinate(180, 80), coordinate(-90, 80), coordinate(0, 80)]
        #expect(Polygon(unchecked: [ring]).splitAtAntimeridian() == [Polygon(unchecked: [ring])])
    }

    @Test func multiGeometriesGainParts() {
        let multi = Geometry.multiLineString(
            MultiLineString([
                LineString(unchecked: [coordinate(170, 45), coordinate(-170, 45)]),
                LineString(unchecked: [coordinate(0, 0), coordinate(1, 1)]),
            ]))
        guard case .multiLineString(let result) = multi.splitAtAntimeridian() else {
            Issue.record("expected a MultiLineString"); return
        }
        #expect(result.lines.count == 3)
        #expect(
            GeoJSONEncoder(splitsAtAntimeridian: false).encode(
                .lineString(LineString(unchecked: [coordinate(170, 45), coordinate(-170, 45)])))
                == #"{"type":"LineString","coordinates":[[170,45],[-170,45]]}"#)
    }

    @Test func boundingBoxOfACutLineSpansTheAntimeridian() throws {
        let line = Geometry.lineString(LineString(unchecked: [coordinate(170, 40), coordinate(-160, 50)]))
        #expect(
            GeoJSONEncoder(includesBoundingBox: true).encode(line)
                == #"{"type":"MultiLineString","bbox":[170,40,-160,50],"coordinates":[[[170,40],[180,43.333333]],[[-180,43.333333],[-160,50]]]}"#
        )
        let box = try #require(BoundingBox(geoJSONCovering: [line]))
        #expect(box == BoundingBox(uncheckedWest: 170, south: 40, east: -160, north: 50))
        // A line going the long way round (short steps) keeps its whole span.
        let long = Geometry.lineString(
            LineString(unchecked: stride(from: -100.0, through: 100, by: 50).map { coordinate($0, 0) }))
        #expect(BoundingBox(geoJSONCovering: [long]) == BoundingBox(uncheckedWest: -100, south: 0, east: 100, north: 0))
    }
}
