import CZlib

/// gzip (RFC 1952) decompression through zlib, for the compressed files of `Data/`.
enum Gzip {
    /// The bytes `compressed` holds (every member, concatenated); `nil` when it is not gzip data
    /// or is cut short.
    static func decompressed(_ compressed: [UInt8]) -> [UInt8]? {
        guard compressed.count >= 18, compressed[0] == 0x1F, compressed[1] == 0x8B else { return nil }
        var stream = z_stream()
        // 15 window bits plus 16: a gzip header and trailer, not a zlib one.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = compressed
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                switch status {
                case Z_STREAM_END:
                    // Another member may follow (gzip files may be concatenated).
                    guard stream.avail_in > 0 else { return output }
                    guard inflateReset(&stream) == Z_OK else { return nil }
                case Z_OK:
                    // No progress with input left, or input exhausted mid-stream: cut short.
                    if stream.avail_in == 0 && stream.avail_out > 0 { return nil }
                default:
                    return nil
                }
            }
        }
    }
}
