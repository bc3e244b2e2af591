import WeftImage

/// A texture of the CPU evaluator: `width × height` RGBA texels held as floats that are exactly
/// representable in `format` (stores quantize: UNORM8 rounds to nearest, RGBA16F rounds to half).
/// Threads of one dispatch write disjoint texels; the class never resizes its storage.
public final class CPUTexture: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    let texels: UnsafeMutablePointer<SIMD4<Float>>

    public init(width: Int, height: Int, format: PixelFormat) {
        precondition(width > 0 && height > 0, "CPUTexture needs a positive size")
        self.width = width
        self.height = height
        self.format = format
        texels = .allocate(capacity: width * height)
        texels.initialize(repeating: .zero, count: width * height)
    }

    public convenience init(_ pixels: PixelBuffer) {
        self.init(width: pixels.width, height: pixels.height, format: pixels.format)
        for y in 0..<height {
            for x in 0..<width { texels[y * width + x] = pixels[x, y] }
        }
    }

    deinit { texels.deallocate() }

    /// What the ops read and write: plain data, so the hot loops do no reference counting.
    var view: TextureView { TextureView(texels: texels, width: width, height: height, format: format) }

    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "texel out of range")
        return texels[y * width + x]
    }

    /// Stores `value` at (x, y) after converting it to the texture's format, as a Vulkan
    /// storage-image write would.
    @inline(__always)
    func store(_ value: SIMD4<Float>, x: Int, y: Int) {
        texels[y * width + x] = Self.quantize(value, to: format)
    }

    @inline(__always)
    static func quantize(_ v: SIMD4<Float>, to format: PixelFormat) -> SIMD4<Float> {
        switch format {
        case .rgba8Unorm: SIMD4(unorm8(v.x), unorm8(v.y), unorm8(v.z), unorm8(v.w))
        case .rgba16Float: SIMD4(half(v.x), half(v.y), half(v.z), half(v.w))
        }
    }

    /// `x` as an RGBA8 UNORM store keeps it: clamped, rounded to the nearest 1/255 (ties to even).
    @inline(__always)
    static func unorm8(_ x: Float) -> Float {
        // NaN fails both comparisons and becomes 0. Adding and removing 1.5 × 2²³ rounds to the
        // nearest integer, ties to even, without a libm call.
        // k / 255 through a double product is the correctly rounded quotient for every k in 0...255
        // (a test checks all of them), and unlike a float division it does not stall the loop.
        let c = x > 0 ? (x < 1 ? x : 1) : 0
        return Float(Double((c * 255 + 12_582_912) - 12_582_912) * (1.0 / 255.0))
    }

    /// `x` as an RGBA16F store keeps it.
    @inline(__always)
    static func half(_ x: Float) -> Float { Float(Float16(x)) }

    /// The contents as a `PixelBuffer` in the texture's format.
    public func pixelBuffer() -> PixelBuffer {
        var out = PixelBuffer(width: width, height: height, format: format)
        out.bytes.withUnsafeMutableBufferPointer { bytes in
            switch format {
            case .rgba8Unorm:
                for i in 0..<(width * height) {
                    let t = texels[i]
                    for c in 0..<4 { bytes[i * 4 + c] = UInt8(unormFloat: t[c]) }
                }
            case .rgba16Float:
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
    let texels: UnsafeMutablePointer<SIMD4<Float>>
    let width: Int
    let height: Int
    let format: PixelFormat
}
