/// The columns of a visits CSV, found by their header names as ``CSVHeader`` finds a places
/// CSV's: compared case-insensitively with spaces, `_`, `-` and `.` removed; unknown columns are
/// ignored and a field named twice is an error.
struct VisitCSVHeader: Hashable, Sendable {
    enum Column: String, CaseIterable, Sendable {
        case placeID, name, latitude, longitude, arrived, left, note, rating

        /// The field as a message names it.
        var noun: String {
            switch self {
            case .placeID: return "place id"
            case .arrived: return "arrival"
            case .left: return "departure"
            default: return rawValue
            }
        }
    }

    /// The header names of each column, in their compared form. `name`, `lat`/`lon` and `note`
    /// take the names a places CSV takes for them, so a visits file may use the same words.
    static let aliases: [Column: [String]] = [
        .placeID: ["placeid", "place", "sourceid", "장소id", "장소아이디"],
        .name: CSVHeader.aliases[.name]!,
        .latitude: CSVHeader.aliases[.latitude]!,
        .longitude: CSVHeader.aliases[.longitude]!,
        .arrived: ["arrived", "arrival", "arrivedat", "arrivaltime", "도착", "도착시간", "도착시각"],
        .left: ["left", "departed", "departure", "leftat", "departuretime", "출발", "출발시간", "떠난시간"],
        .note: CSVHeader.aliases[.note]!,
        .rating: ["rating", "stars", "평점", "별점"],
    ]

    private static let columnOfName: [String: Column] = {
        var map: [String: Column] = [:]
        for (column, names) in aliases {
            for name in names { map[name] = column }
        }
        return map
    }()

    /// The field index of each column present.
    private(set) var indexes: [Column: Int] = [:]
    /// The number of fields in the header, which every row must have.
    let fieldCount: Int

    /// Maps `names` (the header row) to columns.
    ///
    /// - Throws: a ``RowProblem`` naming both columns when two names are of the same field, or
    ///   naming what is missing when the header has no arrival column or no way to name a place
    ///   (`place_id`, or `name`, `lat` and `lon`).
    init(names: [String]) throws(RowProblem) {
        fieldCount = names.count
        for (index, name) in names.enumerated() {
            guard let column = Self.columnOfName[CSVHeader.comparedForm(name)] else { continue }
            if let first = indexes[column] {
                throw RowProblem(
                    "The header names the \(column.noun) twice, in column \(first + 1) and column \(index + 1), "
                        + "so which one holds it cannot be told")
            }
            indexes[column] = index
        }
        let named = indexes[.name] != nil && indexes[.latitude] != nil && indexes[.longitude] != nil
        guard indexes[.placeID] != nil || named else {
            throw RowProblem(
                "The file is not a visits CSV: its header has neither a place_id column nor name, lat and lon columns")
        }
        guard indexes[.arrived] != nil else {
            throw RowProblem("The file is not a visits CSV: its header has no arrived column (arrived, arrival or 도착)")
        }
    }

    subscript(column: Column) -> Int? { indexes[column] }
}
