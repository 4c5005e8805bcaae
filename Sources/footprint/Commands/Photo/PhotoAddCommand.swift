import ArgumentParser
import FootprintGeo
import FootprintStore

/// `footprint photo add FILE --taken-at TIME [--at LAT,LON] [--place ID]`.
struct PhotoAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a photo to the diary (the file is referred to, not copied).",
        discussion: """
            TIME is ISO 8601 with an offset (2024-05-18T14:30+09:00); without one it is read in the system's \
            time zone (TZ). Without --at the position is the JPEG's EXIF GPS position, else the track's \
            position at TIME (none when no track point is within 10 minutes).
            """)

    @ParentCommand var root: Footprint
    @Argument(help: "The photo file.") var file: String
    @Option(name: .customLong("taken-at"), parsing: .unconditional, help: "When it was taken.") var takenAt: String
    @Option(parsing: .unconditional, help: "Where it was taken, LAT,LON.") var at: PointArgument?
    @Option(help: "The place it shows.") var place: Int64?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let time = try LocalTime(iso8601: takenAt)
        let coordinate = try at?.coordinate()
        let store = try root.openStore(.readWrite)
        let added = try store.addPhoto(file: file, takenAt: time, coordinate: coordinate, placeID: place)
        if let problem = added.exifProblem {
            Output.error("Warning: \(file): Its EXIF metadata was not used: \(problem).")
        }
        let photo = added.photo
        if output.json {
            guard case .object(let members) = photo.json else { return }
            Output.json(.array([.object(members + [("position_source", .string(added.positionSource.rawValue))])]))
            return
        }
        let position: String
        switch added.positionSource {
        case .given: position = " at \(photo.coordinate?.tableText ?? "")"
        case .exif: position = " at \(photo.coordinate?.tableText ?? "") (from its EXIF GPS)"
        case .track: position = " at \(photo.coordinate?.tableText ?? "") (on the track)"
        case .none: position = ", with no position (no EXIF GPS, no track point within 10 minutes)"
        }
        Output.line("Photo \(photo.id ?? 0) taken \(time.iso8601)\(position).")
    }
}
