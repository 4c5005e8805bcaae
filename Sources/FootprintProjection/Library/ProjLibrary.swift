import CProj

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few PROJ functions FootprintProjection calls, resolved with `dlsym` from a `dlopen`ed libproj.
///
/// `CProj` only provides PROJ's headers (its module map has no `link` line), so the `footprint`
/// binary does not depend on libproj: linking it costs ~10 ms at every process start (it pulls in
/// curl, libtiff and sqlite). The library is opened the first time ``shared`` is read — the first
/// ``Transformer`` a process builds — and stays open for the life of the process.
///
/// Each function type below repeats the declaration of `/usr/include/proj.h` (PROJ 9.1.1) with the
/// header's own types (`PJ_COORD`, `PJ_DIRECTION`, `PJ_TYPE`, `PJ_LOG_FUNCTION`); `PJ *` and
/// `PJ_CONTEXT *` are incomplete structs, which Swift imports as `OpaquePointer`.
struct ProjLibrary: @unchecked Sendable {
    typealias ContextCreate = @convention(c) () -> OpaquePointer?
    typealias ContextDestroy = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ContextErrno = @convention(c) (OpaquePointer?) -> Int32
    typealias ContextErrnoString = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    typealias LogLevel = @convention(c) (OpaquePointer?, PJ_LOG_LEVEL) -> PJ_LOG_LEVEL
    typealias LogFunc = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, PJ_LOG_FUNCTION?) -> Void
    typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias CreateCRSToCRSFromPJ =
        @convention(c) (
            OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?
        ) -> OpaquePointer?
    typealias NormalizeForVisualization = @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias IsCRS = @convention(c) (OpaquePointer?) -> Int32
    typealias GetType = @convention(c) (OpaquePointer?) -> PJ_TYPE
    typealias GetSourceCRS = @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias Trans = @convention(c) (OpaquePointer?, PJ_DIRECTION, PJ_COORD) -> PJ_COORD
    typealias TransGeneric =
        @convention(c) (
            OpaquePointer?, PJ_DIRECTION,
            UnsafeMutablePointer<Double>?, Int, Int,
            UnsafeMutablePointer<Double>?, Int, Int,
            UnsafeMutablePointer<Double>?, Int, Int,
            UnsafeMutablePointer<Double>?, Int, Int
        ) -> Int
    typealias Errno = @convention(c) (OpaquePointer?) -> Int32

    let contextCreate: ContextCreate
    let contextDestroy: ContextDestroy
    let contextErrno: ContextErrno
    let contextErrnoString: ContextErrnoString
    let logLevel: LogLevel
    let logFunc: LogFunc
    let create: Create
    let createCRSToCRSFromPJ: CreateCRSToCRSFromPJ
    let normalizeForVisualization: NormalizeForVisualization
    let destroy: Destroy
    let isCRS: IsCRS
    let getType: GetType
    let getSourceCRS: GetSourceCRS
    let trans: Trans
    let transGeneric: TransGeneric
    let errno: Errno
    let errnoReset: Errno

    /// The names tried in order: PROJ 9's soname on Debian 12 (`libproj.so.25`), the development
    /// link any Linux install with `libproj-dev` has, and Homebrew's macOS names.
    static let candidateNames = ["libproj.so.25", "libproj.so", "libproj.25.dylib", "libproj.dylib"]

    /// The process-wide library, opened on first access (Swift initialises a `static let` once,
    /// thread-safely), or why it could not be opened.
    static let shared: Result<ProjLibrary, FootprintProjectionError> = Result { () throws(FootprintProjectionError) in
        try ProjLibrary.open()
    }

    /// Opens the first loadable name of ``candidateNames`` and resolves every function.
    static func open() throws(FootprintProjectionError) -> ProjLibrary {
        var reasons: [String] = []
        for name in candidateNames {
            // RTLD_LOCAL keeps PROJ's symbols (and those of its sqlite) out of the global namespace.
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                return try ProjLibrary(handle: handle, name: name)
            }
            if let message = dlerror() { reasons.append(String(cString: message)) }
        }
        throw .libraryUnavailable(
            "none of \(candidateNames.joined(separator: ", ")) could be opened (\(reasons.first ?? "not found")); "
                + "install libproj-dev")
    }

    private init(handle: UnsafeMutableRawPointer, name: String) throws(FootprintProjectionError) {
        func symbol<Function>(_ symbolName: String, as type: Function.Type) throws(FootprintProjectionError)
            -> Function
        {
            guard let address = dlsym(handle, symbolName) else {
                throw .libraryUnavailable("\(name) has no function \(symbolName); PROJ 6.2 or newer is needed")
            }
            return unsafeBitCast(address, to: type)
        }
        contextCreate = try symbol("proj_context_create", as: ContextCreate.self)
        contextDestroy = try symbol("proj_context_destroy", as: ContextDestroy.self)
        contextErrno = try symbol("proj_context_errno", as: ContextErrno.self)
        contextErrnoString = try symbol("proj_context_errno_string", as: ContextErrnoString.self)
        logLevel = try symbol("proj_log_level", as: LogLevel.self)
        logFunc = try symbol("proj_log_func", as: LogFunc.self)
        create = try symbol("proj_create", as: Create.self)
        createCRSToCRSFromPJ = try symbol("proj_create_crs_to_crs_from_pj", as: CreateCRSToCRSFromPJ.self)
        normalizeForVisualization = try symbol(
            "proj_normalize_for_visualization", as: NormalizeForVisualization.self)
        destroy = try symbol("proj_destroy", as: Destroy.self)
        isCRS = try symbol("proj_is_crs", as: IsCRS.self)
        getType = try symbol("proj_get_type", as: GetType.self)
        getSourceCRS = try symbol("proj_get_source_crs", as: GetSourceCRS.self)
        trans = try symbol("proj_trans", as: Trans.self)
        transGeneric = try symbol("proj_trans_generic", as: TransGeneric.self)
        errno = try symbol("proj_errno", as: Errno.self)
        errnoReset = try symbol("proj_errno_reset", as: Errno.self)
    }

    /// The library, or the error saying why it cannot be loaded.
    static func loaded() throws(FootprintProjectionError) -> ProjLibrary {
        switch shared {
        case .success(let library): return library
        case .failure(let error): throw error
        }
    }
}
