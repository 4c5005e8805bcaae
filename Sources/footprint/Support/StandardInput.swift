import Foundation

/// Standard input, read whole.
enum StandardInput {
    /// Every byte of stdin.
    static func bytes() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
}
