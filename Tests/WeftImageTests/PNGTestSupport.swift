import WeftImage

/// A tiny deterministic generator for test samples.
struct SampleGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// CRC-32 as PNG chunks use it (ISO 3309), written independently of libpng.
func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xedb8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}

/// A PNG stream split into chunks, for building damaged files on purpose.
struct PNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
        /// Where the chunk's length field starts in the original stream.
        var offset: Int
    }

    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    var chunks: [Chunk]

    init(_ bytes: [UInt8]) {
        precondition(Array(bytes.prefix(8)) == Self.signature)
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[i + 8..<i + 8 + length]), offset: i))
            i += 12 + length
        }
        self.chunks = chunks
    }

    func chunk(_ type: String) -> Chunk { chunks.first { $0.type == type }! }

    /// The stream with correct lengths and CRCs.
    var bytes: [UInt8] {
        var out = Self.signature
        for chunk in chunks {
            out += bigEndian(UInt32(chunk.data.count))
            let body = Array(chunk.type.utf8) + chunk.data
            out += body
            out += bigEndian(crc32(body))
        }
        return out
    }
}

func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
}

/// A small valid RGBA8 PNG with varied content.
func samplePNG(width: Int = 13, height: Int = 7, interlaced: Bool = false) throws -> [UInt8] {
    var generator = SampleGenerator(seed: 7)
    let samples = (0..<width * height * 4).map { _ in UInt16(generator.next(below: 256)) }
    return try PNGFile.encode(PNGRawImage(width: width, height: height, colorType: .rgba, bitDepth: 8,
                                          interlaced: interlaced, samples: samples))
}

/// A fresh scratch directory under /tmp for one test.
func scratchDirectory(_ name: String) -> String {
    let path = "/tmp/weft-image-tests-\(name)-\(UInt32.random(in: 0...UInt32.max))"
    precondition(mkdirForTests(path))
    return path
}

#if canImport(Glibc)
import Glibc
func mkdirForTests(_ path: String) -> Bool { mkdir(path, 0o755) == 0 }
#endif
