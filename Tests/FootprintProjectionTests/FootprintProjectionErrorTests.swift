import Testing

@testable import FootprintProjection

@Suite struct FootprintProjectionErrorTests {
    @Test func carriesProjMessage() {
        let error = FootprintProjectionError.unknownCRS("EPSG:99999", projMessage: "crs not found")
        #expect(error.description == "The CRS “EPSG:99999” is not known to PROJ (crs not found).")
    }
}
