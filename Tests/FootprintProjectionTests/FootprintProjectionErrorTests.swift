import Testing

@testable import FootprintProjection

@Suite struct FootprintProjectionErrorTests {
    @Test func carriesProjMessage() {
        let error = FootprintProjectionError.unknownCRS("EPSG:99999", projMessage: "crs not found")
        #expect(error.description == "The CRS “EPSG:99999” is not known to PROJ (crs not found).")
    }

    @Test func transformFailureIsOneSentence() {
        let one = FootprintProjectionError.transformFailed(
            x: 126.9779, y: 95, index: nil, from: "EPSG:4326", to: "EPSG:3857", projMessage: "Invalid latitude")
        #expect(
            one.description
                == "The point 126.9779,95 could not be transformed from EPSG:4326 to EPSG:3857 (Invalid latitude).")
        let inList = FootprintProjectionError.transformFailed(
            x: 1, y: 2, index: 3, from: "tm128", to: "EPSG:4326", projMessage: "m")
        #expect(inList.description == "The point 1,2 at index 3 could not be transformed from tm128 to EPSG:4326 (m).")
    }

    @Test func invalidCRSIsOneSentence() {
        #expect(
            FootprintProjectionError.invalidCRS("EPSG:x", reason: "an EPSG code is EPSG: followed by a number")
                .description
                == "The CRS “EPSG:x” is invalid: an EPSG code is EPSG: followed by a number.")
    }
}
