import FootprintHangul
import GRDB
import GRDBSQLite

/// The FTS5 tokenizer `footprint`: FootprintHangul's ``SearchTokenizer`` behind GRDB's custom
/// tokenizer API (SQLite FTS5 "Custom Tokenizers", `fts5_tokenizer.xTokenize`).
///
/// `tokenize='footprint'` emits Hangul syllable bigrams bridging whitespace, the unigram at a run's
/// end, and lowercased words; `tokenize='footprint chosung'` adds the colocated 초성 (chosung —
/// initial consonant) bigrams, and `suffixes` the suffixes of Latin and digit words (`cgv` → `gv`,
/// `v`) and `starts` the word-start tokens (`#강남`), both in `search_names` since
/// `v12-search-tokens-3`, and `skips` the skip bigrams (`~스벅`, since `v15-search-typo`), and `abbrevs` the abbreviation
/// tokens (`^파바`, since `v20-search-abbrev`). Documents (`FTS5_TOKENIZE_DOCUMENT`, `FTS5_TOKENIZE_AUX`) are
/// tokenized in ``SearchTokenizer/Mode/document`` mode, MATCH strings in
/// ``SearchTokenizer/Mode/query`` mode.
///
/// It is registered on every connection Footprint opens (``Database/registerFootprintTokenizer()``),
/// read-only ones included: it costs a few microseconds and no extension. Nothing that other
/// tools run needs it — no trigger touches the FTS tables (see ``SearchIndex``).
final class FootprintTokenizer: FTS5CustomTokenizer {
    static let name = "footprint"

    private let document: SearchTokenizer

    /// `arguments` are the words after `footprint` in `tokenize='…'`: `chosung` adds 초성 bigrams,
    /// `suffixes` word suffixes, `starts` word-start tokens, `skips` skip bigrams, `abbrevs`
    /// abbreviation tokens.
    init(db: Database, arguments: [String]) throws {
        var options = SearchTokenizer.Options.default
        for argument in arguments {
            switch argument {
            case "chosung": options.insert(.chosung)
            case "suffixes": options.insert(.wordSuffixes)
            case "starts": options.insert(.wordStarts)
            case "skips": options.insert(.skips)
            case "abbrevs": options.insert(.abbreviations)
            default:
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR, message: "unknown footprint tokenizer option \(argument)")
            }
        }
        document = SearchTokenizer(options: options)
    }

    /// The status an `xToken` callback returned, carried out of the scan.
    private struct CallbackStatus: Error {
        var code: CInt
    }

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?, nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return SQLITE_OK }
        let mode: SearchTokenizer.Mode = tokenization.contains(.query) ? .query : .document
        var text = UnsafeBufferPointer(
            start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        // A skip-bigram or abbreviation term of a MATCH string (`"~스벅"`, `"^파바"`, built by the
        // fuzzy look-ups, never from a query's text, whose punctuation the scan drops) is one
        // token as written.
        if mode == .query, text.count > 1,
            text[0] == SearchTokenizer.skipMarker || text[0] == SearchTokenizer.abbreviationMarker
        {
            return text.withMemoryRebound(to: CChar.self) {
                tokenCallback(context, 0, $0.baseAddress, CInt($0.count), 0, CInt($0.count))
            }
        }
        // A word-start term of a MATCH string (`"#강남"`): the marker is kept on its first token,
        // which the scan (punctuation skipped) would drop.
        var marksFirst = false
        if mode == .query, text.count > 1, text[0] == SearchTokenizer.wordStartMarker {
            marksFirst = true
            text = UnsafeBufferPointer(rebasing: text[1...])
        }

        do throws(CallbackStatus) {
            try document.tokenize(utf8: text, mode: mode) { (token) throws(CallbackStatus) in
                let offset = marksFirst ? 1 : 0
                func send(_ bytes: UnsafeBufferPointer<UInt8>) -> CInt {
                    bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        tokenCallback(
                            context, token.isColocated ? FTS5_TOKEN_COLOCATED : 0, $0, CInt(bytes.count),
                            CInt(token.byteRange.lowerBound + offset), CInt(token.byteRange.upperBound + offset))
                    }
                }
                let status: CInt
                if marksFirst {
                    marksFirst = false
                    status = ([SearchTokenizer.wordStartMarker] + token.bytes).withUnsafeBufferPointer(send)
                } else {
                    status = send(token.bytes)
                }
                if status != SQLITE_OK { throw CallbackStatus(code: status) }
            }
        } catch {
            return error.code
        }
        return SQLITE_OK
    }
}

extension Database {
    /// Registers the `footprint` FTS5 tokenizer on this connection, so the search tables can be
    /// read and written. Cheap (no extension): every Footprint connection does it.
    func registerFootprintTokenizer() {
        add(tokenizer: FootprintTokenizer.self)
    }
}
