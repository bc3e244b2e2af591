/// A CPU-side image: `width × height` texels of premultiplied RGBA in `format`'s layout,
/// rows top to bottom, tightly packed. This is the unit of upload and readback for every backend.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// Raw texel bytes, exactly as a texture of `format` stores them (little-endian halves for RGBA16F).
    public var bytes: [UInt8]

    /// A transparent-black buffer; `PixelBufferError.invalidSize` when `width` or `height` is below 1 or the buffer would
    /// not fit in memory's addresses.
    public init(width: Int, height: Int, format: PixelFormat) throws(PixelBufferError) {
        let count = try Self.byteCount(width: width, height: height, format: format)
        self.init(checkedWidth: width, height: height, format: format, bytes: [UInt8](repeating: 0, count: count))
    }

    /// A buffer of `bytes`, laid out as `format` stores texels, rows top to bottom; `PixelBufferError` when the size is
    /// not positive or `bytes` does not hold exactly `width × height` texels.
    public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) throws(PixelBufferError) {
        let count = try Self.byteCount(width: width, height: height, format: format)
        guard bytes.count == count else { throw .byteCount(bytes.count, expected: count) }
        self.init(checkedWidth: width, height: height, format: format, bytes: bytes)
    }

    private init(checkedWidth width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// A transparent-black buffer of a size the engine has checked (a texture's, a layer's): a size below 1 is a bug.
    package static func blank(width: Int, height: Int, format: PixelFormat) -> PixelBuffer {
        do { return try PixelBuffer(width: width, height: height, format: format) } catch { preconditionFailure("\(error)") }
    }

    /// `bytes` as a buffer, where the engine made them for the size (a readback, a decoded image): a mismatch is a bug.
    package static func wrapping(width: Int, height: Int, format: PixelFormat, bytes: [UInt8]) -> PixelBuffer {
        do { return try PixelBuffer(width: width, height: height, format: format, bytes: bytes) } catch { preconditionFailure("\(error)") }
    }

    private static func byteCount(width: Int, height: Int, format: PixelFormat) throws(PixelBufferError) -> Int {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        let (texels, overflow) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = texels.multipliedReportingOverflow(by: format.bytesPerPixel)
        guard !overflow, !overflow2 else { throw .invalidSize(width: width, height: height) }
        return count
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

/// Why a `PixelBuffer` cannot be made from what it was given.
public enum PixelBufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A width or height below 1, or so large that the buffer's bytes cannot be counted.
    case invalidSize(width: Int, height: Int)
    /// The bytes given are not width × height texels of the format.
    case byteCount(Int, expected: Int)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "a pixel buffer of \(width)×\(height) cannot be made: width and height must be at least 1, and their product addressable"
        case let .byteCount(count, expected):
            "\(count) bytes given for a pixel buffer that holds \(expected); give width × height × the format's bytes per pixel"
        }
    }
}
