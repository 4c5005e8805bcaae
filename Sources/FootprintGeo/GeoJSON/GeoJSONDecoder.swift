/// Reads RFC 7946 GeoJSON text into ``GeoJSONObject`` values.
///
/// Two modes:
/// - ``Mode/lenient`` (the default, for commands that take GeoJSON in): accepts what can be
///   used — a type name in the wrong case, an unclosed ring (closed here), a one-position line,
///   a Feature without `geometry` or `properties` — and drops a bad `bbox` or `id` and the
///   members RFC 7946 §7.1 forbids.
/// - ``Mode/strict`` (what `footprint geo validate` uses): refuses everything RFC 7946 forbids.
///
/// Both read JSON strictly (RFC 8259: no NaN, trailing commas or comments) and refuse what
/// cannot be used: a missing or unknown `type`, positions without two numbers, strings where
/// numbers belong, latitudes beyond ±90°. Numbers keep full double precision. A position's
/// numbers after longitude and latitude (altitude…) are accepted and not kept. An empty Point
/// (`"coordinates": []`, which §3.1 lets a reader take as null) becomes a null geometry in a
/// Feature and the empty MultiPoint elsewhere.
public struct GeoJSONDecoder: Hashable, Sendable {
    /// How much of RFC 7946 is enforced.
    public enum Mode: Hashable, Sendable {
        /// Accept what can be used.
        case lenient
        /// Refuse what RFC 7946 forbids.
        case strict
    }

    /// How much of RFC 7946 ``decode(_:)-(Collection<UInt8>)`` enforces.
    public var mode: Mode

    /// Creates a decoder.
    public init(mode: Mode = .lenient) {
        self.mode = mode
    }

    /// Decodes a UTF-8 GeoJSON text.
    ///
    /// - Throws: the first ``GeoJSONError`` in document order.
    public func decode(_ bytes: some Collection<UInt8>) throws(GeoJSONError) -> GeoJSONObject {
        let outcome = Self.read(bytes, strict: mode == .strict, stopsAtFirstError: true)
        if let error = outcome.errors.first { throw error }
        guard let object = outcome.object else {
            throw .invalidValue(path: "", reason: "the text holds no GeoJSON object")
        }
        return object
    }

    /// Decodes a GeoJSON text.
    public func decode(_ text: String) throws(GeoJSONError) -> GeoJSONObject {
        try decode(text.utf8)
    }

    /// Checks a UTF-8 text against RFC 7946 strictly, whatever ``mode`` says, and returns every
    /// error and warning with its JSON path (and place in the text), plus the object when valid.
    public func validate(_ bytes: some Collection<UInt8>) -> GeoJSONValidation {
        Self.read(bytes, strict: true, stopsAtFirstError: false)
    }

    /// Checks a text against RFC 7946 strictly; see ``validate(_:)-(Collection<UInt8>)``.
    public func validate(_ text: String) -> GeoJSONValidation {
        validate(text.utf8)
    }

    static func read(_ bytes: some Collection<UInt8>, strict: Bool, stopsAtFirstError: Bool) -> GeoJSONValidation {
        withContiguousBytes(of: bytes) { buffer in
            var locator = TextLocator(bytes: buffer)
            let tape: JSONTape
            do throws(JSONSyntaxError) {
                tape = try JSONTape.parse(buffer)
            } catch {
                let position = locator.position(of: error.offset)
                return GeoJSONValidation(
                    object: nil,
                    errors: [.invalidJSON(line: position.line, column: position.column, reason: error.reason)],
                    errorPositions: [position], warnings: [])
            }
            var reader = GeoJSONReader(tape: tape, strict: strict, stopsAtFirstError: stopsAtFirstError)
            let object = reader.readRoot()
            // Repeated names were found while converting values; merge them in document order.
            var warnings = reader.warnings
            for duplicate in reader.duplicates ?? [] {
                warnings.append((duplicate.path, GeoJSONReader.duplicateMessage(duplicate.key), duplicate.offset))
            }
            // Document order; the walk reports a missing member after the members it read.
            warnings = warnings.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
                .map(\.element)
            let errorOrder = reader.errors.indices.sorted {
                (reader.errorOffsets[$0], $0) < (reader.errorOffsets[$1], $1)
            }
            return GeoJSONValidation(
                object: reader.errors.isEmpty ? object : nil,
                errors: errorOrder.map { reader.errors[$0] },
                errorPositions: errorOrder.map { locator.position(of: reader.errorOffsets[$0]) },
                warnings: warnings.map {
                    GeoJSONWarning(path: $0.path, message: $0.message, position: locator.position(of: $0.offset))
                })
        }
    }
}
