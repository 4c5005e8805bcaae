import Foundation

/// Standard input, read whole.
enum StandardInput {
    /// How every message names standard input, as compilers and Python do.
    static let name = "<stdin>"

    /// Every byte of stdin.
    static func bytes() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
}
