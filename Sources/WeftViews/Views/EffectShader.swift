import WeftImage
import WeftRuntime
import WeftShaders

/// An effect kernel with its bound inputs, ready to become one pass.
public struct BoundEffect: Sendable {
    public var kernel: CompiledKernel
    public var arguments: [UInt8]
    public var arrayData: [Float]
    /// The kernel's `image` inputs, in binding order (5, 6, …).
    public var images: [PixelBuffer]
    /// The stitchable function the kernel wraps, so the planner can stitch it with its neighbours; nil for
    /// hand-compiled kernels, which run as they are.
    public var stage: FusionStage?
    /// The kernels of a multi-pass layer effect's later runs, each reading the one before (`StitchableFunction.passes`).
    public var laterPasses: [CompiledKernel]
    public init(kernel: CompiledKernel, arguments: [UInt8] = [], arrayData: [Float] = [], images: [PixelBuffer] = [],
                stage: FusionStage? = nil, laterPasses: [CompiledKernel] = []) {
        self.kernel = kernel
        self.laterPasses = laterPasses
        self.arguments = arguments
        self.arrayData = arrayData
        self.images = images
        self.stage = stage
    }
}

/// A shader's arguments as written, and how to bind the shader to other values.
struct ArgumentRecipe: Sendable {
    var arguments: [String: ArgumentValue]
    var make: @Sendable ([String: ArgumentValue]) throws -> EffectShader
}

/// A shader with its arguments, as a view holds it: resolved to a kernel and bound
/// argument bytes only when a plan is made.
public struct EffectShader: Sendable {
    /// For reports and errors.
    public let name: String
    package let bind: @Sendable (EffectKind, EffectRequest) throws -> BoundEffect
    /// The arguments as written and how to bind others of the same types, when the shader's
    /// arguments can animate.
    let recipe: ArgumentRecipe?

    public init(name: String, bind: @escaping @Sendable (EffectKind, EffectRequest) throws -> BoundEffect) {
        self.name = name
        self.bind = bind
        self.recipe = nil
    }

    /// A shader whose arguments animate: `make` binds the same shader to other values of the same
    /// types (interpolated ones, during a change of state).
    public static func animatable(arguments: [String: ArgumentValue],
                                  make: @escaping @Sendable ([String: ArgumentValue]) throws -> EffectShader) throws -> EffectShader {
        let shader = try make(arguments)
        return EffectShader(name: shader.name, bind: shader.bind, recipe: ArgumentRecipe(arguments: arguments, make: make))
    }

    init(name: String, bind: @escaping @Sendable (EffectKind, EffectRequest) throws -> BoundEffect, recipe: ArgumentRecipe?) {
        self.name = name
        self.bind = bind
        self.recipe = recipe
    }

    /// A hand-compiled kernel that follows docs/kernel-abi.md, with fixed inputs.
    /// `kernels` gives the kernel for each output format the planner may ask for.
    public static func compiled(name: String, kernels: [PixelFormat: CompiledKernel], arguments: [UInt8] = [],
                                arrayData: [Float] = [], images: [PixelBuffer] = []) -> EffectShader {
        EffectShader(name: name) { _, request in
            guard let kernel = kernels[request.outputFormat] else {
                throw MissingKernel(effect: name, format: request.outputFormat)
            }
            return BoundEffect(kernel: kernel, arguments: arguments, arrayData: arrayData, images: images)
        }
    }
}

/// A hand-compiled effect was asked for an output format it has no kernel for.
public struct MissingKernel: Error, Sendable, Hashable, CustomStringConvertible {
    public var effect: String
    public var format: PixelFormat
    public var description: String { "effect '\(effect)' has no kernel for output format \(format.rawValue)" }
}
