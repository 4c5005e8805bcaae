import FootprintTestSupport
import Foundation
import Testing

/// `footprint import places` reads what files say as they mean it: x/y with any CRS (against
/// GDAL's own CSV), a bad optional value as a warning, encodings and JSON paths in messages.
@Suite struct ImportReadingTests {
    let directory: TemporaryDirectory
    let db: String

    init() throws {
        directory = try TemporaryDirectory()
        db = directory.file("f.sqlite").path
    }

    func file(_ name: String, _ data: Data) throws -> String {
        try data.write(to: directory.file(name))
        return name
    }

    func file(_ name: String, _ text: String) throws -> String { try file(name, Data(text.utf8)) }

    func run(_ arguments: [String], input: String? = nil) throws -> CLIResult {
        try CLI.run(["--db", db] + arguments, input: input, directory: directory.url)
    }

    func places() throws -> [String: [String: Any]] {
        let list = try run(["place", "list", "--all", "--json"])
        let objects = try #require(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        var byName: [String: [String: Any]] = [:]
        for object in objects { byName[object["name"] as? String ?? ""] = object }
        return byName
    }

    /// GDAL's CSV (`ogr2ogr -f CSV -lco GEOMETRY=AS_XY`, run here on a GeoJSON written by the
    /// test) imported with `--crs EPSG:4326`: X is the longitude, every digit kept.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ogr2ogr")))
    func gdalXYWithEPSG4326() throws {
        _ = try file(
            "in.geojson",
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"서울시청"},"geometry":{"type":"Point","coordinates":[126.9779692,37.5662952]}},
            {"type":"Feature","properties":{"name":"Sydney"},"geometry":{"type":"Point","coordinates":[151.2152967,-33.8567844]}}
            ]}
            """)
        let gdal = Process()
        gdal.executableURL = URL(fileURLWithPath: "/usr/bin/ogr2ogr")
        gdal.arguments = ["-f", "CSV", "-lco", "GEOMETRY=AS_XY", "xy.csv", "in.geojson"]
        gdal.currentDirectoryURL = directory.url
        try gdal.run()
        gdal.waitUntilExit()
        #expect(gdal.terminationStatus == 0)
        let written = try String(contentsOf: directory.file("xy.csv"), encoding: .utf8)
        #expect(written.hasPrefix("X,Y,name"))  // GDAL 3.6 writes `X,Y,name,`: one attribute

        let withoutCRS = try run(["import", "places", "xy.csv"])
        #expect(withoutCRS.status == 1)
        #expect(
            withoutCRS.stderr
                == "Error: xy.csv:1: The x and y columns need --crs to say what they are (e.g. --crs EPSG:5186); "
                + "nothing was imported.\n")

        let result = try run(["import", "places", "xy.csv", "--crs", "EPSG:4326"])
        #expect(result.status == 0)
        #expect(result.stdout == "xy.csv: inserted 2, updated 0, unchanged 0, skipped 0\n")
        #expect(result.stderr == "")
        let imported = try places()
        #expect(imported["서울시청"]?["lat"] as? Double == 37.5662952)
        #expect(imported["서울시청"]?["lon"] as? Double == 126.9779692)
        #expect(imported["Sydney"]?["lat"] as? Double == -33.8567844)
        #expect(imported["Sydney"]?["lon"] as? Double == 151.2152967)
    }

    @Test func aBadOptionalValueIsAWarning() throws {
        let csv = try file("w.csv", "id,name,lat,lon,likes\n1,서울숲,37.5444,127.0374,3.7\n2,B,37.6,127,5\n")
        let result = try run(["import", "places", csv])
        #expect(result.status == 0)
        #expect(result.stdout == "w.csv: inserted 2, updated 0, unchanged 0, skipped 0, warnings 1\n")
        #expect(result.stderr == "w.csv:2: likes “3.7” is not a whole number ≥ 0; imported without it.\n")
        #expect(try places()["서울숲"]?["likes"] as? Int == 0)

        let json = try run(["import", "places", csv, "--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["warnings"] as? Int == 1)
        let rows = try #require(object["warning_rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["line"] as? Int == 2)
        #expect(rows.first?["reason"] as? String == "likes “3.7” is not a whole number ≥ 0; imported without it")
    }

    @Test func strictFailsOnABadOptionalValue() throws {
        let csv = try file("w.csv", "id,name,lat,lon,likes\n1,A,37.5,127,-5\n")
        let result = try run(["import", "places", csv, "--strict"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: w.csv:2: Likes “-5” is not a whole number ≥ 0; nothing was imported, as the import is strict.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aGeoJSONWarningNamesItsPath() throws {
        let geojson = try file(
            "w.geojson",
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127, 37.5]}, "properties": {"name": "A", "likes": 1e20}}
            ]}
            """)
        let result = try run(["import", "places", geojson])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "w.geojson:2: features[0].properties.likes: likes “1e20” is more than 9223372036854775807, "
                + "the largest number stored; imported without it.\n")
    }

    /// CP949 read with `--encoding utf-8`: the header is not UTF-8, said at its line and column, not
    /// as a missing name column.
    @Test func cp949ReadAsUTF8() throws {
        let bytes: [UInt8] = [0xC0, 0xCC, 0xB8, 0xA7] + Array(",lat,lon\nx,37.5,127\n".utf8)  // 이름
        let csv = try file("k.csv", Data(bytes))
        let result = try run(["import", "places", csv, "--encoding", "utf-8"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: k.csv:1: The text is not valid UTF-8 (byte 0xC0 at column 1); try --encoding cp949; "
                + "nothing was imported.\n")
        let detected = try run(["import", "places", csv])
        #expect(detected.status == 0)
        #expect(detected.stdout == "k.csv: inserted 1, updated 0, unchanged 0, skipped 0\n")
    }

    @Test func utf16WithAByteOrderMark() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "name,lat,lon\r\n서울숲,37.5444,127.0374\r\n".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let csv = try file("u.csv", Data(bytes))
        let result = try run(["import", "places", csv, "--json"])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["encoding"] as? String == "utf-16le")
        #expect(object["inserted"] as? Int == 1)
        #expect(try places()["서울숲"]?["lat"] as? Double == 37.5444)
    }

    /// A swapped GeoJSON position is explained in `[lon, lat]` terms.
    @Test func aSwappedGeoJSONPosition() throws {
        let geojson = try file(
            "s.geojson",
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [37.5, 127.0]}, "properties": {"name": "A"}}
            ]}
            """)
        let result = try run(["import", "places", geojson])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "s.geojson:2: features[0].geometry.coordinates: The position [37.5, 127] looks like "
                + "[latitude, longitude]: GeoJSON positions are [longitude, latitude] (RFC 7946 §3.1.1), "
                + "so write [127, 37.5].\n")
    }

    /// Kakao and Naver problems name the JSON path of the member.
    @Test func kakaoAndNaverProblemsNameTheirPath() throws {
        let kakao = try file(
            "k.json",
            """
            {"documents": [
              {"id": "1", "place_name": "A", "x": "127", "y": "37.5"},
              {"id": "2", "place_name": "B", "x": "abc", "y": "37.5"},
              {"id": "3", "x": "127", "y": "37.5"}
            ]}
            """)
        let result = try run(["import", "places", kakao])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "k.json:3: documents[1].x: The x (longitude) “abc” is not a number.\n"
                + "k.json:4: documents[2].place_name: The place_name is missing.\n")
        let naver = try file(
            "n.json",
            """
            {"items": [{"title": "C", "mapx": "12.x", "mapy": "375000000"}]}
            """)
        let naverResult = try run(["import", "places", naver])
        #expect(naverResult.stderr == "n.json:1: items[0].mapx: The mapx “12.x” is not a number.\n")
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let result = try CLI.run(["--db", "", "search", "카페"], directory: directory.url)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "Error: The --db path is empty; give the database file, such as --db footprint.sqlite.\n")
        let importing = try CLI.run(["--db", "", "import", "places", "x.csv"], directory: directory.url)
        #expect(importing.status == 64)
        #expect(importing.stderr == result.stderr)
    }
}
