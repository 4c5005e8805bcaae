import FootprintGeo
import FootprintTestSupport
import Foundation
import Testing

@testable import FootprintStore

/// The bulk importer records its rows in `place_changes` itself (without the old text): reads
/// see them at once, and the next fold indexes them — incrementally for new places, by a rebuild
/// when an import changed places the index holds.
@Suite struct SearchAfterImportTests {
    func importCSV(_ store: FootprintStore, _ directory: TemporaryDirectory, _ text: String) throws {
        let url = directory.file("places.csv")
        try Data(text.utf8).write(to: url)
        _ = try store.importPlaces(from: url, options: ImportOptions(source: "places.csv"))
    }

    @Test func importedPlacesAreFoundBeforeAndAfterTheFold() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        _ = try store.addPlace(
            Place(name: "서울숲", coordinate: Coordinate(uncheckedLatitude: 37.5444, longitude: 127.0374)))
        try importCSV(
            store, temporary.directory,
            "id,name,lat,lon,category\np1,스타벅스 성수역점,37.54438,127.05585,카페\np2,블루보틀 성수,37.54793,127.04521,카페\n")
        #expect(try store.search(SearchQuery("성수")).map(\.place.name).sorted() == ["블루보틀 성수", "스타벅스 성수역점"])
        try store.updateSearchIndex()
        try SearchIndexSyncTests.checkIntegrity(store)
        #expect(try store.search(SearchQuery("성수")).map(\.place.name).sorted() == ["블루보틀 성수", "스타벅스 성수역점"])

        // A re-import that renames a place the index holds: its old text is unknown, so a rebuild.
        try importCSV(
            store, temporary.directory,
            "id,name,lat,lon,category\np1,스타벅스 뚝섬역점,37.54438,127.05585,카페\np2,블루보틀 성수,37.54793,127.04521,카페\n")
        #expect(try store.search(SearchQuery("뚝섬")).map(\.place.name) == ["스타벅스 뚝섬역점"])
        #expect(try store.search(SearchQuery("성수역")).isEmpty)
        try store.updateSearchIndex()
        try SearchIndexSyncTests.checkIntegrity(store)
        #expect(try store.search(SearchQuery("성수역")).isEmpty)
        #expect(try store.placeIDs(nameContaining: "성수").count == 1)
    }
}
