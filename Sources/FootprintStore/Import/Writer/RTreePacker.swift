import GRDB

/// Rewrites an SQLite `rtree` virtual table (2 dimensions, 32-bit float coordinates, no auxiliary
/// columns: SpatiaLite's `idx_places_geom`) as a packed Sort-Tile-Recursive tree (Leutenegger,
/// Edgington & López, "STR: A Simple and Efficient Algorithm for R-Tree Packing", 1997), by
/// writing its three shadow tables directly.
///
/// The format is SQLite's `ext/rtree/rtree.c` (3.40): `%_node(nodeno, data)` holds nodes of a
/// fixed size (the root's blob length: page size − 64, at most 4 + 51 cells × 24 bytes); a node is
/// a 2-byte big-endian depth (root only; leaves are depth 0), a 2-byte cell count, then cells of
/// an 8-byte big-endian rowid (leaves) or child node number, and xmin, xmax, ymin, ymax as
/// big-endian IEEE floats. `%_rowid(rowid, nodeno)` maps each entry to its leaf and
/// `%_parent(nodeno, parentnode)` each non-root node to its parent; the root is node 1.
/// `SELECT rtreecheck('idx_places_geom')` checks all of it (the tests do).
///
/// A packed tree answers window queries as well as or better than one built by R*Tree insertion,
/// and SQLite's own insertion and deletion work on it afterwards. Its nodes are filled to
/// ``packedFill`` only, so that those later insertions find room: in a tree of full nodes every
/// insertion splits a leaf and rewrites the `%_rowid` rows of all its entries (120 µs an insertion
/// into the 1M peer places' tree, against about 9 µs with room).
struct RTreePacker {
    private let db: Database
    private let path: String
    private let table: String

    init(_ db: Database, path: String, table: String) {
        self.db = db
        self.path = path
        self.table = table
    }

    /// Bytes of a cell: 8-byte id and 4 float coordinates.
    private static let cellSize = 24
    /// The share of a node's cells the packed tree fills (40 of 51): a tree built by insertion
    /// leaves its nodes about as full on average, and 11 free cells a leaf take a later import of
    /// a tenth of the tree without splits.
    static let packedFill = 0.8

    /// Re-packs the tree with its current entries, minus the `moved` ones of `update`, plus all of
    /// `update`'s; returns the number of entries.
    func repack(adding update: SpatialIndexUpdate) throws -> Int {
        let nodeSize = try Int.fetchOne(db, sql: "SELECT length(data) FROM \(quoted("_node")) WHERE nodeno = 1") ?? 0
        let capacity = (nodeSize - 4) / Self.cellSize
        guard capacity >= 2 else {
            throw FootprintStoreError.database(
                path: path, message: "the spatial index \(table) has an unexpected node size \(nodeSize)")
        }
        var entries = RTreeEntries()
        try readLeaves(into: &entries, skipping: update.moved)
        entries.reserve(entries.count + update.count)
        update.forEachEntry { id, x, y in
            entries.append(
                id: id, box: (Self.roundedDown(x), Self.roundedUp(x), Self.roundedDown(y), Self.roundedUp(y)))
        }
        let filled = max(2, Int(Double(capacity) * Self.packedFill))
        try write(
            STRTree(boxes: entries.boxes, count: entries.count, capacity: filled), entries: entries,
            nodeSize: nodeSize)
        return entries.count
    }

    // MARK: Reading

    /// Appends every leaf entry of the current tree, except `skipped` ids.
    private func readLeaves(
        into entries: inout RTreeEntries, skipping skipped: [Int64: (longitude: Double, latitude: Double)]
    ) throws {
        let select = try RawStatement(db, path: path, sql: "SELECT data FROM \(quoted("_node")) WHERE nodeno = ?")
        var level: [Int64] = [1]
        var depth = -1
        while !level.isEmpty {
            var next: [Int64] = []
            for nodeNumber in level {
                select.bind(1, nodeNumber)
                guard try select.step() else {
                    select.reset()
                    throw FootprintStoreError.database(
                        path: path, message: "the spatial index \(table) misses node \(nodeNumber)")
                }
                let data = select.blob(0)
                if depth < 0 { depth = Int(Self.readUInt16(data, at: 0)) }
                let cellCount = Int(Self.readUInt16(data, at: 2))
                for cell in 0..<cellCount {
                    let offset = 4 + cell * Self.cellSize
                    let id = Int64(bitPattern: Self.readUInt64(data, at: offset))
                    if depth > 0 {
                        next.append(id)
                    } else if skipped[id] == nil {
                        entries.append(
                            id: id,
                            box: (
                                Self.readFloat(data, at: offset + 8), Self.readFloat(data, at: offset + 12),
                                Self.readFloat(data, at: offset + 16), Self.readFloat(data, at: offset + 20)
                            ))
                    }
                }
                select.reset()
            }
            level = next
            depth -= 1
        }
    }

    // MARK: Writing

    private func write(_ tree: STRTree, entries: RTreeEntries, nodeSize: Int) throws {
        for suffix in ["_node", "_rowid", "_parent"] { try db.execute(sql: "DELETE FROM \(quoted(suffix))") }
        let insertNode = try RawStatement(
            db, path: path, sql: "INSERT INTO \(quoted("_node"))(nodeno, data) VALUES (?, ?)")
        let insertParent = try RawStatement(
            db, path: path, sql: "INSERT INTO \(quoted("_parent"))(nodeno, parentnode) VALUES (?, ?)")
        var blob = [UInt8](repeating: 0, count: nodeSize)
        let top = tree.levels.count - 1
        for level in stride(from: top, through: 0, by: -1) {
            let packed = tree.levels[level]
            for node in 0..<packed.nodeCount {
                let cells = packed.cells(of: node)
                for index in blob.indices { blob[index] = 0 }
                let nodeNumber = tree.nodeNumber(level: level, node: node)
                if nodeNumber == 1 { Self.writeUInt16(UInt16(top), to: &blob, at: 0) }
                Self.writeUInt16(UInt16(cells.count), to: &blob, at: 2)
                for (cell, entry) in cells.enumerated() {
                    let offset = 4 + cell * Self.cellSize
                    let id: Int64
                    let boxes = level == 0 ? entries.boxes : tree.levels[level - 1].nodeBoxes
                    if level == 0 {
                        id = entries.ids[Int(entry)]
                    } else {
                        id = tree.nodeNumber(level: level - 1, node: Int(entry))
                        insertParent.bind(1, id)
                        insertParent.bind(2, nodeNumber)
                        try insertParent.run()
                    }
                    Self.writeUInt64(UInt64(bitPattern: id), to: &blob, at: offset)
                    for coordinate in 0..<4 {
                        Self.writeUInt32(
                            boxes[Int(entry) * 4 + coordinate].bitPattern, to: &blob, at: offset + 8 + coordinate * 4)
                    }
                }
                insertNode.bind(1, nodeNumber)
                blob.withUnsafeBytes { insertNode.bind(2, blob: $0) }
                try insertNode.run()
            }
        }
        // %_rowid in rowid order, so its B-tree is appended to rather than split at random.
        var leafOf = [(id: Int64, node: Int64)]()
        leafOf.reserveCapacity(entries.count)
        let leaves = tree.levels[0]
        for node in 0..<leaves.nodeCount {
            let nodeNumber = tree.nodeNumber(level: 0, node: node)
            for entry in leaves.cells(of: node) { leafOf.append((entries.ids[Int(entry)], nodeNumber)) }
        }
        RadixSort.sortByID(&leafOf)
        let insertRowID = try RawStatement(
            db, path: path, sql: "INSERT INTO \(quoted("_rowid"))(rowid, nodeno) VALUES (?, ?)")
        for pair in leafOf {
            insertRowID.bind(1, pair.id)
            insertRowID.bind(2, pair.node)
            try insertRowID.run()
        }
    }

    private func quoted(_ suffix: String) -> String { (table + suffix).quotedDatabaseIdentifier }

    // MARK: Float rounding as rtree.c does it

    /// SQLite's `RNDTOWARDS`/`RNDAWAY` factors (rtree.c): 1 ∓ 2⁻²³.
    private static let towardZero = 1.0 - 1.0 / 8_388_608.0
    private static let awayFromZero = 1.0 + 1.0 / 8_388_608.0

    /// The float at or below `value`, computed as rtree.c's `rtreeValueDown` does, so a re-packed
    /// entry is bit-for-bit the one SQLite's own insertion would store.
    static func roundedDown(_ value: Double) -> Float {
        let nearest = Float(value)
        if Double(nearest) <= value { return nearest }
        return Float(value * (value < 0 ? awayFromZero : towardZero))
    }

    /// The float at or above `value`, as rtree.c's `rtreeValueUp`.
    static func roundedUp(_ value: Double) -> Float {
        let nearest = Float(value)
        if Double(nearest) >= value { return nearest }
        return Float(value * (value < 0 ? towardZero : awayFromZero))
    }

    // MARK: Big-endian fields

    private static func readUInt16(_ data: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(data[offset]) << 8 | UInt16(data[offset + 1])
    }

    private static func readUInt64(_ data: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(data[offset + $1]) }
    }

    private static func readFloat(_ data: UnsafeRawBufferPointer, at offset: Int) -> Float {
        Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[offset + $1]) })
    }

    private static func writeUInt16(_ value: UInt16, to blob: inout [UInt8], at offset: Int) {
        blob[offset] = UInt8(value >> 8)
        blob[offset + 1] = UInt8(value & 0xFF)
    }

    private static func writeUInt32(_ value: UInt32, to blob: inout [UInt8], at offset: Int) {
        for byte in 0..<4 { blob[offset + byte] = UInt8((value >> (24 - 8 * byte)) & 0xFF) }
    }

    private static func writeUInt64(_ value: UInt64, to blob: inout [UInt8], at offset: Int) {
        for byte in 0..<8 { blob[offset + byte] = UInt8((value >> (56 - 8 * byte)) & 0xFF) }
    }
}

/// Entries of an R-tree: ids and float boxes (xmin, xmax, ymin, ymax), in two flat arrays.
struct RTreeEntries {
    private(set) var ids: [Int64] = []
    private(set) var boxes: [Float] = []
    var count: Int { ids.count }

    mutating func reserve(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        boxes.reserveCapacity(capacity * 4)
    }

    mutating func append(id: Int64, box: (Float, Float, Float, Float)) {
        ids.append(id)
        boxes.append(box.0)
        boxes.append(box.1)
        boxes.append(box.2)
        boxes.append(box.3)
    }
}
