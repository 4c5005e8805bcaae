import ArgumentParser
import FootprintGeo
import Foundation

/// `footprint geo validate FILE…`: the strict RFC 7946 check.
struct GeoValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check GeoJSON files against RFC 7946, strictly.",
        discussion: """
            Every FILE is read as strict JSON (RFC 8259: no NaN, trailing commas or comments) and \
            checked against RFC 7946: type names and their case, required and forbidden members, \
            positions, linear rings (4 or more positions, closed), bbox, id.

            Each error prints on stderr as `FILE:LINE:COLUMN: PATH: Reason.`, where PATH is the \
            JSON path of the value, such as `features[3].geometry.coordinates[0]`, and LINE:COLUMN \
            where it starts. What the RFC discourages but allows (a clockwise exterior ring, a `crs` \
            member, a line jumping across the antimeridian) prints as \
            `FILE:LINE:COLUMN: PATH: Warning: message.`. stdout gets one line a file: \
            `FILE: valid` or `FILE: invalid, N errors`.

            With no FILE, or with `-`, standard input is read (named `<stdin>` in messages). All \
            files are checked; the exit status is 0 when every one is valid (warnings allowed) and \
            1 otherwise, or when a file cannot be read.
            """)

    @Argument(help: "GeoJSON files to check; `-` (or none) reads standard input.")
    var files: [String] = []

    @OptionGroup var output: OutputOptions

    func run() throws {
        let names = files.isEmpty ? ["-"] : files
        var allValid = true
        var reports: [JSONValue] = []
        for name in names {
            let label = InputFile.label(name)
            let data: Data
            switch InputFile.read(name) {
            case .success(let bytes): data = bytes
            case .failure(let problem):
                Output.error("\(label): \(problem.reason).")
                allValid = false
                reports.append(
                    .object([
                        (key: "file", value: .string(label)), (key: "valid", value: .bool(false)),
                        (key: "read_error", value: .string(problem.reason)),
                    ]))
                continue
            }
            let validation = GeoJSONDecoder().validate(data)
            for (error, position) in zip(validation.errors, validation.errorPositions) {
                Output.error(error.description(in: label, at: position))
            }
            for warning in validation.warnings { Output.error(warning.description(in: label)) }
            allValid = allValid && validation.isValid
            if output.json {
                reports.append(Self.report(label, validation))
            } else {
                Output.line(Self.summary(label, validation))
            }
        }
        if output.json { Output.json(.array(reports)) }
        if !allValid { throw ExitCode(1) }
    }

    static func summary(_ label: String, _ validation: GeoJSONValidation) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var text = "\(label): " + (validation.isValid ? "valid" : "invalid, " + count(validation.errors.count, "error"))
        if !validation.warnings.isEmpty {
            text += (validation.isValid ? " with " : ", ") + count(validation.warnings.count, "warning")
        }
        return text
    }

    static func report(_ label: String, _ validation: GeoJSONValidation) -> JSONValue {
        func place(_ position: GeoJSONTextPosition?) -> JSONMembers {
            guard let position else { return [] }
            return [
                (key: "line", value: .integer(Int64(position.line))),
                (key: "column", value: .integer(Int64(position.column))),
            ]
        }
        let errors = zip(validation.errors, validation.errorPositions).map { error, position in
            JSONValue.object(
                [(key: "path", value: .string(error.path)), (key: "message", value: .string(error.reason))]
                    + place(position))
        }
        let warnings = validation.warnings.map { warning in
            JSONValue.object(
                [(key: "path", value: .string(warning.path)), (key: "message", value: .string(warning.message))]
                    + place(warning.position))
        }
        return .object([
            (key: "file", value: .string(label)), (key: "valid", value: .bool(validation.isValid)),
            (key: "errors", value: .array(errors)), (key: "warnings", value: .array(warnings)),
        ])
    }
}
