import ArgumentParser
import Foundation

@main
struct Footprint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footprint",
        abstract: "A personal map diary: places, routes, Korean search and maps, offline.",
        version: FootprintVersion.line,
        subcommands: [
            InitCommand.self, ImportCommand.self, PlaceCommand.self, VisitCommand.self, SearchCommand.self,
            NearbyCommand.self, RecommendCommand.self, ExportCommand.self, GeoCommand.self, DayCommand.self,
            LogCommand.self,
            CategoryCommand.self, PhotoCommand.self, RenderCommand.self, PrivacyCommand.self,
        ])

    /// The database file, for every subcommand that opens one.
    @Option(
        name: .long, parsing: .unconditional,
        help: "The database file (default: $FOOTPRINT_DB, else ./footprint.sqlite).")
    var db: String?

    /// ArgumentParser's `main`, but a usage error is one sentence (``UsageError``) instead of the
    /// message, the usage line and the help hint; help, `CleanExit` and every other error are
    /// left to ArgumentParser's `exit(withError:)`.
    static func main() async {
        // A file size limit (`ulimit -f`, RLIMIT_FSIZE) would otherwise kill the process with
        // SIGXFSZ halfway through a write; ignored, the write fails with EFBIG and the store
        // reports it as one sentence, its transaction rolled back.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                let arguments = Array(CommandLine.arguments.dropFirst())
                Output.error("Error: " + UsageError.sentence(for: error, arguments: arguments))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
    }
}
