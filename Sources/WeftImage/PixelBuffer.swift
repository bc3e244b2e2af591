/// A CPU-side image: `width × height` texels of premultiplied RGBA in `format`'s layout,
/// rows top to bottom, tightly packed. This is the unit of upload and readback for every backend.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// Raw texel bytes, exactly as a texture of `format` stores them (little-endian halves for RGBA16F).
    public var bytes: [UInt8]

    /// A transparent-black buffer.
    public init(width: Int, height: Int, format: PixelFormat) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
        self.width = width
        self.height = height
        self.format = format
        self.bytes = [UInt8](repeating: 0, count: width * height * format.bytesPerPixel)
    }

    public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size")
        precondition(bytes.count == width * height * format.bytesPerPixel, "byte count does not match size and format")
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    public var pixelCount: Int { width * height }

    /// The texel at (x, y) as floats: UNORM channels are divided by 255, halves widened.
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
            let i = (y * width + x) * format.bytesPerPixel
            switch format {
            case .rgba8Unorm:
                return SIMD4(Float(bytes[i]), Float(bytes[i + 1]), Float(bytes[i + 2]), Float(bytes[i + 3])) / 255
            case .rgba16Float:
                var v = SIMD4<Float>()
                for c in 0..<4 {
                    let bits = UInt16(bytes[i + 2 * c]) | UInt16(bytes[i + 2 * c + 1]) << 8
                    v[c] = Float(Float16(bitPattern: bits))
                }
                return v
            }
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
            let i = (y * width + x) * format.bytesPerPixel
            switch format {
            case .rgba8Unorm:
                for c in 0..<4 { bytes[i + c] = UInt8(unormFloat: newValue[c]) }
            case .rgba16Float:
                for c in 0..<4 {
                    let bits = Float16(newValue[c]).bitPattern
                    bytes[i + 2 * c] = UInt8(truncatingIfNeeded: bits)
                    bytes[i + 2 * c + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                }
            }
        }
    }
}

extension UInt8 {
    /// Vulkan's float → UNORM8 conversion: clamp to [0, 1], scale by 255, round to nearest.
    @inlinable
    public init(unormFloat value: Float) {
        let clamped = value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
        self = UInt8((clamped * 255).rounded(.toNearestOrEven))
    }
}
