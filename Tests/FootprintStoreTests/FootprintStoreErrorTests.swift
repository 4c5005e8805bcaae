import Testing

@testable import FootprintStore

@Suite struct FootprintStoreErrorTests {
    @Test func missingDatabaseSuggestsInit() {
        #expect(
            FootprintStoreError.databaseMissing(path: "x.sqlite").description
                == "x.sqlite: The database does not exist; create it with “footprint init”.")
    }
}

/// The command an error suggests can be pasted into a shell whatever the path.
@Suite struct ShellWordTests {
    @Test(arguments: [
        ("/tmp/diary.sqlite", "/tmp/diary.sqlite"), ("일기/2024.sqlite", "일기/2024.sqlite"),
        ("/tmp/my diary.sqlite", "'/tmp/my diary.sqlite'"), ("it's.sqlite", "'it'\\''s.sqlite'"),
        ("$HOME/x", "'$HOME/x'"), ("a;b", "'a;b'"), ("", "''"),
    ])
    func quotesOnlyWhatAShellWouldRead(path: String, word: String) {
        #expect(FootprintStoreError.shellWord(path) == word)
    }
}
