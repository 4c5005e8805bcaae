import FootprintGeo
import FootprintHangul
import Foundation

/// Whether a row of a CSV or GeoJSON file imported under its file's name is plausibly the same
/// place as the one stored under that source and id, or the file is another list that happens
/// to share the name (`trip1/places.csv`, `trip2/places.csv`) and would move and rename places.
///
/// A row conflicts when it would move its place more than ``maximumMoveMeters`` (WGS84
/// geodesic) or rename it beyond recognition (``NameResemblance``); a field the user set
/// (``PlaceEdits``) is not checked, as the import keeps it anyway. Kakao and Naver ids are the
/// service's and never conflict; a source named with `--source` is the user's word and is not
/// checked either, nor is any row with ``ImportOptions/replace``.
enum SourceConflicts {
    /// 5 km: further than a geocoder's error or a corrected pin, closer than the next town.
    static let maximumMoveMeters = 5_000.0

    /// Why importing `place` over the stored row (`storedName` at `storedLatitude`,
    /// `storedLongitude`) conflicts, as a sentence without its full stop (`The row would move
    /// “서울숲” (id “1”) 325.1 km and rename it to “해운대”`); `nil` when it does not. `checksName`/`checksPosition` are false for fields the user set.
    static func reason(
        _ place: ImportedPlace, storedName: String, storedLatitude: Double, storedLongitude: Double,
        checksName: Bool, checksPosition: Bool
    ) -> String? {
        var distanceMeters: Double?
        if checksPosition, storedLatitude.isFinite, storedLongitude.isFinite,
            storedLatitude != place.latitude || storedLongitude != place.longitude
        {
            let stored = Coordinate(uncheckedLatitude: storedLatitude, longitude: storedLongitude)
            let new = Coordinate(uncheckedLatitude: place.latitude, longitude: place.longitude)
            // The haversine bracket settles almost every pair without solving the geodesic.
            if Geodesic.distanceBounds(from: stored, to: new).upperBound > maximumMoveMeters {
                let meters = Geodesic.distance(from: stored, to: new)
                if meters > maximumMoveMeters { distanceMeters = meters }
            }
        }
        let renamed =
            checksName && storedName != place.name && !NameResemblance.recognizable(storedName, place.name)
        guard distanceMeters != nil || renamed else { return nil }
        let placeText =
            "“\(storedName.trimmingWhitespaceForMessage())” (id “\(place.sourceID.trimmingWhitespaceForMessage())”)"
        let newName = "“\(place.name.trimmingWhitespaceForMessage())”"
        guard let distanceMeters else { return "The row would rename \(placeText) to \(newName)" }
        let move = "The row would move \(placeText) \(String(format: "%.1f", distanceMeters / 1000)) km"
        return renamed ? "\(move) and rename it to \(newName)" : move
    }
}

/// Whether a new name of a place still names the same place: the two names share a word, or a
/// 초성 (chosung — initial consonants) word.
///
/// A name's words are its runs of letters and digits, split at spaces, punctuation and symbols,
/// in search form (``HangulNormalization/searchNormalized(_:)``: NFC, lower case, Latin
/// diacritics folded): `Café Noir (성수)` has `cafe`, `noir`, `성수`. Words of digits only (`1`,
/// `2024`) and of one Latin letter say too little and are left out; a one-syllable Hangul word
/// (`숲`) counts. Names that are equal once spaces and punctuation are dropped are the same.
///
/// Two words are shared when they are equal, or when one begins with the other
/// (`강남` / `강남점`, `blue` / `bluebottle`); two Hangul words share a 초성 word when their
/// 초성 are equal (`서울숲` / `서울숩`, a typo) or when one of them is written in 초성
/// (`ㅅㅌㅂㅅ` / `스타벅스`).
enum NameResemblance {
    static func recognizable(_ old: String, _ new: String) -> Bool {
        if compact(old) == compact(new) { return true }
        let oldWords = words(of: old)
        let newWords = words(of: new)
        for a in oldWords {
            for b in newWords where a.hasPrefix(b) || b.hasPrefix(a) { return true }
        }
        let oldChosung = Set(oldWords.compactMap(chosung))
        return newWords.contains { word in chosung(word).map(oldChosung.contains) ?? false }
    }

    /// The words of `name` as described above.
    static func words(of name: String) -> [String] {
        return HangulNormalization.normalized(name)
            .split(whereSeparator: { character in
                !character.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            })
            .map { HangulNormalization.searchNormalized(String($0)) }
            .filter { word in
                !word.allSatisfy(\.isNumber) && (word.count >= 2 || word.unicodeScalars.contains { $0.value >= 0x1100 })
            }
    }

    /// The name's letters and digits in search form, nothing else: `둘!` and `둘` are one name.
    private static func compact(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                HangulNormalization.searchNormalized(name).unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }

    /// The 초성 of a word of Hangul (syllables or lone consonants, at least two), else `nil`.
    private static func chosung(_ word: String) -> String? {
        let initials = Chosung.of(word)
        guard initials.unicodeScalars.allSatisfy({ (0x3131...0x314E).contains($0.value) }) else { return nil }
        return initials
    }
}
