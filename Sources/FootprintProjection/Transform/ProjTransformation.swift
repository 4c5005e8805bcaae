import CProj
import Foundation

/// One PROJ context and the normalized transformation built in it, owned together.
///
/// Thread safety: PROJ objects must not be used by two threads at once, and a context is not
/// thread-safe either. Each `ProjTransformation` therefore owns its own context (so PROJ's log
/// messages are attributable to it) and serialises every call into that context behind `lock`.
/// Several threads may share one transformation (they take turns); a thread that wants to
/// transform in parallel builds its own with `Transformer(from:to:cached: false)`.
final class ProjTransformation: @unchecked Sendable {
    let library: ProjLibrary
    /// Whether the source / target CRS is geographic: its coordinates are longitude, latitude in
    /// degrees (visualization order), not metres.
    let sourceIsGeographic: Bool
    let targetIsGeographic: Bool

    private let context: OpaquePointer
    private let pj: OpaquePointer
    private let lock = NSLock()
    private let log: ProjLog

    /// Builds the transformation from `source` to `target`: `proj_create` for each CRS (so an
    /// unknown one is named), `proj_create_crs_to_crs_from_pj`, then
    /// `proj_normalize_for_visualization` so geographic CRSs take longitude first.
    init(from source: CRS, to target: CRS) throws(FootprintProjectionError) {
        let library = try ProjLibrary.loaded()
        guard let context = library.contextCreate() else {
            throw .libraryUnavailable("proj_context_create returned no context (out of memory)")
        }
        let log = ProjLog()
        // Without a log function PROJ writes its messages to stderr itself; errors only
        // (PJ_LOG_ERROR), whatever PROJ_DEBUG says, as the rest is noise for our users.
        library.logFunc(context, Unmanaged.passUnretained(log).toOpaque(), projLogFunction)
        _ = library.logLevel(context, PJ_LOG_ERROR)
        var objects: [OpaquePointer] = []
        func cleanUp() {
            for object in objects.reversed() { _ = library.destroy(object) }
            _ = library.contextDestroy(context)
        }
        func crsObject(_ crs: CRS) throws(FootprintProjectionError) -> OpaquePointer {
            log.reset()
            guard let object = library.create(context, crs.definition) else {
                throw .unknownCRS(crs.name, projMessage: Self.message(library, context, log))
            }
            objects.append(object)
            guard library.isCRS(object) != 0 else {
                throw .unknownCRS(crs.name, projMessage: "it defines an operation, not a coordinate reference system")
            }
            return object
        }
        do throws(FootprintProjectionError) {
            let sourceObject = try crsObject(source)
            let targetObject = try crsObject(target)
            log.reset()
            guard let operation = library.createCRSToCRSFromPJ(context, sourceObject, targetObject, nil, nil) else {
                throw FootprintProjectionError.noTransformation(
                    from: source.name, to: target.name, projMessage: Self.message(library, context, log))
            }
            objects.append(operation)
            guard let normalized = library.normalizeForVisualization(context, operation) else {
                throw FootprintProjectionError.noTransformation(
                    from: source.name, to: target.name, projMessage: Self.message(library, context, log))
            }
            self.sourceIsGeographic = Self.isGeographic(library, context, sourceObject)
            self.targetIsGeographic = Self.isGeographic(library, context, targetObject)
            // The normalized operation holds what it needs; the CRS objects and the raw operation go.
            for object in objects.reversed() { _ = library.destroy(object) }
            self.pj = normalized
        } catch {
            cleanUp()
            throw error
        }
        self.library = library
        self.context = context
        self.log = log
    }

    deinit {
        _ = library.destroy(pj)
        _ = library.contextDestroy(context)
    }

    /// Transforms `count` points stored with `stride` bytes between them, x at `xs` and y at `ys`,
    /// in place, with one `proj_trans_generic` call. Returns the index of the first point PROJ
    /// could not transform and PROJ's message, or nil when every point succeeded.
    func transform(
        xs: UnsafeMutablePointer<Double>, ys: UnsafeMutablePointer<Double>, stride: Int, count: Int,
        direction: PJ_DIRECTION
    ) -> (index: Int, message: String)? {
        lock.lock()
        defer { lock.unlock() }
        log.reset()
        _ = library.errnoReset(pj)
        _ = library.transGeneric(pj, direction, xs, stride, count, ys, stride, count, nil, 0, 0, nil, 0, 0)
        // PROJ marks a point it could not transform with HUGE_VAL (+∞) in every ordinate.
        let step = stride / MemoryLayout<Double>.stride
        var offset = 0
        for index in 0..<count {
            if !xs[offset].isFinite || !ys[offset].isFinite {
                return (index, Self.message(library, context, log, pj: pj))
            }
            offset += step
        }
        return nil
    }

    /// Transforms one point with `proj_trans`; nil with PROJ's message when it fails.
    func transform(x: Double, y: Double, direction: PJ_DIRECTION) -> Result<(x: Double, y: Double), ProjFailure> {
        lock.lock()
        defer { lock.unlock() }
        log.reset()
        _ = library.errnoReset(pj)
        let output = library.trans(pj, direction, PJ_COORD(xyzt: PJ_XYZT(x: x, y: y, z: 0, t: 0)))
        guard output.xy.x.isFinite, output.xy.y.isFinite else {
            return .failure(ProjFailure(message: Self.message(library, context, log, pj: pj)))
        }
        return .success((output.xy.x, output.xy.y))
    }

    /// PROJ's own explanation of the last failure: the last message it logged (the most specific,
    /// e.g. "webmerc: Invalid latitude"), else the text of its error number.
    private static func message(
        _ library: ProjLibrary, _ context: OpaquePointer, _ log: ProjLog, pj: OpaquePointer? = nil
    ) -> String {
        if let logged = log.lastMessage { return logged }
        var code: Int32 = 0
        if let pj { code = library.errno(pj) }
        if code == 0 { code = library.contextErrno(context) }
        if code != 0, let text = library.contextErrnoString(context, code) { return String(cString: text) }
        return "PROJ gave no reason"
    }

    /// True when `crs` (or the base of a bound CRS such as TM128 with `+towgs84`) is geographic.
    private static func isGeographic(_ library: ProjLibrary, _ context: OpaquePointer, _ crs: OpaquePointer) -> Bool {
        var type = library.getType(crs)
        if type == PJ_TYPE_BOUND_CRS, let base = library.getSourceCRS(context, crs) {
            type = library.getType(base)
            _ = library.destroy(base)
        }
        return type == PJ_TYPE_GEOGRAPHIC_2D_CRS || type == PJ_TYPE_GEOGRAPHIC_3D_CRS
    }
}

/// PROJ's reason for a failed point.
struct ProjFailure: Error {
    var message: String
}

/// The last error message PROJ logged in one context; written by ``projLogFunction`` under the
/// owning transformation's lock (or during its construction, on one thread).
final class ProjLog: @unchecked Sendable {
    var lastMessage: String?

    func reset() { lastMessage = nil }
}

/// PROJ's log callback: keeps the message instead of letting PROJ print it on stderr.
private let projLogFunction: PJ_LOG_FUNCTION = { appData, _, message in
    guard let appData, let message else { return }
    let log = Unmanaged<ProjLog>.fromOpaque(appData).takeUnretainedValue()
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    if !text.isEmpty { log.lastMessage = text }
}
