import Testing

@testable import FootprintRender

@Suite struct FootprintRenderErrorTests {
    @Test func namesTheSize() {
        #expect(
            FootprintRenderError.invalidSize(width: 0, height: 5).description
                == "A map of 0×5 pixels cannot be drawn: each side must be 16 to 8192 pixels.")
    }
}
