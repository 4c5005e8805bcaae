extension ImportedPlace {
    /// The first text field that holds a C0 control character other than tab, line feed and
    /// carriage return, as the reason to skip the row; `nil` when there is none.
    ///
    /// Such a character is refused rather than kept or dropped: SQLite stores a NUL but C readers
    /// of the file (the `sqlite3` shell, GDAL, our own `sqlite3_column_text`) stop the text at it,
    /// so `AB\0CD` would read back as `AB`; PostgreSQL's text type, the server backend's, cannot
    /// hold a NUL at all; and XML 1.0, which the GPX and SVG exports are, allows no C0 character
    /// but tab, line feed and carriage return (its `Char` production). Dropping one silently would
    /// change the text without a word, so the row is reported at its line instead, as PostgreSQL's
    /// `COPY` reports a NUL ("invalid byte sequence for encoding UTF8: 0x00").
    ///
    /// A control character in the name or the id skips the row (the returned reason); one in an
    /// optional field leaves that field out with a warning (``drop(_:_:)``), as any bad optional
    /// value does. For a JSON element, `members` names the member each field came from, which
    /// the reason carries (`member`) for the message's path.
    mutating func checkControlCharacters(members: @autoclosure () -> JSONMemberNames? = nil) -> RowProblem? {
        // One field after the other, without an array: this runs for every row of an import.
        if var problem = Self.problem("name", name) {
            problem.member = members()?.name
            return problem
        }
        if var problem = Self.problem("id", sourceID) {
            problem.member = members()?.id
            return problem
        }
        if let problem = Self.problem("category", category) {
            category = nil
            drop(.category, FieldProblem(member: members()?.category, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("tags", tags) {
            tags = ""
            drop(.tags, FieldProblem(member: members()?.tags, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("address", address) {
            address = nil
            drop(.address, FieldProblem(member: members()?.address, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("road address", roadAddress) {
            roadAddress = nil
            drop(
                .roadAddress,
                FieldProblem(member: members()?.roadAddress, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("phone", phone) {
            phone = nil
            drop(.phone, FieldProblem(member: members()?.phone, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("visiting time", visitTime) {
            visitTime = nil
            drop(.visitTime, FieldProblem(member: members()?.visitTime, reason: problem.reason.lowercasingFirstWord()))
        }
        if let problem = Self.problem("note", note) {
            note = nil
            drop(.note, FieldProblem(member: members()?.note, reason: problem.reason.lowercasingFirstWord()))
        }
        return nil
    }

    private static func problem(_ label: String, _ text: String?) -> RowProblem? {
        guard let text, let byte = firstControlByte(text) else { return nil }
        let code = String(byte, radix: 16, uppercase: true)
        return RowProblem(
            "The \(label) contains the control character U+\(String(repeating: "0", count: 4 - code.count))\(code), "
                + "which no text may hold (only tab and line breaks may)")
    }

    /// The first byte of `text` below 0x20 that is not tab, LF or CR (in UTF-8 such a byte is
    /// always the character itself). Eight bytes at a time: a word with no byte below 0x20 — the
    /// usual case — costs a subtraction and two masks, which keeps the check out of the import's
    /// time (a byte-by-byte `utf8` loop cost 0.2 s of CPU on the 1M-row import).
    static func firstControlByte(_ text: String) -> UInt8? {
        var text = text
        return text.withUTF8 { bytes -> UInt8? in
            let count = bytes.count
            var index = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    // A byte below 0x20 turns its top bit on in `word − 0x20…` where it was off in `word`.
                    if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                    index += 8
                }
            }
            while index < count {
                let byte = bytes[index]
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return byte }
                index += 1
            }
            return nil
        }
    }
}

extension String {
    /// `The note contains …` as `note contains …`: a warning starts with the field's name.
    fileprivate func lowercasingFirstWord() -> String {
        hasPrefix("The ") ? String(dropFirst(4)) : self
    }
}
