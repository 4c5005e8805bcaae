/// Errors thrown by FootprintStore; each description is one sentence naming the file or input.
public enum FootprintStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database file does not exist and the command does not create one.
    case databaseMissing(path: String)

    public var description: String {
        switch self {
        case .databaseMissing(let path):
            return "The database \(path) does not exist; create it with `footprint init`."
        }
    }
}
