/// PNG chunks as bytes: splitting an encoded PNG into its chunks and writing chunks with their
/// CRC (what an APNG is assembled from; libpng itself encodes each frame).
enum PNGChunkIO {
    struct Chunk {
        var type: String
        var data: ArraySlice<UInt8>
    }

    /// The chunks of a PNG libpng has just encoded (so well formed), in order.
    static func split(_ png: [UInt8]) -> [Chunk] {
        precondition(png.starts(with: PNGFile.signature), "not a PNG")
        var chunks: [Chunk] = []
        var i = PNGFile.signature.count
        while i + 12 <= png.count {
            let length = Int(bigEndian32(png, at: i))
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: png[(i + 8)..<(i + 8 + length)]))
            i += 12 + length
        }
        return chunks
    }

    static func bigEndian32(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
    }

    /// Length, type, data and the CRC of type and data.
    static func write(_ type: String, _ data: some Collection<UInt8>, to bytes: inout [UInt8]) {
        precondition(type.utf8.count == 4, "a chunk type has four letters")
        append(UInt32(data.count), to: &bytes)
        let body = Array(type.utf8) + data
        bytes += body
        append(crc32(body), to: &bytes)
    }

    /// The CRC-32 of ISO 3309 that PNG uses (polynomial 0xEDB88320, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        return crc ^ 0xffff_ffff
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xedb8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
