import CProj

/// Transforms positions from one CRS to another with PROJ, in visualization order (longitude
/// first for geographic CRSs, easting first for projected ones).
///
/// Built with `proj_create_crs_to_crs_from_pj` and `proj_normalize_for_visualization`, so its
/// output matches `cs2cs` with the axes of each CRS put in x,y order. The first transformer a
/// process builds loads libproj (``ProjLibrary``) and each new PROJ context opens `proj.db`; by
/// default transformers are cached per CRS pair (``TransformerCache``), so asking again for the same
/// pair costs a dictionary look-up.
///
/// Thread safety: a transformer is `Sendable`; it owns one PROJ context and serialises the calls
/// into it with a lock. Threads that share a cached transformer take turns; for parallel work build
/// one per thread with `cached: false`.
public struct Transformer: Sendable {
    /// The CRS of the input positions.
    public let source: CRS
    /// The CRS of the output positions.
    public let target: CRS
    let transformation: ProjTransformation
    let direction: PJ_DIRECTION

    /// A transformer from `source` to `target`, from the process-wide cache unless `cached` is false.
    ///
    /// Throws ``FootprintProjectionError/libraryUnavailable(_:)`` when libproj cannot be loaded,
    /// ``FootprintProjectionError/unknownCRS(_:projMessage:)`` when PROJ does not know a CRS, and
    /// ``FootprintProjectionError/noTransformation(from:to:projMessage:)`` when it knows no way
    /// between them.
    public init(from source: CRS, to target: CRS, cached: Bool = true) throws(FootprintProjectionError) {
        transformation =
            cached
            ? try TransformerCache.shared.transformation(from: source, to: target)
            : try ProjTransformation(from: source, to: target)
        direction = PJ_FWD
        self.source = source
        self.target = target
    }

    private init(source: CRS, target: CRS, transformation: ProjTransformation, direction: PJ_DIRECTION) {
        self.source = source
        self.target = target
        self.transformation = transformation
        self.direction = direction
    }
    /// True when the input is longitude, latitude in degrees.
    public var sourceIsGeographic: Bool {
        direction == PJ_FWD ? transformation.sourceIsGeographic : transformation.targetIsGeographic
    }
    /// True when the output is longitude, latitude in degrees.
    public var targetIsGeographic: Bool {
        direction == PJ_FWD ? transformation.targetIsGeographic : transformation.sourceIsGeographic
    }

    /// The transformer from ``target`` back to ``source``, sharing this one's PROJ objects.
    public var inverse: Transformer {
        Transformer(
            source: target, target: source, transformation: transformation,
            direction: direction == PJ_FWD ? PJ_INV : PJ_FWD)
    }

    /// The position `coordinate` in the target CRS (`proj_trans`).
    ///
    /// Throws ``FootprintProjectionError/transformFailed(x:y:index:from:to:projMessage:)`` with
    /// PROJ's reason when PROJ cannot transform it (a latitude beyond 90°, outside the projection).
    public func transform(_ coordinate: CRSCoordinate) throws(FootprintProjectionError) -> CRSCoordinate {
        switch transformation.transform(x: coordinate.x, y: coordinate.y, direction: direction) {
        case .success(let output): return CRSCoordinate(x: output.x, y: output.y)
        case .failure(let failure):
            throw .transformFailed(
                x: coordinate.x, y: coordinate.y, index: nil, from: source.name, to: target.name,
                projMessage: explained(failure.message, for: coordinate))
        }
    }

    /// Transforms every position of `coordinates` in place with one `proj_trans_generic` call.
    ///
    /// Throws ``FootprintProjectionError/transformFailed(x:y:index:from:to:projMessage:)`` naming
    /// the first position PROJ could not transform (by its index); `coordinates` is then left
    /// unchanged.
    public func transform(_ coordinates: inout [CRSCoordinate]) throws(FootprintProjectionError) {
        guard !coordinates.isEmpty else { return }
        let original = coordinates
        let stride = MemoryLayout<CRSCoordinate>.stride
        let xOffset = MemoryLayout<CRSCoordinate>.offset(of: \.x)!
        let yOffset = MemoryLayout<CRSCoordinate>.offset(of: \.y)!
        let failure = coordinates.withUnsafeMutableBytes { bytes in
            let base = bytes.baseAddress!
            return transformation.transform(
                xs: (base + xOffset).assumingMemoryBound(to: Double.self),
                ys: (base + yOffset).assumingMemoryBound(to: Double.self),
                stride: stride, count: original.count, direction: direction)
        }
        if let failure {
            coordinates = original
            let point = original[failure.index]
            throw .transformFailed(
                x: point.x, y: point.y, index: failure.index, from: source.name, to: target.name,
                projMessage: explained(failure.message, for: point))
        }
    }

    /// The positions of `coordinates` in the target CRS (see ``transform(_:)-(inout [CRSCoordinate])``).
    public func transform(_ coordinates: [CRSCoordinate]) throws(FootprintProjectionError) -> [CRSCoordinate] {
        var output = coordinates
        try transform(&output)
        return output
    }

    /// PROJ's `message`, with a hint when a geographic input looks written LAT,LON: a "latitude"
    /// beyond ±90° whose "longitude" would be a valid latitude (Korea's 37.56,126.97).
    private func explained(_ message: String, for point: CRSCoordinate) -> String {
        guard sourceIsGeographic, abs(point.y) > 90, abs(point.y) <= 180, abs(point.x) <= 90 else { return message }
        return message + "; geographic positions are LON,LAT here, so this one may be swapped"
    }
}
