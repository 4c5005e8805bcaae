import Foundation

/// Hashtag normalization: `#카페`, `카페`, `＃카페` and ` 카페 ` are one tag; Hangul in NFC, Latin
/// case-folded, full-width forms folded to ASCII.
public enum Hashtag {
    /// The normalized tag, or `nil` when nothing is left.
    public static func normalized(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            // Full-width ASCII forms (U+FF01–FF5E) sit 0xFEE0 above their ASCII letters.
            if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                scalars.append(ascii)
            } else {
                scalars.append(scalar)
            }
        }
        // Invisible format characters (Default_Ignorable_Code_Point: ZWJ, soft hyphen, variation
        // selectors) are dropped, as search skips them. Control characters stay, for the
        // importer to refuse.
        scalars = String.UnicodeScalarView(scalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
        var tag = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        while tag.hasPrefix("#") { tag.removeFirst() }
        tag = tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        // `|` separates tags in storage.
        tag = tag.replacingOccurrences(of: "|", with: "")
        return tag.isEmpty ? nil : tag
    }

    /// Normalized tags, duplicates removed, first occurrence kept.
    public static func normalizedList(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.compactMap(normalized).filter { seen.insert($0).inserted }
    }

    /// Splits a field of tags separated by `|`, `,`, or spaces before `#` (`#야경 #데이트`).
    public static func parseList(_ field: String) -> [String] {
        let separators: Set<Character> = ["|", ",", "，"]
        var parts: [String] = []
        for piece in field.split(whereSeparator: { separators.contains($0) }) {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.contains("#") || trimmed.contains("＃") {
                parts += trimmed.split(whereSeparator: { $0 == "#" || $0 == "＃" }).map(String.init)
            } else {
                parts.append(trimmed)
            }
        }
        return normalizedList(parts)
    }

    /// Storage form: tags joined by `|`.
    static func encode(_ tags: [String]) -> String { tags.joined(separator: "|") }

    /// Tags from their storage form.
    static func decode(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "|").map(String.init)
    }
}
