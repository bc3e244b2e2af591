import WeftImage
import WeftRuntime
import WeftShaders

/// One thing to measure: a kernel per output format, with the inputs and arguments it needs.
public struct BenchSubject: Sendable {
    public var name: String
    public var kind: String
    /// Builds the kernel for an output format.
    public var kernel: @Sendable (PixelFormat) throws -> CompiledKernel
    /// Argument block, array data and image arguments for a frame of `viewSize` points.
    public var arguments: @Sendable (PixelFormat, SIMD2<Float>) throws -> BenchArguments

    public init(name: String, kind: String,
                kernel: @escaping @Sendable (PixelFormat) throws -> CompiledKernel,
                arguments: @escaping @Sendable (PixelFormat, SIMD2<Float>) throws -> BenchArguments) {
        self.name = name
        self.kind = kind
        self.kernel = kernel
        self.arguments = arguments
    }

    public static func copyCeiling() -> BenchSubject {
        BenchSubject(name: CopyCeiling.name, kind: "copy",
                     kernel: { try CopyCeiling.kernel(format: $0) },
                     arguments: { _, _ in BenchArguments() })
    }
}

public struct BenchArguments: Sendable {
    public var block: [UInt8]
    public var arrays: [Float]
    public var images: [PixelBuffer]
    public init(block: [UInt8] = [], arrays: [Float] = [], images: [PixelBuffer] = []) {
        self.block = block
        self.arrays = arrays
        self.images = images
    }
}

/// Deterministic, non-trivial input content (never zeros: they hide unwritten outputs and can run faster).
public enum BenchInput {
    public static func pattern(width: Int, height: Int, format: PixelFormat, seed: UInt32 = 1) -> PixelBuffer {
        var buffer = PixelBuffer.blank(width: width, height: height, format: format)
        var state = seed &* 2_654_435_761 | 1
        buffer.bytes.withUnsafeMutableBufferPointer { bytes in
            switch format {
            case .rgba8Unorm:
                for p in 0..<(width * height) {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    let a = UInt8(truncatingIfNeeded: state >> 24) | 0x20
                    for c in 0..<3 {
                        let v = UInt8(truncatingIfNeeded: state >> (8 * c))
                        bytes[4 * p + c] = UInt8(UInt16(v) * UInt16(a) / 255)
                    }
                    bytes[4 * p + 3] = a
                }
            case .rgba16Float:
                for p in 0..<(width * height) {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    let a = Float(state >> 24 | 0x20) / 255
                    for c in 0..<4 {
                        let v = c == 3 ? a : Float((state >> (8 * c)) & 0xff) / 255 * a
                        let bits = Float16(v).bitPattern
                        bytes[8 * p + 2 * c] = UInt8(truncatingIfNeeded: bits)
                        bytes[8 * p + 2 * c + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    }
                }
            }
        }
        return buffer
    }
}

extension BenchSubject {
    /// A stitchable effect with bound arguments. Colors are bound for the output format's
    /// natural color mode (`.nonLinear` for RGBA8, `.linear` for RGBA16F).
    public static func effect(_ shader: Shader, frame: UInt32 = 0, reduceMotion: Bool = false) -> BenchSubject {
        BenchSubject(
            name: shader.function.name, kind: shader.function.kind.rawValue,
            kernel: { format in try shader.kernel(outputFormat: format) },
            arguments: { format, viewSize in
                let mode: ColorMode = format == .rgba8Unorm ? .nonLinear : .linear
                let bound = shader.bind(EffectRequest(outputFormat: format, colorMode: mode, viewSize: viewSize,
                                                      frame: FrameContext(time: 1.25, index: frame, reduceMotion: reduceMotion)))
                return BenchArguments(block: bound.argumentBlock, arrays: bound.arrayData, images: bound.images)
            })
    }
}
