import WeftImage

/// A texture of the CPU evaluator: `width × height` RGBA texels in the memory layout of
/// `format`, as a GPU holds them: RGBA8 UNORM as four bytes per texel (read as k / 255), RGBA16F
/// as floats that are exactly representable in half precision. Stores quantize (UNORM8 rounds to
/// nearest, RGBA16F rounds to half). Threads of one dispatch write disjoint texels; the class
/// never resizes its storage.
public final class CPUTexture: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// RGBA8: one little-endian word per texel, R in the low byte.
    let words: UnsafeMutablePointer<UInt32>?
    /// RGBA16F.
    let texels: UnsafeMutablePointer<SIMD4<Float>>?

    public init(width: Int, height: Int, format: PixelFormat) {
        precondition(width > 0 && height > 0, "CPUTexture needs a positive size")
        self.width = width
        self.height = height
        self.format = format
        switch format {
        case .rgba8Unorm:
            let w = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
            w.initialize(repeating: 0, count: width * height)
            (words, texels) = (w, nil)
        case .rgba16Float:
            let t = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
            t.initialize(repeating: .zero, count: width * height)
            (words, texels) = (nil, t)
        }
    }

    public convenience init(_ pixels: PixelBuffer) {
        self.init(width: pixels.width, height: pixels.height, format: pixels.format)
        if let words {
            pixels.bytes.withUnsafeBytes { UnsafeMutableRawPointer(words).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        } else if let texels {
            for y in 0..<height {
                for x in 0..<width { texels[y * width + x] = pixels[x, y] }
            }
        }
    }

    /// Overwrites `rows` with those of `pixels`, which has this texture's size and format.
    func replaceRows(_ rows: Range<Int>, from pixels: PixelBuffer) {
        precondition(pixels.width == width && pixels.height == height && pixels.format == format && rows.upperBound <= height)
        if let words {
            let rowBytes = width * 4
            pixels.bytes.withUnsafeBytes { bytes in
                (UnsafeMutableRawPointer(words) + rows.lowerBound * rowBytes)
                    .copyMemory(from: bytes.baseAddress! + rows.lowerBound * rowBytes, byteCount: rows.count * rowBytes)
            }
        } else if let texels {
            for y in rows {
                for x in 0..<width { texels[y * width + x] = pixels[x, y] }
            }
        }
    }

    deinit {
        words?.deallocate()
        texels?.deallocate()
    }

    /// What the ops read and write: plain data, so the hot loops do no reference counting.
    var view: TextureView { TextureView(words: words, texels: texels, width: width, height: height, format: format) }

    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "texel out of range")
        return view.texel(y * width + x)
    }

    /// The byte an RGBA8 UNORM store keeps for `x`: clamped, times 255, rounded to nearest
    /// (ties to even).
    @inline(__always)
    static func unorm8Byte(_ x: Float) -> UInt32 {
        // NaN fails both comparisons and becomes 0. Adding 1.5 × 2²³ rounds to an integer whose
        // low mantissa bits are the byte, without a libm call or a trapping conversion.
        let c = x > 0 ? (x < 1 ? x : 1) : 0
        return (c * 255 + 12_582_912).bitPattern & 0xFF
    }

    /// The value an RGBA8 UNORM byte `k` reads as: k / 255 (an exact division).
    @inline(__always)
    static func unorm8Value(_ k: UInt32) -> Float { Float(k) / 255 }

    /// `x` as an RGBA16F store keeps it: rounded to the nearest half-precision value (ties to
    /// even), infinity beyond 65504. The same as `Float(Float16(x))`, computed with integer and
    /// float operations that vectorise (the baseline x86-64 target has no F16C conversion).
    @inline(__always)
    static func half(_ x: Float) -> Float {
        let sign = x.bitPattern & 0x8000_0000
        let ax = abs(x), b = ax.bitPattern
        // Normal halves keep 10 of the float's 23 mantissa bits: round the low 13 to even.
        let normal = Float(bitPattern: (b &+ 0xFFF &+ ((b >> 13) & 1)) & 0xFFFF_E000)
        // Below 2⁻¹⁴ halves are multiples of 2⁻²⁴, the spacing of floats near 0.5.
        let subnormal = (ax + 0.5) - 0.5
        let rounded = ax < 6.103_515_625e-5 ? subnormal : normal
        // NaN stays NaN (rounding could carry a small payload into infinity).
        let r = ax != ax ? ax : (rounded > 65504 ? Float.infinity : rounded)
        return Float(bitPattern: r.bitPattern | sign)
    }

    /// The contents as a `PixelBuffer` in the texture's format.
    public func pixelBuffer() -> PixelBuffer {
        var out = PixelBuffer.blank(width: width, height: height, format: format)
        out.bytes.withUnsafeMutableBufferPointer { bytes in
            if let words {
                UnsafeMutableRawPointer(bytes.baseAddress!).copyMemory(from: words, byteCount: width * height * 4)
            } else if let texels {
                for i in 0..<(width * height) {
                    let t = texels[i]
                    for c in 0..<4 {
                        let bits = Float16(t[c]).bitPattern
                        bytes[i * 8 + 2 * c] = UInt8(truncatingIfNeeded: bits)
                        bytes[i * 8 + 2 * c + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    }
                }
            }
        }
        return out
    }
}

/// A texture's storage as the ops see it during a dispatch (the `CPUTexture` outlives it).
struct TextureView {
    let words: UnsafeMutablePointer<UInt32>?
    let texels: UnsafeMutablePointer<SIMD4<Float>>?
    let width: Int
    let height: Int
    let format: PixelFormat

    /// The texel at `index` (y · width + x) as floats.
    @inline(__always)
    func texel(_ index: Int) -> SIMD4<Float> {
        if let words { return Self.unpack(words[index]) }
        return texels.unsafelyUnwrapped[index]
    }

    @inline(__always)
    static func unpack(_ w: UInt32) -> SIMD4<Float> {
        @inline(__always) func channel(_ shift: UInt32) -> Float { CPUTexture.unorm8Value((w >> shift) & 0xFF) }
        return SIMD4(channel(0), channel(8), channel(16), channel(24))
    }
}
