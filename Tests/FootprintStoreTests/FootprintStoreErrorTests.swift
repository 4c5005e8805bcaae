import Testing

@testable import FootprintStore

@Suite struct FootprintStoreErrorTests {
    @Test func missingDatabaseSuggestsInit() {
        #expect(
            FootprintStoreError.databaseMissing(path: "x.sqlite").description
                == "x.sqlite: The database does not exist; create it with `footprint init`.")
    }
}
