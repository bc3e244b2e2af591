import WeftImage
import WeftRuntime
import WeftShaders

/// What the planner knows when it binds an effect's arguments for one use.
public struct EffectRequest: Sendable {
    /// Format of the texture the effect writes.
    public var outputFormat: PixelFormat
    /// Working color mode of that texture (how `color` arguments must arrive).
    public var colorMode: ColorMode
    /// The modified view's bounds in its user space, points: `(x, y, w, h)`.
    public var boundingRect: SIMD4<Float>
    public var time: Float
    public var frame: UInt32
    public var reduceMotion: Bool
    /// The pointer, points, top-left origin.
    public var mouse: SIMD2<Float> = .zero
}

/// An effect kernel with its bound inputs, ready to become one pass.
public struct BoundEffect: Sendable {
    public var kernel: CompiledKernel
    public var arguments: [UInt8]
    public var arrayData: [Float]
    /// The kernel's `image` inputs, in binding order (5, 6, …).
    public var images: [PixelBuffer]
    public init(kernel: CompiledKernel, arguments: [UInt8] = [], arrayData: [Float] = [], images: [PixelBuffer] = []) {
        self.kernel = kernel
        self.arguments = arguments
        self.arrayData = arrayData
        self.images = images
    }
}

/// A shader with its arguments, as a view holds it: resolved to a kernel and bound
/// argument bytes only when a plan is made.
public struct EffectShader: Sendable {
    /// For reports and errors.
    public let name: String
    let bind: @Sendable (EffectKind, EffectRequest) throws -> BoundEffect

    public init(name: String, bind: @escaping @Sendable (EffectKind, EffectRequest) throws -> BoundEffect) {
        self.name = name
        self.bind = bind
    }

    /// A hand-compiled kernel that follows docs/kernel-abi.md, with fixed inputs.
    /// `kernels` gives the kernel for each output format the planner may ask for.
    public static func compiled(name: String, kernels: [PixelFormat: CompiledKernel], arguments: [UInt8] = [],
                                arrayData: [Float] = [], images: [PixelBuffer] = []) -> EffectShader {
        EffectShader(name: name) { _, request in
            guard let kernel = kernels[request.outputFormat] else {
                throw RenderError.missingKernel(name: name, format: request.outputFormat)
            }
            return BoundEffect(kernel: kernel, arguments: arguments, arrayData: arrayData, images: images)
        }
    }
}
