import Foundation

/// The process-wide cache of PROJ transformations, one per (source, target) pair.
///
/// Building a transformation costs `proj_create` of both CRSs, `proj_create_crs_to_crs_from_pj`
/// and opening `proj.db` in the new context (~10 ms for a process's first pair, ~1 ms for later
/// ones, measured on Debian 12 with PROJ 9.1.1): the cache pays it once a pair. Entries live for the life of the process; a diary uses a handful of pairs.
final class TransformerCache: @unchecked Sendable {
    static let shared = TransformerCache()

    private struct Key: Hashable {
        var source: CRS
        var target: CRS
    }

    private let lock = NSLock()
    private var transformations: [Key: ProjTransformation] = [:]

    /// The cached transformation for the pair, built under the lock on first request so two
    /// threads asking at once do not both pay for it.
    func transformation(from source: CRS, to target: CRS) throws(FootprintProjectionError) -> ProjTransformation {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(source: source, target: target)
        if let cached = transformations[key] { return cached }
        let made = try ProjTransformation(from: source, to: target)
        transformations[key] = made
        return made
    }
}
