/// A value left out of a row that was imported: the row's name and position were good, one of
/// its optional values was not, so the place went in without that value.
public struct RowWarning: Hashable, Sendable, CustomStringConvertible {
    /// The line of the file the row starts on, from 1.
    public var line: Int
    /// For JSON input, where the value is (`features[3].properties.likes`); `nil` for CSV.
    public var jsonPath: String?
    /// What was left out and why, as a clause without its final full stop
    /// (`likes “3.7” is not a whole number ≥ 0; imported without it`).
    public var reason: String

    public init(line: Int, jsonPath: String? = nil, reason: String) {
        self.line = line
        self.jsonPath = jsonPath
        self.reason = reason
    }

    /// `LINE: reason`, or `LINE: PATH: reason` for JSON; put `FILE:` in front for a full report.
    public var description: String {
        if let jsonPath { return "\(line): \(jsonPath): \(reason)" }
        return "\(line): \(reason)"
    }
}

/// One bad optional value of a row, found by a reader: the field it was dropped from and why.
struct FieldProblem: Hashable, Sendable {
    /// The JSON member the value was in, relative to the element (`properties.likes`, `x`);
    /// `nil` for CSV.
    var member: String?
    /// Why the value is bad, as a clause that starts with the field's name
    /// (`likes “3.7” is not a whole number ≥ 0`).
    var reason: String
}

extension ImportedPlace {
    /// Leaves out `field` and records why.
    mutating func drop(_ field: ImportedFields, _ problem: FieldProblem) {
        fields.remove(field)
        warnings.append(problem)
    }

    /// The warnings of this row as the summary lists them.
    var rowWarnings: [RowWarning] {
        warnings.map { problem in
            RowWarning(
                line: line, jsonPath: jsonPath.map { path in problem.member.map { "\(path).\($0)" } ?? path },
                reason: problem.reason + "; imported without it")
        }
    }

    /// The row a strict import fails at for its first bad value: the value's reason, capitalised.
    var strictFailure: SkippedRow? {
        guard let problem = warnings.first else { return nil }
        let path = jsonPath.map { path in problem.member.map { "\(path).\($0)" } ?? path }
        return SkippedRow(line: line, jsonPath: path, reason: problem.reason.capitalizingFirstLetter())
    }
}

extension ImportSummary {
    /// Counts and lists the warnings of an imported row, at most `limit` listed in all.
    mutating func record(warningsOf place: ImportedPlace, limit: Int) {
        guard !place.warnings.isEmpty else { return }
        warnings += place.warnings.count
        for warning in place.rowWarnings where warningRows.count < limit { warningRows.append(warning) }
    }
}

extension ImportOutcome {
    /// True when the row repeats an earlier one and was skipped: its warnings do not count.
    var isRepeated: Bool {
        if case .repeated = self { return true }
        return false
    }
}

extension String {
    /// The text with its first letter in upper case (`likes …` → `Likes …`).
    func capitalizingFirstLetter() -> String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
