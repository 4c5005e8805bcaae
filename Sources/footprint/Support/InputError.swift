import FootprintGeo

/// An error about an input the CLI read (stdin or a file), naming it first:
/// `<stdin>: coordinates[1][1]: Expected a number, got a string.`, `<stdin>:1:9: Invalid JSON: …`.
struct InputError: Error, CustomStringConvertible {
    var description: String

    /// Puts the input's name in front of `error`'s sentence (and, for a JSON syntax error, the
    /// line and column after it).
    init(input: String, _ error: any Error) {
        if let error = error as? GeoJSONError {
            description = error.description(in: input)
        } else {
            description = "\(input): \(error)"
        }
    }
}
