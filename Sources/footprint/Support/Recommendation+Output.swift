import FootprintGeo
import FootprintStore

extension Recommendation {
    /// The place object of the CLI contract with `distance_m`, then `score`, `explanation`
    /// (`{term, value, weight, contribution}` objects) and `cursor`.
    var json: JSONValue {
        let parts = explanation.map { part in
            JSONValue.object([
                ("term", .string(part.term)), ("value", .number(part.value)), ("weight", .number(part.weight)),
                ("contribution", .number(part.contribution)),
            ])
        }
        return place.json(
            distanceMeters: distanceMeters,
            extra: [("score", .number(score)), ("explanation", .array(parts)), ("cursor", .string(cursor))])
    }

    /// A table of spots; with `explain`, under each row one line per term:
    /// `    distance    0.8123 × 0.35 = +0.2843` (diversity: `0.2 × -0.3 = -0.06`).
    static func table(_ spots: [Recommendation], explain: Bool) -> [String] {
        var table = Table("ID", "NAME", "CATEGORY", "LAT,LON", "TAGS", "DISTANCE", "SCORE")
        for spot in spots {
            table.append(spot.place.tableCells + [DistanceText.meters(spot.distanceMeters), Self.decimal(spot.score)])
        }
        let lines = table.lines()
        guard explain else { return lines }
        var result = [lines[0]]
        for (index, spot) in spots.enumerated() {
            result.append(lines[index + 1])
            for part in spot.explanation {
                let name = part.term.padding(toLength: 11, withPad: " ", startingAt: 0)
                let sign = part.contribution < 0 ? "-" : "+"
                result.append(
                    "    \(name) \(Self.decimal(part.value)) × \(Self.decimal(part.weight)) = \(sign)\(Self.decimal(abs(part.contribution)))"
                )
            }
        }
        return result
    }

    /// Four decimals, as scores are read.
    static func decimal(_ value: Double) -> String {
        JSONValue.text(of: value, decimals: 4)
    }
}
