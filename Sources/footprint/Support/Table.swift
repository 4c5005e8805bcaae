/// A compact text table whose columns line up in a terminal, Hangul counted two cells wide.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    /// Adds a row; line breaks and other control characters in a cell become spaces, so one
    /// place stays on one line.
    mutating func append(_ row: [String]) {
        rows.append(Self.cleaned(row))
    }

    /// The table's lines; the last column is not padded.
    func lines() -> [String] {
        var widths = header.map(Self.width)
        for row in rows { Self.widen(&widths, toFit: row) }
        return ([header] + rows).map { Self.line($0, widths: widths) }
    }

    /// `row` with its control characters made spaces (see ``append(_:)``).
    static func cleaned(_ row: [String]) -> [String] {
        row.map { cell in
            guard cell.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return cell
            }
            return String(
                String.UnicodeScalarView(
                    cell.unicodeScalars.map {
                        $0.properties.generalCategory == .control ? " " : $0
                    }))
        }
    }

    /// Widens `widths` (one per column) to fit `row`'s cells, as ``lines()`` does for each row.
    static func widen(_ widths: inout [Int], toFit row: [String]) {
        for (index, cell) in row.enumerated() where index < widths.count {
            widths[index] = max(widths[index], width(cell))
        }
    }

    /// One line of a table whose columns have these widths: each cell but the last padded to its
    /// column. A cell wider than its column (a row changed between the pass that measured the
    /// widths and the one that prints) is written whole, unpadded.
    static func line(_ row: [String], widths: [Int]) -> String {
        row.enumerated().map { index, cell in
            guard index < row.count - 1, index < widths.count else { return cell }
            return cell + String(repeating: " ", count: max(0, widths[index] - width(cell)))
        }.joined(separator: "  ")
    }

    /// Terminal cells: East Asian wide characters (Hangul, CJK, full-width forms) take two;
    /// combining marks, the vowels and finals of conjoining jamo (a decomposed syllable is its
    /// initial's two cells, as wcwidth counts) and invisible format characters take none.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF:
                return total + 2
            case 0x0300...0x036F, 0x200B...0x200F, 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x2060...0x2064, 0xFE00...0xFE0F,
                0xFEFF:
                return total
            default:
                return total + 1
            }
        }
    }
}
