import Foundation
import Testing

@testable import FootprintStore

/// A header with two columns for one field (`lat` twice, `lat` and `latitude`, `주소` and
/// `address`) is refused at its line, naming both columns: which one holds the value cannot be
/// told (PostgreSQL's `COPY … HEADER MATCH` and sqlite3's `.import` refuse a repeated column too).
@Suite struct CSVHeaderTests {
    @Test(arguments: [
        ("name,lat,lat,lon", "The header names the latitude twice, in column 2 (“lat”) and column 3 (“lat”)"),
        ("name,lat,lon,Latitude", "The header names the latitude twice, in column 2 (“lat”) and column 4 (“Latitude”)"),
        ("이름,위도,경도,주소,Address", "The header names the address twice, in column 4 (“주소”) and column 5 (“Address”)"),
        ("name,title,lat,lon", "The header names the name twice, in column 1 (“name”) and column 2 (“title”)"),
        (
            "id,name,lat,lon,road address,도로명주소",
            "The header names the road address twice, in column 5 (“road address”) and column 6 (“도로명주소”)"
        ),
    ])
    func aFieldNamedTwiceIsAHeaderError(_ header: String, _ reason: String) throws {
        let test = try ImportTestStore()
        let file = try test.file(
            "h.csv", header + "\n" + String(repeating: ",", count: header.filter { $0 == "," }.count) + "\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: file.path, line: 1, reason: reason + ", so which one holds it cannot be told")
        ) {
            try test.store.importPlaces(from: file)
        }
        #expect(try test.count() == 0)
    }

    /// The line is the header's, after blank lines; unknown columns may repeat.
    @Test func theLineIsTheHeadersAndUnknownColumnsMayRepeat() throws {
        let test = try ImportTestStore()
        let file = try test.file("h.csv", "\n\nname,lon,lat,y,x좌표,lng\n")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: file.path, line: 3,
                reason: "The header names the longitude twice, in column 2 (“lon”) and column 6 (“lng”), "
                    + "so which one holds it cannot be told")
        ) {
            try test.store.importPlaces(from: file)
        }
        let extra = try test.file("e.csv", "name,lat,lon,memo2,memo2\n카페,37.5,127,a,b\n")
        #expect(try test.store.importPlaces(from: extra).inserted == 1)
    }

    @Test func theDescriptionNamesFileAndLine() {
        let error = FootprintStoreError.invalidInput(
            path: "places.csv", line: 1,
            reason: "The header names the latitude twice, in column 2 (“lat”) and column 3 (“latitude”), "
                + "so which one holds it cannot be told")
        #expect(
            error.description
                == "places.csv:1: The header names the latitude twice, in column 2 (“lat”) and column 3 (“latitude”), "
                + "so which one holds it cannot be told; nothing was imported.")
    }
}
