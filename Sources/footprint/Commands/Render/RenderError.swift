import FootprintGeo

/// What `footprint render` refuses, as one sentence each.
enum RenderError: Error, CustomStringConvertible {
    case tileSyntax(String)
    case tileOutOfRange(z: Int, x: Int, y: Int)
    case zoomSyntax(String)
    case zoomRange(low: Int, high: Int)
    case boxSyntax(String)
    case box(String, reason: String)
    case sizeSyntax(String)
    case tooManyTiles(count: Int, limit: Int)
    case noSource
    case bothAreas
    case twoSources
    case maximumTiles(Int)
    case outputFolder(String, reason: String)
    case geoJSON(message: String)
    /// The input `file` (`<stdin>` for `-`) cannot be read; `reason` is a capitalised clause.
    case unreadable(file: String, reason: String)

    var description: String {
        switch self {
        case .tileSyntax(let text):
            return "The tile “\(text)” is not Z/X/Y: write three whole numbers, e.g. 14/13970/6344."
        case .tileOutOfRange(let z, let x, let y):
            if !(0...22).contains(z) { return "The tile \(z)/\(x)/\(y) has zoom \(z): a zoom is 0 to 22." }
            let last = (1 << z) - 1
            return "The tile \(z)/\(x)/\(y) is outside the grid: at zoom \(z) X and Y run from 0 to \(last)."
        case .zoomSyntax(let text):
            return "The zoom range “\(text)” is not A-B: write two zooms 0 to 22, e.g. --zoom 10-16."
        case .zoomRange(let low, let high):
            if low > high { return "The zoom range \(low)-\(high) runs backwards: write the smaller zoom first." }
            return "The zoom range \(low)-\(high) goes beyond 22, the deepest zoom."
        case .boxSyntax(let text):
            return "The box “\(text)” is not W,S,E,N: write four decimal degrees, e.g. 126.8,37.45,127.2,37.7."
        case .box(let text, let reason):
            return "The box “\(text)” cannot be drawn: \(reason)."
        case .sizeSyntax(let text):
            return "The size “\(text)” is not WxH: write two whole numbers of pixels, e.g. 800x600."
        case .tooManyTiles(let count, let limit):
            return
                "The range holds \(count) tiles, more than \(limit): narrow --zoom or --bbox, or allow them with --max-tiles \(count)."
        case .noSource:
            return "Say what to draw: --day DATE, --places, --bbox W,S,E,N or --geojson FILE."
        case .maximumTiles(let limit):
            return "The --max-tiles \(limit) is not a number of tiles: give 1 or more."
        case .twoSources:
            return
                "Give one thing to draw: --day DATE, --geojson FILE, or --places and --bbox W,S,E,N (alone or together)."
        case .bothAreas:
            return "Give --bbox W,S,E,N or --day DATE, not both: the tiles cover one or the other."
        case .outputFolder(let path, let reason):
            return "\(path): The tiles cannot be written: \(reason)."
        case .geoJSON(let message):
            return message
        case .unreadable(let file, let reason):
            return "\(file): \(reason); nothing was drawn."
        }
    }
}
