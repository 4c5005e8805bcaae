/// An error about an input the CLI read (stdin or a file), already naming it: `stdin: PATH: reason`.
struct InputError: Error, CustomStringConvertible {
    var description: String

    /// Prefixes `error`'s sentence with the input's name.
    init(input: String, _ error: any Error) {
        description = "\(input): \(error)"
    }
}
