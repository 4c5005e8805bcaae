import FootprintGeo
import Foundation
import Testing

/// simplestyle-spec 1.1.0 properties of each overlay, exactly, in their fixed order.
@Suite struct OverlaySimpleStyleTests {
    static let seoul = Coordinate(uncheckedLatitude: 37.5665, longitude: 126.978)

    func text(_ overlay: Overlay) -> String {
        JSONValue.object(overlay.simpleStyleProperties).serialized()
    }

    @Test func markerWritesSizeSymbolAndColour() throws {
        let marker = try Marker(
            coordinate: Self.seoul, symbol: "cafe", color: OverlayColor(hex: "#FF0000"), size: .large, title: "카페",
            description: "Flat white")
        #expect(
            text(.marker(marker))
                == ##"{"title":"카페","description":"Flat white","marker-size":"large","marker-symbol":"cafe","marker-color":"#ff0000"}"##
        )
    }

    @Test func plainMarkerWritesOnlyItsSize() throws {
        #expect(text(.marker(try Marker(coordinate: Self.seoul))) == ##"{"marker-size":"medium"}"##)
        let faded = try Marker(coordinate: Self.seoul, color: OverlayColor(hex: "#00ff00", opacity: 0.5), size: .small)
        #expect(text(.marker(faded)) == ##"{"marker-size":"small","marker-color":"#00ff00","marker-opacity":0.5}"##)
    }

    @Test func pathWritesStrokeDashOutlineAndPassedColour() throws {
        let path = try PathOverlay(
            parts: [[Self.seoul, Coordinate(uncheckedLatitude: 37.57, longitude: 126.98)]],
            stroke: StrokeStyle(color: OverlayColor(hex: "#3366FF", opacity: 0.8), width: 5),
            outline: StrokeStyle(color: OverlayColor(hex: "#ffffff"), width: 1.5), dash: DashPattern([6, 3]),
            cap: .butt, join: .bevel, passedColor: OverlayColor(hex: "#999999", opacity: 0.4),
            progress: .fraction(0.25),
            title: "Walk")
        #expect(
            text(.path(path))
                == ##"{"title":"Walk","stroke":"#3366ff","stroke-opacity":0.8,"stroke-width":5,"stroke-dasharray":[6,3],"stroke-linecap":"butt","stroke-linejoin":"bevel","outline-stroke":"#ffffff","outline-stroke-width":1.5,"passed-stroke":"#999999","passed-stroke-opacity":0.4,"progress":0.25}"##
        )
    }

    @Test func pathProgressInMetres() throws {
        let path = try PathOverlay(
            parts: [[Self.seoul, Coordinate(uncheckedLatitude: 37.57, longitude: 126.98)]],
            stroke: StrokeStyle(color: OverlayColor(hex: "#000000"), width: 3),
            passedColor: OverlayColor(hex: "#aaaaaa"), progress: .distance(120.5))
        #expect(
            text(.path(path))
                == ##"{"stroke":"#000000","stroke-width":3,"stroke-linecap":"round","stroke-linejoin":"round","passed-stroke":"#aaaaaa","progress_m":120.5}"##
        )
    }

    @Test func polygonWritesStrokeThenFill() throws {
        let ring = [
            Coordinate(uncheckedLatitude: 0, longitude: 0), Coordinate(uncheckedLatitude: 0, longitude: 1),
            Coordinate(uncheckedLatitude: 1, longitude: 1), Coordinate(uncheckedLatitude: 0, longitude: 0),
        ]
        let polygon = try PolygonOverlay(
            exterior: ring, fill: OverlayColor(hex: "#00aa00", opacity: 0.3),
            stroke: StrokeStyle(color: OverlayColor(hex: "#005500"), width: 2), title: "Park", description: "공원")
        #expect(
            text(.polygon(polygon))
                == ##"{"title":"Park","description":"공원","stroke":"#005500","stroke-width":2,"fill":"#00aa00","fill-opacity":0.3}"##
        )
        #expect(text(.polygon(try PolygonOverlay(exterior: ring))) == "{}")
    }

    @Test func circleWritesItsRadiusInMetres() throws {
        let circle = try CircleOverlay(
            center: Self.seoul, radiusMeters: 250, fill: OverlayColor(hex: "#ff0000", opacity: 0.2),
            stroke: StrokeStyle(color: OverlayColor(hex: "#ff0000"), width: 1), title: "Home")
        #expect(
            text(.circle(circle))
                == ##"{"title":"Home","stroke":"#ff0000","stroke-width":1,"fill":"#ff0000","fill-opacity":0.2,"radius_m":250}"##
        )
    }

    @Test func photoWritesFileAndUTCTime() throws {
        let photo = try PhotoMarker(
            coordinate: Self.seoul, file: "IMG_0042.jpg", takenAt: Date(timeIntervalSince1970: 1_714_555_800),
            title: "Lunch")
        #expect(text(.photo(photo)) == ##"{"title":"Lunch","file":"IMG_0042.jpg","taken_at":"2024-05-01T09:30:00Z"}"##)
        let precise = try PhotoMarker(
            coordinate: Self.seoul, file: "a.jpg", takenAt: Date(timeIntervalSince1970: 1_714_555_800.25))
        #expect(text(.photo(precise)) == ##"{"file":"a.jpg","taken_at":"2024-05-01T09:30:00.250Z"}"##)
    }

    @Test func labelWritesTextSizeAndHalo() throws {
        let label = try Label(
            text: "남산", coordinate: Self.seoul, fontSize: 14, color: OverlayColor(hex: "#222222"),
            halo: StrokeStyle(color: OverlayColor(hex: "#ffffff", opacity: 0.9), width: 2))
        #expect(
            text(.label(label))
                == ##"{"title":"남산","text":"남산","text-size":14,"text-color":"#222222","text-halo-color":"#ffffff","text-halo-opacity":0.9,"text-halo-width":2}"##
        )
        #expect(
            text(.label(try Label(text: "x", coordinate: Self.seoul))) == ##"{"title":"x","text":"x","text-size":12}"##)
    }
}
