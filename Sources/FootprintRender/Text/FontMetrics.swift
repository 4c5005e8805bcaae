/// Text widths in the label font, for the boxes that keep labels apart.
///
/// Widths are NanumGothic's advance widths (Debian's `fonts-nanum`, which `tools/bootstrap`
/// installs and the SVG names first in its font stack), read from a checked-in table
/// (`FontMetrics+Table.swift`, written by `tools/fonts/advance_widths.py`). Kerning is ignored:
/// NanumGothic has none for Hangul, and for Latin it only narrows a text.
enum FontMetrics {
    /// The font stack of labels: NanumGothic first, then the usual Korean system fonts.
    static let fontFamily =
        "NanumGothic,'Nanum Gothic','Noto Sans CJK KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif"

    /// The advance width of a code point in 1/1000 em.
    static func advance(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        var low = 0
        var high = nanumGothicRuns.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let run = nanumGothicRuns[middle]
            if value < run.first {
                high = middle - 1
            } else if value > run.last {
                low = middle + 1
            } else {
                return Int(run.width)
            }
        }
        // Not in the table: a fallback font draws it; wide East Asian text is a full em.
        return isWide(value) ? 1000 : 600
    }

    /// True for code points East Asian Width calls wide or full-width (UAX #11), the ones a
    /// fallback font draws a full em wide.
    static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
    }

    /// The width in pixels of one line of text at a font size in pixels.
    static func width(of text: String, fontSize: Double) -> Double {
        var total = 0
        for scalar in text.unicodeScalars { total += advance(scalar) }
        return Double(total) * fontSize / 1000
    }
}
