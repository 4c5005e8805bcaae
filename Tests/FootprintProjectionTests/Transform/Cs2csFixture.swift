import Foundation
import Testing

@testable import FootprintProjection

/// One row of `Fixtures/cs2cs.csv`: what PROJ's `cs2cs` printed for a point, in visualization order.
struct Cs2csCase: Sendable, CustomTestStringConvertible {
    var from: CRS
    var to: CRS
    var input: CRSCoordinate
    var expected: CRSCoordinate

    var testDescription: String { "\(from.name) → \(to.name) \(input)" }

    /// Every row of the fixture (see Fixtures/README.md for the cs2cs commands).
    static let all: [Cs2csCase] = {
        guard let url = Bundle.module.url(forResource: "cs2cs", withExtension: "csv", subdirectory: "Fixtures"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",").map(String.init)
            guard fields.count == 6, let from = try? CRS(fields[0]), let to = try? CRS(fields[1]),
                let x = Double(fields[2]), let y = Double(fields[3]),
                let expectedX = Double(fields[4]), let expectedY = Double(fields[5])
            else { return nil }
            return Cs2csCase(
                from: from, to: to, input: CRSCoordinate(x: x, y: y),
                expected: CRSCoordinate(x: expectedX, y: expectedY))
        }
    }()
}
