/// The plain text of the small HTML fragments Naver's Local Search API returns: `title` holds the
/// query words in `<b>…</b>` and text is entity-escaped (`&amp;`, `&#39;`).
enum HTMLText {
    /// `html` without its tags, its character references decoded (tags are removed first, so an
    /// escaped `&lt;b&gt;` stays as the text `<b>`), runs of white space collapsed to one space.
    static func plainText(_ html: String) -> String {
        var withoutTags = ""
        withoutTags.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                withoutTags.append(character)
            }
        }
        let decoded = decodingEntities(withoutTags)
        return decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The named entities of HTML's XML core, `&nbsp;`, and numeric references (`&#39;`, `&#x27;`).
    /// Unknown or malformed references stay as they are.
    static func decodingEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                output.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let scalar = entity(name) {
                output.unicodeScalars.append(scalar)
                index = text.index(after: semicolon)
            } else {
                output.append(character)
                index = text.index(after: index)
            }
        }
        return output
    }

    private static let named: [Substring: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        if let scalar = named[name] { return scalar }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init)
    }
}
