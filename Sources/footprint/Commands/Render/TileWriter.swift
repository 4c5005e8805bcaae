import FootprintGeo
import FootprintRender
import Foundation

/// Writes tiles in parallel, each to a temporary name renamed to `Z/X/Y.svg` (see ``TileFolder``).
struct TileWriter: @unchecked Sendable {
    let folder: TileFolder
    let scene: MapScene
    let scale: Int
    let showsProgress: Bool

    func write(_ tiles: [Tile]) throws {
        let state = WriterState()
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(1, (tiles.count + workers * 8 - 1) / (workers * 8))
        let chunks = (tiles.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            for index in (part * chunk)..<min(tiles.count, (part + 1) * chunk) {
                let tile = tiles[index]
                do {
                    let frame = try MapFrame(tile: tile, scale: scale)
                    try folder.writeTile(
                        z: tile.z, x: tile.x, y: tile.y, bytes: MapRenderer.svg(scene, frame: frame))
                } catch {
                    state.locked { if $0.failure == nil { $0.failure = error } }
                    return
                }
                let current = state.locked {
                    $0.done += 1
                    return $0.done
                }
                if showsProgress, current % 64 == 0 || current == tiles.count {
                    FileHandle.standardError.write(Data("\rtiles \(current)/\(tiles.count)".utf8))
                }
            }
        }
        if showsProgress, !tiles.isEmpty { FileHandle.standardError.write(Data("\n".utf8)) }
        if let failure = state.locked({ $0.failure }) { throw failure }
    }
}

/// What the workers share, behind a lock.
final class WriterState: @unchecked Sendable {
    struct Values {
        var done = 0
        var failure: Error?
    }

    private let lock = NSLock()
    private var values = Values()

    func locked<T>(_ body: (inout Values) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
