import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks on rendered documents: well-formedness, rsvg-convert, the numbers they hold.
enum SVGCheck {
    /// The folder of the golden files, beside this source file.
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Golden")

    /// Elements and attributes of a well-formed document, or `nil` when the parser fails.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((elementName, attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func parse(_ bytes: [UInt8]) -> Collector? {
        let parser = XMLParser(data: Data(bytes))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    /// rsvg-convert's exit status and everything it wrote to stderr, converting to PNG.
    static func rsvgConvert(_ bytes: [UInt8]) throws -> (status: Int32, stderr: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("map.svg")
        try Data(bytes).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["-o", directory.appendingPathComponent("map.png").path, input.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The numbers of a path's data, as x, y pairs (absolute `M`/`L`/`H`/`V`-free data only).
    static func points(inPathData data: String) -> [(x: Double, y: Double)] {
        var numbers: [Double] = []
        var current = ""
        func flush() {
            if let value = Double(current) { numbers.append(value) }
            current = ""
        }
        var points: [(x: Double, y: Double)] = []
        for character in data {
            if character == "-" {
                flush()
                current = "-"
            } else if character.isNumber || character == "." {
                current.append(character)
            } else {
                flush()
                if character == "M" || character == "Z" {
                    var index = 0
                    while index + 1 < numbers.count {
                        points.append((numbers[index], numbers[index + 1]))
                        index += 2
                    }
                    numbers.removeAll()
                }
            }
        }
        flush()
        var index = 0
        while index + 1 < numbers.count {
            points.append((numbers[index], numbers[index + 1]))
            index += 2
        }
        return points
    }
}
