import Testing

@Suite struct HelpTests {
    @Test func rootHelpListsTheGeoGroup() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("geo"))
    }
}
