import WeftImage
import WeftRuntime

/// What a shader's engine-filled and bounds-relative arguments resolve against in one frame.
public struct ShaderFrameContext: Sendable, Hashable {
    /// The working color mode of the layer the kernel writes: `.color` arguments are
    /// premultiplied and encoded for it.
    public var colorMode: ColorMode
    /// The view's bounds `(x, y, w, h)` in user space, points.
    public var boundingRect: SIMD4<Float>
    public var time: Float
    public var frame: UInt32
    /// The view's size in points.
    public var viewSize: SIMD2<Float>
    public var reduceMotion: Bool
    /// The pointer, points, top-left origin.
    public var mouse: SIMD2<Float>

    public init(colorMode: ColorMode = .nonLinear, viewSize: SIMD2<Float>, boundingRect: SIMD4<Float>? = nil,
                time: Float = 0, frame: UInt32 = 0, reduceMotion: Bool = false, mouse: SIMD2<Float> = .zero) {
        self.colorMode = colorMode
        self.viewSize = viewSize
        self.boundingRect = boundingRect ?? SIMD4(0, 0, viewSize.x, viewSize.y)
        self.time = time
        self.frame = frame
        self.reduceMotion = reduceMotion
        self.mouse = mouse
    }

    /// Writes the frame-wide engine values (time, frame, view size, reduce-motion, mouse) into push constants.
    public func apply(to constants: inout FrameConstants) {
        constants.time = time
        constants.frame = frame
        constants.viewSize = viewSize
        constants.reduceMotion = reduceMotion ? 1 : 0
        constants.mouse = mouse
    }
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
    public func bind(_ context: ShaderFrameContext) -> BoundArguments {
        var block = [UInt8](repeating: 0, count: function.argumentBlockSize)
        var arrays = [Float]()
        var images = [PixelBuffer]()
        func put(_ values: [UInt32], at offset: Int) {
            for (i, v) in values.enumerated() {
                for b in 0..<4 { block[offset + 4 * i + b] = UInt8(truncatingIfNeeded: v >> UInt32(8 * b)) }
            }
        }
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
            case .engine(.time): words = floats(context.time)
            case .engine(.viewSize): words = floats(context.viewSize.x, context.viewSize.y)
            case .engine(.mouse): words = floats(context.mouse.x, context.mouse.y)
            case .engine(.frame):
                words = parameter.type == .int ? [context.frame] : floats(Float(context.frame))
            case .engine(.reduceMotion):
                let on: UInt32 = context.reduceMotion ? 1 : 0
                words = parameter.type == .int ? [on] : floats(Float(on))
            }
            guard let offset = parameter.blockOffset else { preconditionFailure("\(parameter.name) has no block offset") }
            put(words, at: offset)
        }
        if function.readsArrays && arrays.isEmpty { arrays = [0, 0, 0, 0] }
        return BoundArguments(argumentBlock: block, arrayData: arrays, images: images)
    }
}
