/// One way a query can occur in a text: a sequence of units, each standing for one scalar of the
/// search-normalized text (``SearchableText``), that must appear contiguously.
///
/// A ``HangulQuery`` expands into a few patterns — the literal text, its 초성 reading, the
/// completions of a half-typed last syllable, its keyboard-mistype readings. Each pattern says
/// both how to test a candidate (``position(in:)``) and what an index can look up to find
/// candidates: ``literal`` (text every match contains verbatim) and ``chosung`` (initials every
/// match's ``SearchableText/chosung`` contains).
public struct MatchPattern: Hashable, Sendable {
    /// A piece of a pattern.
    public enum Unit: Hashable, Sendable {
        /// This search-normalized text, scalar for scalar.
        case text(String)
        /// One syllable whose `chosung` (초성 — initial consonant) is this compatibility jamo, or
        /// the lone jamo itself. `ㄱ` does not match `ㄲ` (see ``Chosung``).
        case chosung(Unicode.Scalar)
        /// One syllable in these code point ranges: `강나`'s last syllable is one of `나`…`낳`
        /// (any jongsung), `달`'s one of `달`…`닳` (ㄹ or a cluster beginning with ㄹ).
        case syllable(in: [ClosedRange<Unicode.Scalar>])
    }

    /// One scalar of the text to match.
    enum Element: Hashable, Sendable {
        case scalar(UInt32)
        case chosung(UInt32)
        case syllables([ClosedRange<UInt32>])

        @inline(__always)
        func matches(_ value: UInt32) -> Bool {
            switch self {
            case .scalar(let expected): return value == expected
            case .chosung(let initial):
                let offset = value &- 0xAC00
                if offset < 11_172 { return Jamo.chosungs[Int(offset) / 588].value == initial }
                return value == initial
            case .syllables(let ranges): return ranges.contains { $0.contains(value) }
            }
        }
    }

    /// The rule a match of this pattern is reported under.
    public let rule: MatchRule
    /// The units, adjacent text units merged.
    public let units: [Unit]
    /// For a keyboard-mistype pattern, the reading it comes from; else `nil`.
    public let reading: String?
    let elements: [Element]

    /// A pattern of `units`, reported under `rule`.
    public init(rule: MatchRule, units: [Unit], reading: String? = nil) {
        var merged: [Unit] = []
        var pendingText = ""
        for unit in units {
            if case .text(let text) = unit {
                pendingText += text
                continue
            }
            if !pendingText.isEmpty { merged.append(.text(pendingText)) }
            pendingText = ""
            merged.append(unit)
        }
        if !pendingText.isEmpty { merged.append(.text(pendingText)) }
        self.rule = rule
        self.units = merged
        self.reading = reading
        elements = merged.flatMap { unit -> [Element] in
            switch unit {
            case .text(let text): return text.unicodeScalars.map { .scalar($0.value) }
            case .chosung(let jamo): return [.chosung(jamo.value)]
            case .syllable(let ranges): return [.syllables(ranges.map { $0.lowerBound.value...$0.upperBound.value })]
            }
        }
    }

    /// The longest ``Unit/text(_:)`` unit: every match contains it verbatim (empty for a pure 초성
    /// pattern). Tokenized in query mode by ``SearchTokenizer``, it gives the index terms to look up.
    public var literal: String {
        var longest = ""
        for case .text(let text) in units where text.unicodeScalars.count > longest.unicodeScalars.count {
            longest = text
        }
        return longest
    }

    /// The pattern's `chosung` (초성 — initial consonants): every text it matches has this in its
    /// ``SearchableText/chosung``. `스ㅌㅂ` → `ㅅㅌㅂ`; `강` + `나…낳` → `ㄱㄴ`; `cgv강남` → `cgvㄱㄴ`.
    public var chosung: String {
        var scalars = String.UnicodeScalarView()
        for unit in units {
            switch unit {
            case .text(let text):
                for scalar in text.unicodeScalars { scalars.append(HangulSyllable(scalar)?.chosung ?? scalar) }
            case .chosung(let jamo):
                scalars.append(jamo)
            case .syllable(let ranges):
                guard let first = ranges.first?.lowerBound else { continue }
                scalars.append(HangulSyllable(first)?.chosung ?? first)
            }
        }
        return String(scalars)
    }

    /// The best place the pattern occurs in `text`, or `nil` when it does not.
    public func position(in text: SearchableText) -> MatchPosition? {
        let scalars = text.scalars
        let count = elements.count
        guard count > 0, count <= scalars.count else { return nil }
        var best: MatchPosition?
        for start in 0...(scalars.count - count) where occurs(in: scalars, at: start) {
            if start == 0 { return count == scalars.count ? .whole : .prefix }
            if text.wordStarts[start] { return .wordPrefix }
            best = .substring
        }
        return best
    }

    @inline(__always)
    private func occurs(in scalars: [UInt32], at start: Int) -> Bool {
        for index in elements.indices where !elements[index].matches(scalars[start + index]) { return false }
        return true
    }
}
