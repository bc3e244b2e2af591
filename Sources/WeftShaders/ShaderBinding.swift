import WeftImage
import WeftRuntime

/// One use of an effect: the texture it writes, the view it modifies, and the frame. What a shader's engine-filled
/// and bounds-relative arguments resolve against, and what picks its kernel's output format.
public struct EffectRequest: Sendable, Hashable {
    /// Format of the texture the effect writes.
    public var outputFormat: PixelFormat
    /// The working color mode of that texture: `.color` arguments are premultiplied and encoded for it.
    public var colorMode: ColorMode
    /// The modified view's bounds `(x, y, w, h)` in its user space, points.
    public var boundingRect: SIMD4<Float>
    public var frame: FrameContext

    public init(outputFormat: PixelFormat = .rgba8Unorm, colorMode: ColorMode = .nonLinear, boundingRect: SIMD4<Float>,
                frame: FrameContext = FrameContext()) {
        self.outputFormat = outputFormat
        self.colorMode = colorMode
        self.boundingRect = boundingRect
        self.frame = frame
    }

    /// A view of `viewSize` points at the origin of its user space.
    public init(outputFormat: PixelFormat = .rgba8Unorm, colorMode: ColorMode = .nonLinear, viewSize: SIMD2<Float>,
                frame: FrameContext = FrameContext()) {
        self.init(outputFormat: outputFormat, colorMode: colorMode, boundingRect: SIMD4(0, 0, viewSize.x, viewSize.y), frame: frame)
    }

    /// The view's size in points.
    public var viewSize: SIMD2<Float> { SIMD2(boundingRect.z, boundingRect.w) }
}

/// A shader's arguments laid out for one `KernelPass`: the argument block (binding 3),
/// the array buffer (binding 4) and the images (bindings 5…), in that kernel's order.
public struct BoundArguments: Sendable, Equatable {
    /// Exactly `argumentBlockSize` bytes, std140, little-endian.
    public var argumentBlock: [UInt8]
    /// Floats of every array argument, each at the offset its handle names; never empty
    /// when the kernel reads arrays (a zero-size buffer cannot be bound).
    public var arrayData: [Float]
    /// One per `image` parameter, in declaration order.
    public var images: [PixelBuffer]
}

extension Shader {
    /// Resolves the arguments for one frame.
    public func bind(_ context: EffectRequest) -> BoundArguments {
        var block = UniformWriter(size: function.argumentBlockSize)
        var arrays = [Float]()
        var images = [PixelBuffer]()
        func floats(_ values: Float...) -> [UInt32] { values.map(\.bitPattern) }
        for (parameter, argument) in zip(function.parameters, arguments) {
            let words: [UInt32]
            switch argument {
            case .float(let x): words = floats(x)
            case .float2(let x, let y): words = floats(x, y)
            case .float3(let x, let y, let z): words = floats(x, y, z)
            case .float4(let x, let y, let z, let w): words = floats(x, y, z, w)
            case .int(let i): words = [UInt32(bitPattern: i)]
            case .color(let color):
                let c = color.premultiplied(in: context.colorMode)
                words = floats(c.x, c.y, c.z, c.w)
            case .boundingRect, .engine(.boundingRect):
                let r = context.boundingRect
                words = floats(r.x, r.y, r.z, r.w)
            case .floatArray(let values):
                words = [UInt32(arrays.count), UInt32(values.count)]
                arrays += values
            case .colorArray(let colors):
                words = [UInt32(arrays.count), UInt32(colors.count)]
                for color in colors {
                    let c = color.premultiplied(in: context.colorMode)
                    arrays += [c.x, c.y, c.z, c.w]
                }
            case .image(let pixels):
                images.append(pixels)
                continue
            case .engine(.time): words = floats(context.frame.shaderTime)
            case .engine(.viewSize): words = floats(context.viewSize.x, context.viewSize.y)
            case .engine(.mouse): words = floats(context.frame.mouse.x, context.frame.mouse.y)
            case .engine(.frame):
                words = parameter.type == .int ? [context.frame.index] : floats(Float(context.frame.index))
            case .engine(.reduceMotion):
                let on: UInt32 = context.frame.reduceMotion ? 1 : 0
                words = parameter.type == .int ? [on] : floats(Float(on))
            }
            guard let offset = parameter.blockOffset else { preconditionFailure("\(parameter.name) has no block offset") }
            block.write(words, at: offset)
        }
        if function.readsArrays && arrays.isEmpty { arrays = [0, 0, 0, 0] }
        return BoundArguments(argumentBlock: block.bytes, arrayData: arrays, images: images)
    }
}
