/// Colours as the diary stores them: `#RRGGBB`, six hexadecimal digits (a category's colour, a
/// day's mood).
enum HexColor {
    /// True for `#` and exactly six hexadecimal digits, either case.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }

    /// Throws the store's sentence for a colour that is not `#RRGGBB`, naming it `name`.
    static func check(_ text: String, name: String) throws {
        guard isValid(text) else {
            throw FootprintStoreError.invalidValue(
                name: name, value: "“\(text)”", reason: "write a colour as #RRGGBB, such as #FF8800")
        }
    }
}
