import FootprintHangul

extension SearchMatcher {
    /// What ``otherFieldLiteral(_:)`` found.
    enum OtherFieldLiteral {
        /// The first field, in the order reported, holding one of ``literals``; the fit of its length.
        case found(SearchMatch, fit: Double)
        /// No field holds a literal.
        case absent
        /// A field holds text the byte decoder does not handle: judge the row's `String`s.
        case unknown
    }

    /// The other-field match of `row` judged on SQLite's bytes, as the `String` path of
    /// ``match(_:)`` judges it (first field in the order category, tags, address, road address,
    /// note; in it, the first literal it contains; the fit of the field's search-normalized
    /// length), without a `String` per field: a word found in the addresses of most places (a
    /// district: `강남구`, `서울특별시`) makes hundreds of thousands of candidates, each of which the
    /// `String` path would normalize five fields of (~10 µs).
    ///
    /// Fields made of ASCII, Hangul syllables and compatibility jamo decode as names do
    /// (``NameMatcher/load(_:separator:)``: spaces dropped, ASCII lowercased — their search
    /// normalization); any other field gives ``OtherFieldLiteral/unknown``.
    func otherFieldLiteral(_ row: SearchRowView) -> OtherFieldLiteral {
        for field in Self.otherFieldOrder {
            guard fieldText.load(row.bytes(of: field), separator: field == .tags ? UInt8(ascii: "|") : 0x20) else {
                return .unknown
            }
            guard fieldText.count > 0 else { continue }
            for (index, literal) in literals.enumerated() where fieldText.position(of: literalElements[index]) != nil {
                return .found(
                    SearchMatch(kind: .otherField, field: field, reading: literal.reading),
                    fit: Self.fit(length: fieldText.count))
            }
        }
        return .absent
    }

    /// The fields other than the name, in the order matches in them are reported.
    static let otherFieldOrder: [SearchMatch.Field] = [.category, .tags, .address, .roadAddress, .note]
}
