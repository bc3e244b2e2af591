import Testing
import WeftImage
import Foundation

/// One way of storing pixels in a PNG, with the straight RGBA samples a reader must produce.
struct PNGFormatCase: CustomTestStringConvertible, Sendable {
    enum Transparency: Sendable { case none, chunk }
    var colorType: PNGColorType
    var bitDepth: Int
    var transparency: Transparency
    var interlaced: Bool

    var testDescription: String {
        "\(colorType) \(bitDepth)-bit\(transparency == .chunk ? " +tRNS" : "")\(interlaced ? " interlaced" : "")"
    }

    static let width = 13
    static let height = 11

    /// The file, written by libpng, and the RGBA samples (8 or 16 bits) it must decode to.
    func make() throws -> (file: [UInt8], expected: [UInt16]) {
        var generator = SampleGenerator(seed: UInt64(colorType.rawValue * 100 + bitDepth))
        let pixelCount = Self.width * Self.height
        let maxIn = (1 << bitDepth) - 1
        let maxOut = bitDepth == 16 ? 65535 : 255
        func widen(_ v: Int) -> UInt16 { UInt16(v * maxOut / maxIn) }  // exact for 1, 2, 4, 8, 16 bits
        var samples: [UInt16] = []
        var expected: [UInt16] = []
        var palette: [PNGRawImage.RGB] = []
        var trns: PNGRawImage.Transparency?

        switch colorType {
        case .palette:
            let entries = 1 << bitDepth
            for i in 0..<entries {
                let red = UInt8(truncatingIfNeeded: i * 37)
                let green = UInt8(truncatingIfNeeded: 255 - i * 11)
                let blue = UInt8(truncatingIfNeeded: i * 91)
                palette.append(PNGRawImage.RGB(red, green, blue))
            }
            var alpha: [UInt8] = []
            if transparency == .chunk {
                // Fewer alpha values than entries: the rest must stay opaque.
                alpha = (0..<max(1, entries - 1)).map { i in [0, 128, 1, 254, 77][i % 5] }
                trns = .paletteAlpha(alpha)
            }
            for _ in 0..<pixelCount {
                let index = generator.next(below: entries)
                samples.append(UInt16(index))
                let entry = palette[index]
                expected += [UInt16(entry.red), UInt16(entry.green), UInt16(entry.blue), index < alpha.count ? UInt16(alpha[index]) : 255]
            }
        case .gray, .rgb:
            let channels = colorType.channelCount
            // A key that certainly occurs: the first pixel's value.
            var key: [Int] = []
            for i in 0..<pixelCount {
                var pixel = (0..<channels).map { _ in generator.next(below: maxIn + 1) }
                if transparency == .chunk {
                    if i == 0 { key = pixel } else if i % 4 == 0 { pixel = key }
                }
                samples += pixel.map { UInt16($0) }
                let rgb = channels == 1 ? [pixel[0], pixel[0], pixel[0]] : pixel
                let transparent = transparency == .chunk && pixel == key
                expected += rgb.map(widen) + [transparent ? 0 : UInt16(maxOut)]
            }
            if transparency == .chunk {
                trns = channels == 1 ? .gray(UInt16(key[0])) : .rgb(UInt16(key[0]), UInt16(key[1]), UInt16(key[2]))
            }
        case .grayAlpha, .rgba:
            let channels = colorType.channelCount
            for i in 0..<pixelCount {
                var pixel = (0..<channels).map { _ in generator.next(below: maxIn + 1) }
                if i % 5 == 0 { pixel[channels - 1] = 0 }       // fully transparent, color kept
                if i % 5 == 1 { pixel[channels - 1] = maxIn }   // opaque
                samples += pixel.map { UInt16($0) }
                let color = channels == 2 ? [pixel[0], pixel[0], pixel[0]] : Array(pixel[0..<3])
                expected += (color + [pixel[channels - 1]]).map { UInt16($0) }
            }
        }
        let raw = PNGRawImage(width: Self.width, height: Self.height, colorType: colorType, bitDepth: bitDepth,
                              interlaced: interlaced, samples: samples, palette: palette, transparency: trns)
        return (try PNGFile.encode(raw), expected)
    }

    static let all: [PNGFormatCase] = {
        var cases: [PNGFormatCase] = []
        for interlaced in [false, true] {
            for type in PNGColorType.allCases {
                for depth in type.allowedBitDepths {
                    cases.append(PNGFormatCase(colorType: type, bitDepth: depth, transparency: .none, interlaced: interlaced))
                    if type == .palette || type == .gray || type == .rgb {
                        cases.append(PNGFormatCase(colorType: type, bitDepth: depth, transparency: .chunk, interlaced: interlaced))
                    }
                }
            }
        }
        return cases
    }()
}

@Suite struct PNGRoundTripTests {
    @Test(arguments: PNGFormatCase.all)
    func decodesEveryFormatToExactStraightSamples(_ format: PNGFormatCase) throws {
        let (file, expected) = try format.make()
        let decoded = try PNGFile.decode(file)
        #expect(decoded.header == PNGHeader(width: PNGFormatCase.width, height: PNGFormatCase.height, colorType: format.colorType,
                                            bitDepth: format.bitDepth, interlaced: format.interlaced,
                                            hasTransparencyChunk: format.transparency == .chunk))
        switch decoded.samples {
        case .eight(let samples):
            #expect(format.bitDepth <= 8)
            #expect(samples.map { UInt16($0) } == expected)
        case .sixteen(let samples):
            #expect(format.bitDepth == 16)
            #expect(samples == expected)
        }
    }

    @Test(arguments: PNGFormatCase.all)
    func premultipliesEveryFormatExactlyIntoRGBA8(_ format: PNGFormatCase) throws {
        let (file, expected) = try format.make()
        let buffer = try PNGFile.load(file, format: .rgba8Unorm)
        let maxValue = Double(format.bitDepth == 16 ? 65535 : 255)
        var mismatches = 0
        for i in 0..<buffer.pixelCount {
            let a = Double(expected[4 * i + 3]) / maxValue
            for c in 0..<3 {
                let want = UInt8((Double(expected[4 * i + c]) / maxValue * a * 255).rounded())
                if buffer.bytes[4 * i + c] != want { mismatches += 1 }
            }
            if buffer.bytes[4 * i + 3] != UInt8((a * 255).rounded()) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func eightBitWriteThenReadGivesTheSameBytesForEveryPremultipliedPair() throws {
        // Every (p, a) with p ≤ a: 32896 pixels = 257 × 128.
        var bytes: [UInt8] = []
        for a in 0...255 {
            for p in 0...a { bytes += [UInt8(p), UInt8(p / 2), UInt8(a - p), UInt8(a)] }
        }
        let buffer = PixelBuffer.wrapping(width: 257, height: 128, format: .rgba8Unorm, bytes: bytes)
        for depth in PNGBitDepth.allCases {
            let back = try PNGFile.load(PNGFile.encode(buffer, bitDepth: depth))
            #expect(back == buffer, "bit depth \(depth.rawValue)")
        }
    }

    @Test func transparentPixelsAreWrittenAsZero() throws {
        var buffer = PixelBuffer.wrapping(width: 2, height: 1, format: .rgba8Unorm, bytes: [9, 9, 9, 0, 10, 20, 30, 40])
        var decoded = try PNGFile.decode(PNGFile.encode(buffer))
        #expect(decoded.straightSamples(x: 0, y: 0) == .zero)
        #expect(decoded.straightSamples(x: 1, y: 0) == SIMD4(64, 128, 191, 40))  // round(10·255/40) = 63.75 → 64 …

        buffer = PixelBuffer.blank(width: 1, height: 1, format: .rgba16Float)
        buffer[0, 0] = SIMD4(0.5, 0.5, 0.5, 0)
        decoded = try PNGFile.decode(PNGFile.encode(buffer, bitDepth: .sixteen))
        #expect(decoded.straightSamples(x: 0, y: 0) == .zero)
    }

    @Test func sixteenBitFilesLoadAsHalfFloatsKeepingTheirEncoding() throws {
        let samples: [UInt16] = [65535, 32768, 0, 65535, 40000, 20000, 10000, 32768]
        let file = try PNGFile.encode(PNGRawImage(width: 2, height: 1, colorType: .rgba, bitDepth: 16, samples: samples))
        let encoded = try PNGFile.load(file, format: .rgba16Float, colorMode: .nonLinear)
        let alpha = Float(32768) / 65535
        #expect(encoded[0, 0] == SIMD4(1, Float(Float16(Float(32768) / 65535)), 0, 1))
        #expect(encoded[1, 0] == SIMD4(Float(Float16(Float(40000) / 65535 * alpha)), Float(Float16(Float(20000) / 65535 * alpha)),
                                      Float(Float16(Float(10000) / 65535 * alpha)), Float(Float16(alpha))))

        let linear = try PNGFile.load(file, format: .rgba16Float, colorMode: .linear)
        #expect(linear[0, 0] == SIMD4(1, Float(Float16(SRGB.decode(Float(32768) / 65535))), 0, 1))
        #expect(linear[1, 0].x == Float(Float16(SRGB.decode(Float(40000) / 65535) * alpha)))
    }

    @Test func halfFloatBuffersWriteSixteenBitFilesAndComeBack() throws {
        var buffer = PixelBuffer.blank(width: 3, height: 1, format: .rgba16Float)
        buffer[0, 0] = SIMD4(0.25, 0.5, 0.125, 0.5)
        buffer[1, 0] = SIMD4(1.5, -0.25, 0.2, 1)   // extended values clamp
        buffer[2, 0] = SIMD4(0.1, 0.2, 0.3, 1)
        let decoded = try PNGFile.decode(PNGFile.encode(buffer, bitDepth: .sixteen, colorMode: .extendedLinear))
        #expect(decoded.header.bitDepth == 16)
        func q(_ v: Float) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
        let straight0 = SIMD3<Float>(buffer[0, 0].x, buffer[0, 0].y, buffer[0, 0].z) / buffer[0, 0].w
        #expect(decoded.straightSamples(x: 0, y: 0) == SIMD4(q(SRGB.encode(straight0.x)), q(SRGB.encode(straight0.y)), q(SRGB.encode(straight0.z)), 32768))
        #expect(decoded.straightSamples(x: 1, y: 0) == SIMD4(65535, 0, q(SRGB.encode(buffer[1, 0].z)), 65535))

        // Linear in, linear out: the round trip stays within half-float precision.
        let back = PixelBuffer(png: decoded, format: .rgba16Float, colorMode: .linear)
        let difference = back[2, 0] - buffer[2, 0]
        #expect(abs(difference.x) < 1e-3 && abs(difference.y) < 1e-3 && abs(difference.z) < 1e-3 && difference.w == 0)
    }

    @Test func linearRGBA8BuffersAreEncodedToSRGBOnWrite() throws {
        var buffer = PixelBuffer.blank(width: 1, height: 1, format: .rgba8Unorm)
        buffer[0, 0] = SIMD4(SRGB.decode(0.5), SRGB.decode(0.5), SRGB.decode(0.5), 1)
        let decoded = try PNGFile.decode(PNGFile.encode(buffer, colorMode: .linear))
        #expect(decoded.straightSamples(x: 0, y: 0) == SIMD4(128, 128, 128, 255) || decoded.straightSamples(x: 0, y: 0) == SIMD4(127, 127, 127, 255))
    }

    @Test func fileRoundTripThroughAPath() throws {
        let directory = scratchDirectory("roundtrip")
        let path = directory + "/out.png"
        var buffer = PixelBuffer.blank(width: 4, height: 3, format: .rgba8Unorm)
        buffer[1, 2] = SIMD4(0.2, 0.4, 0.6, 0.8)
        try PNGFile.write(buffer, to: path)
        #expect(try PNGFile.load(path: path) == buffer)
    }
}

/// A PNG built by hand — stored (uncompressed) deflate blocks, our own CRC and Adler-32 — so the
/// reader is checked against a writer that is not libpng.
@Suite struct HandMadePNGTests {
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func png(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8, filteredRows: [UInt8]) -> [UInt8] {
        var chunks = PNGChunks(PNGChunks.signature)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, 0]
        var zlib: [UInt8] = [0x78, 0x01]
        let length = UInt16(filteredRows.count)
        zlib += [1, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
        zlib += filteredRows
        zlib += bigEndian(adler32(filteredRows))
        chunks.chunks = [.init(type: "IHDR", data: header, offset: 0),
                         .init(type: "IDAT", data: zlib, offset: 0),
                         .init(type: "IEND", data: [], offset: 0)]
        return chunks.bytes
    }

    @Test func readsAnIndependentlyWrittenFileWithFilters() throws {
        // 2×2 RGBA8. Row 0 unfiltered; row 1 with the Sub filter (each byte minus the byte 4 to its left).
        let row0: [UInt8] = [255, 0, 0, 255, 0, 128, 255, 64]
        let row1: [UInt8] = [10, 20, 30, 0, 40, 60, 80, 200]
        let sub1 = [row1[0], row1[1], row1[2], row1[3]] + (4..<8).map { row1[$0] &- row1[$0 - 4] }
        let file = Self.png(width: 2, height: 2, colorType: 6, bitDepth: 8, filteredRows: [0] + row0 + [1] + sub1)
        let decoded = try PNGFile.decode(file)
        #expect(decoded.samples == .eight(row0 + row1))
        let buffer = try PNGFile.load(file)
        #expect(buffer.bytes == [255, 0, 0, 255, 0, 32, 64, 64, 0, 0, 0, 0, 31, 47, 63, 200])
    }

    @Test func readsGrayTwoBitFromAnIndependentWriter() throws {
        // 5×1 gray, 2 bits: samples 0, 1, 2, 3, 1 packed MSB first, padded.
        let file = Self.png(width: 5, height: 1, colorType: 0, bitDepth: 2, filteredRows: [0, 0b00_01_10_11, 0b01_00_00_00])
        let decoded = try PNGFile.decode(file)
        #expect(decoded.samples == .eight([0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 255, 255, 255, 255, 255, 85, 85, 85, 255]))
    }

    @Test func dataAndURLOverloadsMatchTheByteAPI() throws {
        let file = try samplePNG()
        #expect(try PNGFile.load(Data(file)) == PNGFile.load(file))
        let directory = scratchDirectory("url")
        let url = URL(fileURLWithPath: directory + "/a.png")
        try PNGFile.write(PNGFile.load(file), to: url)
        #expect(try PNGFile.load(url: url) == PNGFile.load(file))
        #expect(try PNGFile.encodedData(PNGFile.load(file)) == Data(PNGFile.encode(PNGFile.load(file))))
    }
}

/// The 8-bit straight-alpha rows of every premultiplied sample under every alpha (one pixel each) are
/// `Premultiplication.unpremultiply`'s, the rule the table of the fast path is made from.
@Test func straightRowsOfEverySampleAndAlphaFollowTheRule() {
    var bytes: [UInt8] = []
    for a in 0...255 {
        for p in 0...255 { bytes += [UInt8(p), UInt8(255 - p), UInt8(p / 2), UInt8(a)] }
    }
    let buffer = PixelBuffer.wrapping(width: 256, height: 256, format: .rgba8Unorm, bytes: bytes)
    let rows = PNGRawImage(straightRGBAOf: buffer).rows
    var expected: [UInt8] = []
    for a in 0...255 {
        for p in 0...255 {
            expected += [UInt8(p), UInt8(255 - p), UInt8(p / 2)].map { Premultiplication.unpremultiply($0, alpha: UInt8(a)) } + [UInt8(a)]
        }
    }
    #expect(rows == expected)
}
