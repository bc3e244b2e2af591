import Testing
import WeftImage

/// One malformed PNG and what its error must say.
struct MalformedPNG: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: @Sendable () throws -> [UInt8]
    let expected: [String]
    var testDescription: String { name }

    static func withHeader(_ change: @escaping @Sendable (inout [UInt8]) -> Void) -> @Sendable () throws -> [UInt8] {
        {
            var chunks = PNGChunks(try samplePNG())
            change(&chunks.chunks[0].data)
            return chunks.bytes
        }
    }

    static func cut(_ length: @escaping @Sendable (PNGChunks) -> Int) -> @Sendable () throws -> [UInt8] {
        {
            let file = try samplePNG()
            return Array(file.prefix(length(PNGChunks(file))))
        }
    }

    static let all: [MalformedPNG] = [
        MalformedPNG(name: "zero bytes", bytes: { [] }, expected: ["the file is empty"]),
        MalformedPNG(name: "half the signature", bytes: cut { _ in 4 }, expected: ["truncated", "signature"]),
        MalformedPNG(name: "signature only", bytes: cut { _ in 8 }, expected: ["truncated", "8 bytes"]),
        MalformedPNG(name: "cut inside IHDR", bytes: cut { _ in 20 }, expected: ["truncated", "20 bytes"]),
        MalformedPNG(name: "cut inside IDAT", bytes: cut { $0.chunk("IDAT").offset + 20 }, expected: ["truncated"]),
        MalformedPNG(name: "IEND missing", bytes: cut { $0.chunk("IEND").offset }, expected: ["truncated"]),
        MalformedPNG(name: "a JPEG renamed", bytes: { [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0] },
                     expected: ["not a PNG image"]),
        MalformedPNG(name: "a GIF", bytes: { Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] }, expected: ["not a PNG image"]),
        MalformedPNG(name: "text", bytes: { Array("hello, world".utf8) }, expected: ["not a PNG image"]),
        MalformedPNG(name: "100000×100000 header", bytes: withHeader { $0.replaceSubrange(0..<8, with: bigEndian(100_000) + bigEndian(100_000)) },
                     expected: ["100000×100000", "10000000000 pixels", "limit of 67108864 pixels"]),
        MalformedPNG(name: "1×100000000 header", bytes: withHeader { $0.replaceSubrange(0..<8, with: bigEndian(1) + bigEndian(100_000_000)) },
                     expected: ["1×100000000", "limit of 67108864"]),
        MalformedPNG(name: "largest legal header", bytes: withHeader { $0.replaceSubrange(0..<8, with: bigEndian(0x7fff_ffff) + bigEndian(0x7fff_ffff)) },
                     expected: ["2147483647×2147483647", "limit of 67108864"]),
        MalformedPNG(name: "zero width", bytes: withHeader { $0.replaceSubrange(0..<4, with: bigEndian(0)) }, expected: ["corrupt", "width"]),
        MalformedPNG(name: "width beyond 2³¹", bytes: withHeader { $0.replaceSubrange(0..<4, with: bigEndian(0x8000_0000)) }, expected: ["corrupt"]),
        MalformedPNG(name: "bit depth 3", bytes: withHeader { $0[8] = 3 }, expected: ["corrupt", "bit depth"]),
        MalformedPNG(name: "color type 5", bytes: withHeader { $0[9] = 5 }, expected: ["corrupt", "color type"]),
        MalformedPNG(name: "palette image without PLTE", bytes: withHeader { $0[9] = 3 }, expected: ["corrupt"]),
        MalformedPNG(name: "IHDR checksum", bytes: {
            var file = try samplePNG()
            file[PNGChunks(file).chunk("IHDR").offset + 9] ^= 1
            return file
        }, expected: ["damaged", "IHDR"]),
        MalformedPNG(name: "IDAT checksum", bytes: {
            var file = try samplePNG()
            file[PNGChunks(file).chunk("IDAT").offset + 12] ^= 0x80
            return file
        }, expected: ["damaged", "IDAT"]),
        MalformedPNG(name: "IDAT not zlib, checksum right", bytes: {
            var chunks = PNGChunks(try samplePNG())
            let i = chunks.chunks.firstIndex { $0.type == "IDAT" } ?? 0
            chunks.chunks[i].data = [UInt8](repeating: 0xff, count: chunks.chunks[i].data.count)
            return chunks.bytes
        }, expected: ["corrupt"]),
    ]
}

/// Every malformed PNG is a `PNGError` whose sentence names the file and the problem; none
/// traps, and a header beyond the pixel limit is refused before its pixels are allocated.
@Suite struct PNGMalformedTests {
    @Test(arguments: MalformedPNG.all)
    func malformedDataIsANamedError(_ row: MalformedPNG) throws {
        let bytes = try row.bytes()
        do {
            _ = try PNGFile.decode(bytes, name: "bad.png")
            Issue.record("decoded \(row.name)")
        } catch {
            #expect(error.description.hasPrefix("bad.png: "), "\(error)")
            for text in row.expected { #expect(error.description.contains(text), "missing \"\(text)\" in \(error)") }
        }
    }

    @Test(arguments: MalformedPNG.all)
    func theSameFromAFileNamesThePath(_ row: MalformedPNG) throws {
        let path = scratchDirectory("malformed") + "/input.png"
        try PNGFile.write(try row.bytes(), to: path)
        #expect(throws: PNGError.self) { try PNGFile.load(path: path) }
        do { _ = try PNGFile.load(path: path) } catch { #expect(error.description.hasPrefix(path + ": "), "\(error)") }
    }
}
