import FootprintGeo
import Foundation
import GRDB

extension SearchRun {
    /// What judging a candidate needs, apart from the connection: a value each thread holds its
    /// own copy of.
    struct Judge {
        /// The places that matched, and the name look-up candidates whose name did not match
        /// (to be read again with every field).
        struct Verdicts {
            var found: [Matched] = []
            var unmatchedNames: [Int64] = []
        }

        let matcher: SearchMatcher
        let near: Coordinate?
        let withinMeters: Double?
        let flat: FlatDistance?
        let condition: SQL?

        /// A copy whose matcher has its own buffers, for another thread.
        func withOwnBuffers() -> Judge {
            Judge(
                matcher: matcher.withOwnBuffers(), near: near, withinMeters: withinMeters, flat: flat,
                condition: condition)
        }

        func judge(
            _ db: Database, ids: ArraySlice<Int64>, columns: SearchIndex.RowColumns, otherNames: Bool = false
        ) throws -> Verdicts {
            var verdicts = Verdicts()
            try SearchIndex.forEachRow(db, ids: ids, columns: columns, condition: condition, otherNames: otherNames) {
                row in
                judge(row, into: &verdicts)
            }
            return verdicts
        }

        /// Judges one row: a match within the radius goes to `found`, a name look-up's candidate
        /// whose name does not match to `unmatchedNames`.
        @inline(__always)
        func judge(_ row: SearchRowView, into verdicts: inout Verdicts) {
            guard let (match, fit) = matcher.match(row) else {
                if !row.hasOtherFields { verdicts.unmatchedNames.append(row.id) }
                return
            }
            accept(row, match: match, fit: fit, into: &verdicts)
        }

        /// Keeps a row that matched, when within the radius, with its distance.
        @inline(__always)
        func accept(_ row: SearchRowView, match: SearchMatch, fit: Double, into verdicts: inout Verdicts) {
            var distance: Double?
            if let near {
                let coordinate = Coordinate(uncheckedLatitude: row.latitude, longitude: row.longitude)
                if let withinMeters {
                    let exact = Geodesic.distance(from: near, to: coordinate)
                    guard exact <= withinMeters else { return }
                    distance = exact
                } else {
                    distance =
                        flat?.estimate(latitude: row.latitude, longitude: row.longitude)
                        ?? Geodesic.distance(from: near, to: coordinate)
                }
            }
            verdicts.found.append(
                Matched(id: row.id, likes: row.likes, match: match, fit: fit, distanceMeters: distance))
        }
    }

    /// The partner's half of a list, judged on a global queue's thread while the search's own
    /// thread judges the other half; ``wait()`` joins them. Nothing is shared while it runs: the
    /// job owns its copy of the judge (its own name buffers) and of the ids.
    final class PartnerJob: @unchecked Sendable {
        private let judge: Judge
        private let ids: [Int64]
        private let columns: SearchIndex.RowColumns
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<Judge.Verdicts?, any Error> = .success(nil)

        init(judge: Judge, ids: [Int64], columns: SearchIndex.RowColumns) {
            self.judge = judge
            self.ids = ids
            self.columns = columns
        }

        func start(on partner: SearchPartner) {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                result = Result { try partner.read { db in try judge.judge(db, ids: ids[...], columns: columns) } }
                done.signal()
            }
        }

        /// The partner's verdicts, or `nil` when its snapshot differs from the search's.
        func wait() throws -> Judge.Verdicts? {
            done.wait()
            return try result.get()
        }
    }
}
