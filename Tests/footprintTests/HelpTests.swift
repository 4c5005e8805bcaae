import Testing

@Suite struct HelpTests {
    @Test func rootHelpListsTheGeoGroup() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("geo"))
    }

    /// The discussion is wrapped by the help's width only: a line that a paragraph goes on after
    /// is nearly full (the source's own line breaks once cut sentences after a few words).
    @Test func simplifyHelpIsWrappedByWidthOnly() throws {
        let help = try CLI.run(["geo", "simplify", "--help"])
        #expect(help.status == 0)
        let discussion = help.stdout.components(separatedBy: "USAGE:")[0].split(
            separator: "\n", omittingEmptySubsequences: false)
        for (line, next) in zip(discussion, discussion.dropFirst()) where !line.isEmpty && !next.isEmpty {
            #expect(line.count + 1 + (next.split(separator: " ").first?.count ?? 0) >= 70, "\(line)")
        }
        #expect(help.stdout.contains("TopologyPreservingSimplifier"))
        #expect(help.stdout.contains("preserve_topology=False"))
    }
}
