/// The file formats `importPlaces` reads.
public enum ImportFormat: String, Hashable, Sendable, CaseIterable {
    /// A CSV file with a header row (UTF-8 or CP949).
    case csv
    /// An RFC 7946 FeatureCollection of Points.
    case geojson
    /// A response of Naver's Local Search API (`items`, `mapx`/`mapy`).
    case naver
    /// A response of Kakao's keyword search API (`documents`, `x`/`y`).
    case kakao
}

/// The text encodings an import file may be in.
public enum ImportEncoding: String, Hashable, Sendable, CaseIterable {
    /// UTF-8, with or without a byte-order mark.
    case utf8 = "utf-8"
    /// CP949 (Microsoft's Unified Hangul Code), a superset of EUC-KR: what Korean Excel saves.
    case cp949
    /// UTF-16, little-endian (what Excel's "Unicode text" and Windows tools write), with or
    /// without a byte-order mark; a big-endian byte-order mark overrides it.
    case utf16LE = "utf-16le"
    /// UTF-16, big-endian, with or without a byte-order mark; a little-endian byte-order mark
    /// overrides it.
    case utf16BE = "utf-16be"
}

/// How ``FootprintStore/importPlaces(from:options:progress:)`` reads a file.
public struct ImportOptions: Hashable, Sendable {
    /// The format; `nil` tells it from the extension (`.csv`, `.tsv`, `.geojson`) or, for `.json`
    /// and others, from the content.
    public var format: ImportFormat?
    /// The encoding; `nil` detects it on the first 64 KiB: a byte-order mark (UTF-8, UTF-16 LE or
    /// BE), else UTF-16 when NUL bytes alternate with text bytes, else UTF-8 when valid, else CP949.
    public var encoding: ImportEncoding?
    /// The CRS of a CSV file's coordinate columns (`x`/`y`, or `lon`/`lat`), such as `EPSG:5186`;
    /// `nil` means WGS84 degrees.
    public var crs: String?
    /// The name places are recorded under (`places.source`); `nil` uses `kakao` for a Kakao
    /// response, `naver` for a Naver one (their ids are the service's, whatever the file), and
    /// the file's name for CSV and GeoJSON. Places are matched to earlier imports by this name and
    /// their id in the file.
    public var source: String?
    /// When true, any bad row fails the whole import and nothing changes.
    public var strict: Bool
    /// Rows of the first batch (at most: a time-bounded batch, ``maximumBatchSeconds``, may end
    /// sooner). Each batch commits on its own; later batches grow to three times
    /// the rows already imported (up to ``maximumBatchSize``), and the last takes the rest of the
    /// file when it is less than one and a half such batches, so that a large first import
    /// re-packs the spatial index only a few times (50,000, 200,000 and 1,000,000 entries for a
    /// million rows).
    public var batchSize: Int
    /// The largest batch.
    public var maximumBatchSize: Int
    /// The ``maximumBatchSeconds`` for an import while other processes edit the database: a
    /// second, a tenth of the longest a Footprint writer waits for the lock (issue #17).
    public static let sharedBatchSeconds = 1.0
    /// The longest a batch may hold the write lock, in seconds — its rows, its spatial and search
    /// index updates (the search index is updated in each batch's own transaction) and its
    /// COMMIT. `nil` (the default): batches are sized by rows alone and the search index is
    /// updated once, after the last batch, in a transaction as long as the import is large
    /// (seconds for a million rows) — the fastest import when nothing else writes. Bounded
    /// batches cost that speed: 1M peer places took 68 s instead of 27 s at one second
    /// (2026-11-25, quiet release build), so they are asked for (``sharedBatchSeconds``).
    ///
    /// Bounded batches let other processes share the database: a writer waits for the write lock
    /// at most about one batch (its busy handler gives up after about 10 s), and searches never
    /// meet more than a batch of not yet indexed places. They cost import time: small batches add
    /// to SQLite's R*Tree entry by entry instead of re-packing it, and to the search index row by
    /// row instead of rebuilding it.
    public var maximumBatchSeconds: Double? = nil
    /// How many skipped rows the summary lists (all are counted); bounds memory on a file of
    /// garbage.
    public var reportedSkipLimit: Int
    /// When true, the file's values replace the fields the user set (``PlaceEdits``) and the
    /// marks of the places it touches are cleared; by default those fields keep the user's values.
    public var overwriteEdits: Bool
    /// When true, a CSV or GeoJSON file imported under its file's name may move that source's
    /// places by any distance and rename them freely; by default such rows are
    /// ``ImportSummary/conflicts`` and change nothing, as the file looks like another source.
    public var replace: Bool
    /// How far apart (metres, WGS84 geodesic) a row new to its source and a place of another
    /// source may be and still be merged as the same spot (``ImportSummary/merged``); 0 turns
    /// matching off. Between 0 and 1000; the import refuses anything else.
    public var matchRadiusMeters = 50.0
    /// The fewest rows (estimated from the file's size) for which a first import builds the
    /// search index beside its batches (``SearchIndexBuild``); tests lower it.
    var searchBuildMinimumRows = SearchIndexBuild.minimumRows

    public init(
        format: ImportFormat? = nil, encoding: ImportEncoding? = nil, crs: String? = nil, source: String? = nil,
        strict: Bool = false, batchSize: Int = 50_000, maximumBatchSize: Int = 1_000_000,
        reportedSkipLimit: Int = 10_000, overwriteEdits: Bool = false, replace: Bool = false
    ) {
        self.format = format
        self.encoding = encoding
        self.crs = crs
        self.source = source
        self.strict = strict
        self.batchSize = max(1, batchSize)
        self.maximumBatchSize = max(self.batchSize, maximumBatchSize)
        self.reportedSkipLimit = reportedSkipLimit
        self.overwriteEdits = overwriteEdits
        self.replace = replace
    }
}
