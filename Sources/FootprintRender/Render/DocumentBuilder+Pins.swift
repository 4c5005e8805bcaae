import FootprintGeo

/// Markers and photos: one `<use>` of a shared shape each, or a cluster where they crowd.
extension DocumentBuilder {
    /// Markers nearer than this (in CSS pixels) are drawn as one cluster below ``clusterMaximumZoom``.
    static let clusterCell = 20.0
    /// From this zoom on every marker is drawn on its own, with its name as a `<title>`.
    static let clusterMaximumZoom = 16

    /// A group of pins drawn as one: their count and mean position.
    struct Cluster {
        var first: Int
        var count: Int
        var sumX: Double
        var sumY: Double
    }

    /// Draws the pins: below zoom 16, those sharing a cell of the ``clusterCell`` grid (aligned to
    /// the world, so every tile cuts the same cells) become one disc with their count.
    mutating func drawPins() {
        guard !scene.pins.isEmpty else { return }
        let area = frame.drawnArea
        if frame.zoomLevel >= Self.clusterMaximumZoom {
            var singles: [Int] = []
            for index in scene.pinRange(frame: frame, margin: 0) {
                let pixel = frame.pixel(scene.pins[index].point)
                if area.contains(pixel.x, pixel.y) { singles.append(index) }
            }
            drawSingles(singles)
            return
        }
        let cell = Self.clusterCell * k
        let (clusters, origin) =
            frame.tile == nil
            ? (greedyClusters(cell: cell), (x: 0.0, y: 0.0))
            : (gridClusters(cell: cell), (x: frame.originX, y: frame.originY))
        var singles: [Int] = []
        var groups: [(x: Double, y: Double, count: Int)] = []
        let inset = 6 * k
        let clusterArea = PixelRect(
            minX: area.minX + inset, minY: area.minY + inset, maxX: area.maxX - inset, maxY: area.maxY - inset)
        for cluster in clusters {
            if cluster.count == 1 {
                let pixel = frame.pixel(scene.pins[cluster.first].point)
                if area.contains(pixel.x, pixel.y) { singles.append(cluster.first) }
            } else {
                let x = cluster.sumX / Double(cluster.count) - origin.x
                let y = cluster.sumY / Double(cluster.count) - origin.y
                // Its count's baseline lies a few pixels below the centre: kept inside too.
                if clusterArea.contains(x, y) { groups.append((x, y, cluster.count)) }
            }
        }
        drawSingles(singles)
        drawClusters(groups)
    }

    /// Tiles: the pins sharing a cell of the grid aligned to the world, then each cell joined to
    /// the neighbouring cell it crowds, in order of each cluster's first pin; sums in world pixels.
    ///
    /// A cell's pins alone would leave two clusters (or two markers) of neighbouring cells a few
    /// pixels apart. So a cell whose mean lies within a cell's width of a neighbour's mean joins
    /// the most populous such neighbour (ties: the first in row, column order) when that one has
    /// more pins (or as many and comes first), unless that neighbour joins another in turn:
    /// chains never form, so what a cell becomes depends only on the cells within two of it.
    /// Every tile works over whole cells reaching four beyond its drawn area, so a cluster near an
    /// edge counts the same members, in the same order, on both tiles.
    func gridClusters(cell: Double) -> [Cluster] {
        // The cells that can put a cluster or a single in the drawn area, with the cells their
        // decisions depend on. They are a few hundred, so a flat table of them replaces a
        // dictionary: hashing was a quarter of a tile pyramid's time.
        let area = frame.drawnArea
        let reach = 4
        let firstColumn = Int(((frame.originX + area.minX) / cell).rounded(.down)) - reach
        let lastColumn = Int(((frame.originX + area.maxX) / cell).rounded(.down)) + reach
        let firstRow = Int(((frame.originY + area.minY) / cell).rounded(.down)) - reach
        let lastRow = Int(((frame.originY + area.maxY) / cell).rounded(.down)) + reach
        let width = lastColumn - firstColumn + 1
        let height = lastRow - firstRow + 1
        var slots = [Int32](repeating: -1, count: width * height)
        var cells: [Cluster] = []
        var places: [Int] = []
        for index in scene.pinRange(frame: frame, margin: cell * Double(reach + 1)) {
            let point = scene.pins[index].point
            let worldX = point.x * frame.worldSize
            let worldY = point.y * frame.worldSize
            let column = Int((worldX / cell).rounded(.down))
            let row = Int((worldY / cell).rounded(.down))
            guard (firstColumn...lastColumn).contains(column), (firstRow...lastRow).contains(row) else { continue }
            let slot = (row - firstRow) * width + (column - firstColumn)
            let found = Int(slots[slot])
            if found >= 0 {
                cells[found].count += 1
                cells[found].sumX += worldX
                cells[found].sumY += worldY
            } else {
                slots[slot] = Int32(cells.count)
                cells.append(Cluster(first: index, count: 1, sumX: worldX, sumY: worldY))
                places.append(slot)
            }
        }
        // Which neighbour each cell would join.
        var target = [Int](repeating: -1, count: cells.count)
        for (index, cluster) in cells.enumerated() {
            let (row, column) = places[index].quotientAndRemainder(dividingBy: width)
            let x = cluster.sumX / Double(cluster.count)
            let y = cluster.sumY / Double(cluster.count)
            var best = -1
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let (r, c) = (row + dy, column + dx)
                    guard r >= 0, r < height, c >= 0, c < width else { continue }
                    let other = Int(slots[r * width + c])
                    guard other >= 0 else { continue }
                    let neighbour = cells[other]
                    let distanceX = neighbour.sumX / Double(neighbour.count) - x
                    let distanceY = neighbour.sumY / Double(neighbour.count) - y
                    guard distanceX * distanceX + distanceY * distanceY < cell * cell else { continue }
                    if best < 0 || Self.precedes(neighbour, places[other], cells[best], places[best]) { best = other }
                }
            }
            if best >= 0, Self.precedes(cells[best], places[best], cluster, places[index]) { target[index] = best }
        }
        // Joins into cells that stay themselves; the first pin of a joined cluster is its own.
        var joined = cells
        var absorbed = [Bool](repeating: false, count: cells.count)
        for index in cells.indices {
            let into = target[index]
            guard into >= 0, target[into] < 0 else { continue }
            joined[into].count += cells[index].count
            joined[into].sumX += cells[index].sumX
            joined[into].sumY += cells[index].sumY
            absorbed[index] = true
        }
        return joined.indices.filter { !absorbed[$0] }.map { joined[$0] }
    }

    /// True when cell `a` (at table slot `slotA`) is the one `b` joins: more pins, or as many
    /// and first in row, column order.
    private static func precedes(_ a: Cluster, _ slotA: Int, _ b: Cluster, _ slotB: Int) -> Bool {
        a.count > b.count || (a.count == b.count && slotA < slotB)
    }

    /// Static maps (no seam to agree on): each pin joins the earliest cluster whose first pin lies
    /// within a cell's length of it, else starts one, so no two clusters' first pins are nearer
    /// than that. Sums in map pixels.
    func greedyClusters(cell: Double) -> [Cluster] {
        var clusters: [Cluster] = []
        var anchors: [(x: Double, y: Double)] = []
        var grid: [Int64: [Int]] = [:]
        func key(_ column: Int64, _ row: Int64) -> Int64 { row &* 1_000_003 &+ column }
        for index in scene.pins.indices {
            let pixel = frame.pixel(scene.pins[index].point)
            guard pixel.x.isFinite, pixel.y.isFinite else { continue }
            let column = Int64((pixel.x / cell).rounded(.down))
            let row = Int64((pixel.y / cell).rounded(.down))
            var joined: Int? = nil
            for dy in -1...1 {
                for dx in -1...1 {
                    for candidate in grid[key(column + Int64(dx), row + Int64(dy))] ?? [] {
                        let anchor = anchors[candidate]
                        let distanceX = anchor.x - pixel.x
                        let distanceY = anchor.y - pixel.y
                        if distanceX * distanceX + distanceY * distanceY < cell * cell, candidate < (joined ?? Int.max)
                        {
                            joined = candidate
                        }
                    }
                }
            }
            if let joined {
                clusters[joined].count += 1
                clusters[joined].sumX += pixel.x
                clusters[joined].sumY += pixel.y
            } else {
                grid[key(column, row), default: []].append(clusters.count)
                anchors.append(pixel)
                clusters.append(Cluster(first: index, count: 1, sumX: pixel.x, sumY: pixel.y))
            }
        }
        return clusters
    }

    /// Pins on their own: grouped by colour, each a `<use>` of its shape, its title inside.
    mutating func drawSingles(_ indices: [Int]) {
        guard !indices.isEmpty else { return }
        var colorOrder: [OverlayColor?] = []
        var byColor: [OverlayColor?: [Int]] = [:]
        for index in indices {
            let color = scene.pins[index].color
            if byColor[color] == nil { colorOrder.append(color) }
            byColor[color, default: []].append(index)
        }
        var glyphs: [(x: Double, y: Double, text: String)] = []
        for key in colorOrder {
            body.raw("<g class=\"mk\"")
            if let key { paint("fill", key) } else { body.raw(" fill=\"#7e7e7e\"") }
            body.raw(">\n")
            for index in byColor[key] ?? [] {
                let pin = scene.pins[index]
                let pixel = frame.pixel(pin.point)
                let id = pin.shape.id(pin.size)
                usedShapes[id] = (pin.shape, pin.size)
                body.raw("<use xlink:href=\"#")
                body.raw(id)
                body.raw("\" x=\"")
                body.number(pixel.x)
                body.raw("\" y=\"")
                body.number(pixel.y)
                body.byte(UInt8(ascii: "\""))
                let factor = MarkerShape.factor(pin.size) * k
                let centerY = pixel.y + pin.shape.centerOffsetY * factor
                let reach = pin.shape.radius * factor
                markerBoxes.insert(
                    PixelRect(
                        minX: pixel.x - reach, minY: centerY - reach, maxX: pixel.x + reach,
                        maxY: max(centerY + reach, pixel.y)))
                if let title = pin.title {
                    body.raw("><title>")
                    body.text(title)
                    body.raw("</title></use>\n")
                    pinLabels.append((pixel.x, centerY, pin.shape.radius * factor, title))
                } else {
                    body.raw("/>\n")
                }
                if let glyph = pin.glyph { glyphs.append((pixel.x, centerY, glyph)) }
            }
            body.raw("</g>\n")
        }
        guard !glyphs.isEmpty else { return }
        body.raw("<g class=\"gl\">")
        for glyph in glyphs {
            body.raw("<text x=\"")
            body.number(glyph.x)
            body.raw("\" y=\"")
            body.number(glyph.y + 3.2 * k)
            body.raw("\">")
            body.text(glyph.text)
            body.raw("</text>")
        }
        body.raw("</g>\n")
    }

    /// Clusters: a disc sized by the count, the count written on it.
    mutating func drawClusters(_ groups: [(x: Double, y: Double, count: Int)]) {
        guard !groups.isEmpty else { return }
        body.raw("<g class=\"cl\">")
        for group in groups {
            let radius = Self.clusterRadius(group.count) * k
            markerBoxes.insert(
                PixelRect(
                    minX: group.x - radius, minY: group.y - radius, maxX: group.x + radius, maxY: group.y + radius))
            body.raw("<circle cx=\"")
            body.number(group.x)
            body.raw("\" cy=\"")
            body.number(group.y)
            body.raw("\" r=\"")
            body.number(Self.clusterRadius(group.count) * k)
            body.raw("\"/>")
        }
        body.raw("</g>\n<g class=\"ct\">")
        for group in groups {
            body.raw("<text x=\"")
            body.number(group.x)
            body.raw("\" y=\"")
            body.number(group.y + 4 * k)
            body.raw("\">")
            body.raw(Self.countText(group.count))
            body.raw("</text>")
        }
        body.raw("</g>\n")
    }

    /// The radius of a cluster's disc, growing with the count's digits: up to two digits the
    /// disc (19 px across) fits in a 20 px cell, so neighbouring clusters do not overlap.
    static func clusterRadius(_ count: Int) -> Double {
        count < 100 ? 9.5 : count < 1000 ? 12 : 14
    }

    /// A count as a cluster shows it: digits below 1000, then `1.2k`, `12k`, and `100k+` from 100,000.
    static func countText(_ count: Int) -> String {
        if count < 1000 { return String(count) }
        if count < 10_000 {
            let tenths = count / 100
            return tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k"
        }
        if count < 100_000 { return "\(count / 1000)k" }
        return "100k+"
    }
}
