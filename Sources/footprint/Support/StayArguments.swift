import ArgumentParser
import FootprintStore

/// `--stay-minutes M --stay-radius R`, shared by `import gpx` and `day detect`: what counts as a stay.
struct StayArguments: ParsableArguments {
    @Option(
        name: .customLong("stay-minutes"), parsing: .unconditional, help: "The shortest stay in minutes (default 10).")
    var stayMinutes: DecimalArgument?
    @Option(name: .customLong("stay-radius"), parsing: .unconditional, help: "The stay radius in metres (default 100).")
    var stayRadius: DecimalArgument?

    /// The options given, checked; the defaults where none is given.
    func options() throws -> StayOptions {
        try StayOptions(
            minimumDurationSeconds: try stayMinutes.map { try $0.value(of: "stay-minutes") * 60 }
                ?? StayOptions.defaultMinimumDurationSeconds,
            radiusMeters: try stayRadius?.value(of: "stay-radius") ?? StayOptions.defaultRadiusMeters)
    }
}
