import Foundation
import GRDB
import Testing

@testable import FootprintStore

#if canImport(Glibc)
    import Glibc
#endif

/// `PlaceImportFile(descriptor:)`: standard input and pipes, copied once to an unlinked temporary
/// file so the whole input is checked before anything is written, as a file is.
@Suite struct StandardInputImportTests {
    /// A pipe whose reading end holds `text`; written from a thread, so texts larger than the
    /// pipe's buffer (64 KiB) work.
    final class PipeInput: @unchecked Sendable {
        let pipe = Pipe()
        init(_ text: String) {
            let writer = pipe.fileHandleForWriting
            let data = Data(text.utf8)
            Thread {
                writer.write(data)
                try? writer.close()
            }.start()
        }
        var descriptor: Int32 { pipe.fileHandleForReading.fileDescriptor }
    }

    @Test func csvFromAPipeIsSniffedAndNamedStdin() throws {
        let test = try ImportTestStore()
        let input = PipeInput("id,name,lat,lon\n1,서울숲,37.5444,127.0374\n2,,37.5,127\n")
        let file = try PlaceImportFile(descriptor: input.descriptor)
        #expect(file.name == "<stdin>")
        #expect(file.source == "<stdin>")
        #expect(file.format == .csv)
        let summary = try test.store.importPlaces(file)
        #expect(summary.inserted == 1)
        #expect(summary.skippedRows == [SkippedRow(line: 3, reason: "The name is missing")])
        #expect(try test.places(source: "<stdin>")["1"]?["name"] as String? == "서울숲")
    }

    /// JSON from a pipe is read twice (checked whole, then imported) and told apart by content.
    @Test func jsonFromAPipeIsCheckedWholeFirst() throws {
        let test = try ImportTestStore()
        var features: [String] = []
        for index in 0..<3000 {
            features.append(
                #"{"type":"Feature","id":\#(index),"geometry":{"type":"Point","coordinates":[127,37.5]},"#
                    + #""properties":{"name":"p\#(index)"}}"#)
        }
        let valid = PipeInput(#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}")
        let file = try PlaceImportFile(descriptor: valid.descriptor, options: ImportOptions(batchSize: 100))
        #expect(file.format == .geojson)
        #expect(try test.store.importPlaces(file).inserted == 3000)
        let broken = PipeInput(
            #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + ",]}")
        #expect(
            throws: FootprintStoreError.invalidInput(
                path: "<stdin>", line: 3000,
                reason: "Invalid JSON: a trailing comma after features[2999] is not allowed in JSON")
        ) {
            try PlaceImportFile(descriptor: broken.descriptor, options: ImportOptions(source: "other"))
        }
        #expect(try test.places(source: "other").isEmpty)
    }

    @Test func theFormatOptionIsUsedAsGiven() throws {
        let input = PipeInput(#"{"documents":[{"id":"9","place_name":"카페","x":"126.978","y":"37.5665"}]}"#)
        let file = try PlaceImportFile(
            descriptor: input.descriptor, options: ImportOptions(format: .kakao, source: "kakao"))
        #expect(file.format == .kakao)
        #expect(file.source == "kakao")
    }

    @Test func emptyInputIsOneSentence() throws {
        let input = PipeInput("")
        #expect(throws: FootprintStoreError.unreadableInput(path: "<stdin>", reason: "The input is empty")) {
            try PlaceImportFile(descriptor: input.descriptor)
        }
        #expect(
            FootprintStoreError.unreadableInput(path: "<stdin>", reason: "The input is empty").description
                == "<stdin>: The input is empty; nothing was imported.")
    }

    /// Standard input redirected from a file is read where it stands, without a copy.
    @Test func aRegularFileDescriptorIsReadFromItsPosition() throws {
        let test = try ImportTestStore()
        let url = try test.file("r.csv", "name,lat,lon\n서울숲,37.5444,127.0374\n")
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let file = try PlaceImportFile(descriptor: handle.fileDescriptor, name: "<stdin>")
        #expect(file.format == .csv)
        #expect(try test.store.importPlaces(file).inserted == 1)
    }

    /// A path that is a pipe (`<(…)`, `/dev/stdin`) is copied too: its bytes can be read once.
    @Test func aNamedPipeIsCopied() throws {
        let test = try ImportTestStore()
        let path = test.directory.file("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = #"{"documents":[{"id":"9","place_name":"카페","x":"126.978","y":"37.5665"}]}"#
        Thread {
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.write(Data(text.utf8))
                try? handle.close()
            }
        }.start()
        let file = try PlaceImportFile(path: path)
        #expect(file.format == .kakao)
        #expect(try test.store.importPlaces(file).inserted == 1)
    }
}
