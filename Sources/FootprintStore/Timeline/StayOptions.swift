import FootprintGeo

/// The thresholds of stay-point detection: `--stay-minutes` and `--stay-radius`.
public struct StayOptions: Hashable, Sendable {
    /// Ten minutes: `--stay-minutes`' default.
    public static let defaultMinimumDurationSeconds = 600.0
    /// 100 m: `--stay-radius`' default.
    public static let defaultRadiusMeters = 100.0
    /// The largest radius accepted: 50 km, beyond which a "stay" is a region.
    public static let maximumRadiusMeters = 50_000.0
    /// The longest minimum duration accepted: a week.
    public static let maximumDurationSeconds = 7 * 86_400.0

    /// Ten minutes within 100 m (Li et al. 2008 used 30 min and 200 m for whole-day traces; a
    /// diary's café stops are shorter).
    public static let standard = StayOptions(
        checkedMinimumDurationSeconds: defaultMinimumDurationSeconds, radiusMeters: defaultRadiusMeters)

    /// The shortest stay, in seconds from its first point to its last.
    public let minimumDurationSeconds: Double
    /// How far from a run's first point its points may lie, in metres.
    public let radiusMeters: Double

    /// - Throws: `invalidValue` for a duration that is not more than 0 and at most a week, or a
    ///   radius that is not more than 0 and at most 50 km.
    public init(
        minimumDurationSeconds: Double = defaultMinimumDurationSeconds, radiusMeters: Double = defaultRadiusMeters
    ) throws {
        guard minimumDurationSeconds.isFinite, minimumDurationSeconds > 0,
            minimumDurationSeconds <= Self.maximumDurationSeconds
        else {
            throw FootprintStoreError.invalidValue(
                name: "stay duration", value: "\(formatted(minimumDurationSeconds / 60)) min",
                reason: "give more than 0 minutes and at most a week (10080)")
        }
        guard radiusMeters.isFinite, radiusMeters > 0, radiusMeters <= Self.maximumRadiusMeters else {
            throw FootprintStoreError.invalidValue(
                name: "stay radius", value: "\(formatted(radiusMeters)) m",
                reason: "give more than 0 metres and at most 50000")
        }
        self.init(checkedMinimumDurationSeconds: minimumDurationSeconds, radiusMeters: radiusMeters)
    }

    private init(checkedMinimumDurationSeconds: Double, radiusMeters: Double) {
        self.minimumDurationSeconds = checkedMinimumDurationSeconds
        self.radiusMeters = radiusMeters
    }
}
