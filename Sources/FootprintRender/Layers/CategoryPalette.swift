import Foundation
import FootprintGeo

/// Colours for categories: the same category always gets the same colour, in every map and tile.
public enum CategoryPalette {
    /// Twelve colours distinct on a light basemap and for common colour blindness (Tableau 10
    /// and two more), as `#rrggbb`.
    static let colors = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#d62728",
    ]

    /// The colour of a category path (`음식점 > 카페`): chosen by its top level (`음식점`), so a
    /// category's subcategories share a colour; `nil` for no category.
    ///
    /// The choice is FNV-1a over the UTF-8 bytes, not Swift's `Hasher`, which is seeded anew in
    /// every process.
    public static func color(forCategory category: String?) -> OverlayColor? {
        guard let category else { return nil }
        let top = category.split(separator: ">").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !top.isEmpty else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in top.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return try? OverlayColor(hex: colors[Int(hash % UInt64(colors.count))])
    }
}
