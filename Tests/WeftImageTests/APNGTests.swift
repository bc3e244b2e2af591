import Testing
@testable import WeftImage

/// The APNG writer: the file is a valid PNG showing frame 0 to any reader, its animation chunks
/// follow the APNG 1.0 layout, and each frame's data decodes back to that frame.
struct APNGTests {
    static func frame(_ k: Int) -> PixelBuffer {
        var buffer = PixelBuffer.blank(width: 5, height: 3, format: .rgba8Unorm)
        for i in 0..<buffer.pixelCount {
            buffer.bytes[4 * i] = UInt8(40 * k)
            buffer.bytes[4 * i + 1] = UInt8(i * 10)
            buffer.bytes[4 * i + 2] = 7
            buffer.bytes[4 * i + 3] = 255
        }
        return buffer
    }

    @Test func framesRoundTripThroughTheAnimationChunks() throws {
        let frames = (0..<4).map(Self.frame)
        let file = try APNGFile.encode(frames, delay: APNGFile.delay(fps: 24))
        // A reader without APNG support sees frame 0.
        #expect(try PNGFile.load(file) == frames[0])

        let chunks = PNGChunkIO.split(file)
        #expect(chunks.first?.type == "IHDR" && chunks[1].type == "acTL" && chunks.last?.type == "IEND")
        let control = Array(chunks[1].data)
        #expect(PNGChunkIO.bigEndian32(control, at: 0) == 4 && PNGChunkIO.bigEndian32(control, at: 4) == 0)
        // Sequence numbers run 0, 1, 2, … over fcTL and fdAT chunks together.
        var sequence: [UInt32] = []
        var frameData: [[UInt8]] = []
        for chunk in chunks {
            let data = Array(chunk.data)
            switch chunk.type {
            case "fcTL":
                sequence.append(PNGChunkIO.bigEndian32(data, at: 0))
                #expect(PNGChunkIO.bigEndian32(data, at: 4) == 5 && PNGChunkIO.bigEndian32(data, at: 8) == 3)
                #expect(data[20] == 0 && data[21] == 100 && data[22] == UInt8(2400 >> 8) && data[23] == UInt8(2400 & 0xff))
                frameData.append([])
            case "IDAT":
                frameData[frameData.count - 1] += data
            case "fdAT":
                sequence.append(PNGChunkIO.bigEndian32(data, at: 0))
                frameData[frameData.count - 1] += data.dropFirst(4)
            default:
                break
            }
        }
        #expect(sequence == Array(0..<UInt32(sequence.count)))
        #expect(frameData.count == 4)
        // Each frame's data, wrapped as a plain PNG with the file's header, is that frame.
        for (k, data) in frameData.enumerated() {
            var png = PNGFile.signature
            PNGChunkIO.write("IHDR", chunks[0].data, to: &png)
            PNGChunkIO.write("IDAT", data, to: &png)
            PNGChunkIO.write("IEND", [UInt8](), to: &png)
            #expect(try PNGFile.load(png) == frames[k], "frame \(k)")
        }
    }

    @Test func framesOfDifferentSizesAreRefused() {
        #expect(throws: PNGError.self) { try APNGFile.encode([Self.frame(0), PixelBuffer.blank(width: 2, height: 2, format: .rgba8Unorm)],
                                                              delay: (1, 30)) }
        #expect(throws: PNGError.self) { try APNGFile.encode([], delay: (1, 30)) }
    }

    @Test func crcIsPNGs() {
        // The CRC of an empty IEND chunk, as every PNG ends with it.
        #expect(PNGChunkIO.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }
}
