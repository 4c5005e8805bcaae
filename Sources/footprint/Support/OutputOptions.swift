import ArgumentParser

/// `--json`, shared by every command that lists or measures something.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (numbers at full double precision) instead of text.")
    var json = false
}
