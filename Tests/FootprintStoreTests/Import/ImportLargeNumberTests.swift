import Foundation
import GRDB
import Testing

@testable import FootprintStore

/// Likes beyond 2⁵³ are stored digit for digit from CSV and from JSON numbers (a double would
/// store 9007199254740993 as 9007199254740992).
@Suite struct ImportLargeNumberTests {
    @Test func csvLikesKeepEveryDigit() throws {
        let test = try ImportTestStore()
        let file = try test.file(
            "big.csv", "id,name,lat,lon,likes\n1,A,37.5,127,9007199254740993\n2,B,37.5,127,9223372036854775807\n")
        let summary = try test.store.importPlaces(from: file)
        #expect(summary.inserted == 2)
        let places = try test.places()
        #expect(places["1"]?["likes"] as Int64? == 9_007_199_254_740_993)
        #expect(places["2"]?["likes"] as Int64? == .max)
    }

    @Test func geoJSONLikesKeepEveryDigit() throws {
        let test = try ImportTestStore()
        let file = try test.file(
            "big.geojson",
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","#
                + #""coordinates":[127,37.5]},"properties":{"name":"A","likes":9007199254740993}}]}"#)
        _ = try test.store.importPlaces(from: file)
        #expect(try test.places()["a"]?["likes"] as Int64? == 9_007_199_254_740_993)
        #expect(try test.store.places().first?.likes == 9_007_199_254_740_993)
    }

    @Test(arguments: [
        (
            "99999999999999999999",
            "likes “99999999999999999999” is more than 9223372036854775807, the largest number stored"
        ),
        ("-99999999999999999999", "likes “-99999999999999999999” is not a whole number ≥ 0"),
    ])
    func likesBeyondAnInt64AreLeftOutWithTheirReason(_ likes: String, _ reason: String) throws {
        let test = try ImportTestStore()
        let csv = try test.file("big.csv", "id,name,lat,lon,likes\n1,A,37.5,127,\(likes)\n")
        let fromCSV = try test.store.importPlaces(from: csv)
        #expect(fromCSV.inserted == 1)
        #expect(fromCSV.warningRows == [RowWarning(line: 2, reason: reason + "; imported without it")])
        let json = try test.file(
            "big.geojson",
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","#
                + #""coordinates":[127,37.5]},"properties":{"name":"A","likes":\#(likes)}}]}"#)
        #expect(
            try test.store.importPlaces(from: json).warningRows == [
                RowWarning(line: 1, jsonPath: "features[0].properties.likes", reason: reason + "; imported without it")
            ])
    }
}
