import FootprintTestSupport
import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// `--crs` with x/y (and lon/lat) columns, checked against GDAL's own CSV output
/// (Fixtures/README.md: `ogr2ogr -f CSV -lco GEOMETRY=AS_XY`).
@Suite struct CRSImportTests {
    /// The WGS84 positions of `gdal_source.geojson`, by name.
    static let sourcePositions: [String: (latitude: Double, longitude: Double)] = [
        "서울시청": (37.5662952, 126.9779692),
        "부산시청": (35.1798159, 129.0750223),
        "Sydney Opera House": (-33.8567844, 151.2152967),
    ]

    /// The imported places' positions by name.
    private func positions(_ test: ImportTestStore) throws -> [String: (latitude: Double, longitude: Double)] {
        var result: [String: (latitude: Double, longitude: Double)] = [:]
        for row in try test.places().values {
            result[row["name"]] = (row["latitude"], row["longitude"])
        }
        return result
    }

    /// GDAL writes X = longitude, Y = latitude for EPSG:4326; `--crs EPSG:4326` reads them so, with
    /// no digit lost (the southern-hemisphere point checks the sign is kept too).
    @Test(arguments: ["EPSG:4326", "epsg:4326", "WGS84", "OGC:CRS84"])
    func gdalXYInWGS84(crs: String) throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: importFixture("gdal_xy_4326.csv"), options: ImportOptions(crs: crs))
        #expect(summary.inserted == 3)
        #expect(summary.skipped == 0)
        let imported = try positions(test)
        #expect(imported.count == 3)
        for (name, expected) in Self.sourcePositions {
            let position = try #require(imported[name])
            #expect(abs(position.latitude - expected.latitude) < 1e-9, "\(name)")
            #expect(abs(position.longitude - expected.longitude) < 1e-9, "\(name)")
        }
        #expect(try test.places()["서울시청@37.566295,126.977969"]?["category"] as String? == "공공기관")
    }

    /// A projected CRS and another geographic one (the Tokyo datum, ~300 m off WGS84 in Korea):
    /// both come back to the source's WGS84 positions within a centimetre-scale tolerance, the
    /// round trip being PROJ's both ways.
    @Test(arguments: [("gdal_xy_5186.csv", "EPSG:5186"), ("gdal_xy_4301.csv", "EPSG:4301")])
    func gdalXYInAnotherCRS(file: String, crs: String) throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(from: importFixture(file), options: ImportOptions(crs: crs))
        #expect(summary.inserted == 2)
        #expect(summary.skipped == 0)
        let imported = try positions(test)
        for name in ["서울시청", "부산시청"] {
            let expected = try #require(Self.sourcePositions[name])
            let position = try #require(imported[name])
            #expect(abs(position.latitude - expected.latitude) < 1e-7, "\(name) \(position)")
            #expect(abs(position.longitude - expected.longitude) < 1e-7, "\(name) \(position)")
        }
    }

    /// GDAL's header for a layer of one attribute ends with an unnamed column its rows leave out.
    @Test func gdalXYOfOneAttribute() throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: importFixture("gdal_xy_one_field.csv"), options: ImportOptions(crs: "EPSG:4326"))
        #expect(summary.inserted == 1)
        #expect(summary.skipped == 0)
        let place = try #require(try test.places()["서울시청@37.566295,126.977969"])
        #expect(place["latitude"] as Double == 37.5662952)
        #expect(place["longitude"] as Double == 126.9779692)
    }

    /// lat/lon columns with a geographic CRS are read in that CRS; with EPSG:4326 they are as they are.
    @Test func latLonColumnsWithAGeographicCRS() throws {
        let test = try ImportTestStore()
        let url = try test.file("ll.csv", "name,longitude,latitude\n서울숲,127.0374,37.5444\n")
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(crs: "EPSG:4326"))
        #expect(summary.inserted == 1)
        let place = try #require(try test.places()["서울숲@37.544400,127.037400"])
        #expect(place["latitude"] as Double == 37.5444)
        #expect(place["longitude"] as Double == 127.0374)
    }

    /// Naver's TM128 metres in x/y columns (the positions of `naver_search_tm128.json`, whose
    /// expected degrees Fixtures/README.md gives from `cs2cs`).
    @Test func tm128XY() throws {
        let test = try ImportTestStore()
        let url = try test.file("tm128.csv", "id,name,x,y\n1,연남동 카페,304855,550398\n")
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(crs: "tm128"))
        #expect(summary.inserted == 1)
        let place = try #require(try test.places()["1"])
        #expect(abs(place["latitude"] as Double - 37.550897889) < 1e-8)
        #expect(abs(place["longitude"] as Double - 126.921002830) < 1e-8)
    }

    /// x/y without a CRS stays an error, whatever the case of the header names.
    @Test func xyWithoutCRSIsStillAnError() throws {
        let test = try ImportTestStore()
        let gdal = try importFixture("gdal_xy_4326.csv")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: gdal.path, line: 1,
                reason: "The x and y columns need --crs to say what they are (e.g. --crs EPSG:5186)")
        ) { try test.store.importPlaces(from: gdal) }
        #expect(try test.count() == 0)
    }

    /// Metres read with a geographic CRS are said of the x/y column, with the CRS to give.
    @Test func metresWithAGeographicCRSSaySo() throws {
        let test = try ImportTestStore()
        let url = try test.file("tm.csv", "X,Y,name\n198047.5,551862.8,시청\n127,95,북쪽\n")
        let summary = try test.store.importPlaces(from: url, options: ImportOptions(crs: "EPSG:4326"))
        #expect(
            summary.skippedRows == [
                SkippedRow(
                    line: 2,
                    reason: "The “Y” column's 551862.8 is outside -90…90 degrees: x and y in metres need the "
                        + "projected CRS they are in, such as --crs EPSG:5186"),
                SkippedRow(line: 3, reason: "The “Y” column's 95 is outside -90…90 degrees"),
            ])
    }

    /// Degrees the other way round are said of the file's columns, named as its header names
    /// them, never as the `LAT,LON` of a point argument.
    @Test(arguments: [
        (
            "X,Y,name\n37.5663,126.9779,시청\n", "EPSG:4326",
            "The “X” column's 37.5663 is a latitude and the “Y” column's 126.9779 a longitude: "
                + "with a geographic --crs, x is the longitude and y the latitude, as GDAL writes them"
        ),
        (
            "name,lat,lon\n시청,126.9779,37.5663\n", nil,
            "The “lat” column's 126.9779 is a longitude and the “lon” column's 37.5663 a latitude: the two columns look swapped"
        ),
        (
            "이름,경도,위도\n시청,37.5663,126.9779\n", nil,
            "The “위도” column's 126.9779 is a longitude and the “경도” column's 37.5663 a latitude: the two columns look swapped"
        ),
    ])
    func swappedColumnsAreSaidInTheFilesTerms(text: String, crs: String?, reason: String) throws {
        let test = try ImportTestStore()
        let summary = try test.store.importPlaces(
            from: test.file("swapped.csv", text), options: ImportOptions(crs: crs))
        #expect(summary.skippedRows == [SkippedRow(line: 2, reason: reason)])
        #expect(try test.count() == 0)
    }
}
