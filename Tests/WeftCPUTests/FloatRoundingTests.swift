import Testing
@testable import WeftCPU
import WeftImage

/// The branch-free rounding helpers agree with the standard library bit for bit, and RGBA8
/// texels hold exactly k / 255.
@Suite struct FloatRoundingTests {
    /// Edge cases plus a sweep across magnitudes, both signs.
    static let samples: [Float] = {
        var v: [Float] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 0.7, -0.7, 1, -1,
                          8_388_607.5, -8_388_607.5, 8_388_608, -8_388_608, 8_388_609, 4_194_303.5, 16_777_216,
                          1e10, -1e10, 2_147_483_520, -2_147_483_648, 3e9, -3e9, .infinity, -.infinity,
                          .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var x: Float = 1e-3
        while x < 3e7 {
            v += [x, -x, x * 1.37, -x * 1.37, x + 0.5, -(x + 0.5)]
            x *= 1.9
        }
        return v
    }()

    func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test func roundingMatchesTheStandardLibrary() {
        for x in Self.samples + [.nan] {
            #expect(same(FloatRounding.floor(x), x.rounded(.down)), "floor(\(x))")
            #expect(same(FloatRounding.ceil(x), x.rounded(.up)), "ceil(\(x))")
            #expect(same(FloatRounding.trunc(x), x.rounded(.towardZero)), "trunc(\(x))")
            #expect(same(FloatRounding.roundEven(x), x.rounded(.toNearestOrEven)), "roundEven(\(x))")
            #expect(same(FloatRounding.roundAway(x), x.rounded(.toNearestOrAwayFromZero)), "round(\(x))")
        }
    }

    @Test func truncatedIntIsExactWhereItSaysSo() {
        for x in Self.samples + [.nan] {
            let (value, exact) = FloatRounding.truncatedInt(x)
            #expect(exact == (abs(x) < 8_388_608), "exactness of \(x)")
            if exact { #expect(Int32(bitPattern: value) == Int32(x), "trunc(\(x))") }
        }
    }

    @Test func unormBytesRoundLikeAStorageImageWrite() {
        for k in 0...255 {
            let v = Float(k) / 255
            #expect(CPUTexture.unorm8Byte(v) == UInt32(k))
            #expect(CPUTexture.unorm8Value(CPUTexture.unorm8Byte(v)) == v)
            #expect(CPUTexture.unorm8Byte(v + 0.4 / 255) == UInt32(k))
        }
        #expect(CPUTexture.unorm8Byte(.nan) == 0)
        #expect(CPUTexture.unorm8Byte(-3) == 0)
        #expect(CPUTexture.unorm8Byte(7) == 255)
        // Ties go to even, as UInt8(unormFloat:) and the GPU's conversion.
        #expect(CPUTexture.unorm8Byte(0.5 / 255) == 0)
        #expect(CPUTexture.unorm8Byte(1.5 / 255) == 2)
    }

    @Test func rgba8TexturesKeepTheirBytes() {
        var pixels = PixelBuffer.blank(width: 3, height: 2, format: .rgba8Unorm)
        for i in pixels.bytes.indices { pixels.bytes[i] = UInt8(truncatingIfNeeded: i * 37 + 5) }
        let texture = CPUTexture(pixels)
        #expect(texture.pixelBuffer().bytes == pixels.bytes)
        for y in 0..<2 {
            for x in 0..<3 {
                let i = (y * 3 + x) * 4
                #expect(texture[x, y] == SIMD4((0..<4).map { Float(pixels.bytes[i + $0]) / 255 }))
            }
        }
    }
}

@Suite struct HalfRoundingTests {
    /// Every float whose top 20 bits are given, with low bits around the rounding point: covers
    /// every exponent, both signs, subnormal halves, overflow, infinities and NaN.
    @Test func halfRoundingMatchesFloat16() {
        let lows: [UInt32] = [0, 1, 0xFFF, 0x1000, 0x1001, 0x1FFF, 0x2000, 0x2FFF, 0x3000, 0x3001, 0xFFF_FFF]
        var mismatches: [Float] = []
        for high in stride(from: UInt32(0), to: 0xFFFF_FFFF, by: 0x1000_0) {
            for low in lows {
                let x = Float(bitPattern: high | (low & 0xFFFF))
                let got = CPUTexture.half(x)
                // NaN in, NaN out (the standard library's software conversion turns a signalling
                // NaN with only low payload bits into infinity; hardware conversions do not).
                if x.isNaN { if !got.isNaN { mismatches.append(x) }; continue }
                if Float(Float16(x)).bitPattern != got.bitPattern { mismatches.append(x) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
    }
}
