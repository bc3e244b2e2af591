import WeftImage
import WeftRuntime

/// A stitchable function with its arguments, checked against the function's reflected
/// signature: count, types and (where labelled) names. Immutable and `Sendable`.
public struct Shader: Sendable, Equatable {
    /// An argument value, after SwiftUI's `Shader.Argument`.
    public enum Argument: Sendable, Equatable, CustomStringConvertible {
        case float(Float)
        case float2(Float, Float)
        case float3(Float, Float, Float)
        case float4(Float, Float, Float, Float)
        /// An int parameter (beyond SwiftUI).
        case int(Int32)
        /// sRGB, straight alpha; arrives premultiplied in the working color mode as a `vec4`.
        case color(Color)
        case floatArray([Float])
        /// Each color arrives premultiplied in the working color mode.
        case colorArray([Color])
        /// An extra sampled texture (premultiplied).
        case image(PixelBuffer)
        /// The view's bounds as `vec4(x, y, w, h)` in user space (points).
        case boundingRect
        /// A value the engine fills in every frame.
        case engine(EngineValue)

        public var description: String {
            switch self {
            case .float: ".float"
            case .float2: ".float2"
            case .float3: ".float3"
            case .float4: ".float4"
            case .int: ".int"
            case .color: ".color"
            case .floatArray: ".floatArray"
            case .colorArray: ".colorArray"
            case .image: ".image"
            case .boundingRect: ".boundingRect"
            case .engine(let value): ".engine(.\(value.rawValue))"
            }
        }

        /// Whether this argument can fill a parameter of `type`.
        public func fits(_ type: ParameterType) -> Bool {
            switch (self, type) {
            case (.float, .float), (.float2, .vec2), (.float3, .vec3), (.float4, .vec4), (.int, .int),
                 (.color, .vec4), (.boundingRect, .vec4), (.floatArray, .floatArray), (.colorArray, .colorArray),
                 (.image, .image):
                true
            case (.engine(let value), _):
                value.acceptedTypes.contains(type)
            default:
                false
            }
        }
    }

    /// Values the engine supplies each frame, so animation needs no state in the shader.
    public enum EngineValue: String, Sendable, Hashable, CaseIterable {
        /// Seconds since the scene started; a `float` parameter.
        case time
        /// The frame index; an `int` or `float` parameter.
        case frame
        /// The view's size in points; a `vec2` parameter.
        case viewSize
        /// The view's bounds `(x, y, w, h)` in points; a `vec4` parameter.
        case boundingRect
        /// 1 when reduce-motion is on, else 0; an `int` or `float` parameter.
        case reduceMotion
        /// The pointer's position in points, top-left origin (the preview window's; 0, 0 elsewhere); a `vec2` parameter.
        case mouse

        public var acceptedTypes: [ParameterType] {
            switch self {
            case .time: [.float]
            case .frame, .reduceMotion: [.int, .float]
            case .viewSize, .mouse: [.vec2]
            case .boundingRect: [.vec4]
            }
        }
    }

    public let library: ShaderLibrary
    public let function: StitchableFunction
    /// One per parameter, in declaration order.
    public let arguments: [Argument]

    /// Checks `arguments` (each optionally labelled with its parameter's name) against the
    /// function's parameters and puts them in declaration order.
    public init(library: ShaderLibrary, function: StitchableFunction, arguments: [(label: String?, value: Argument)]) throws(ShaderError) {
        let parameters = function.parameters
        let labelled = arguments.contains { $0.label != nil && !($0.label!.isEmpty) }
        if !labelled {
            guard arguments.count == parameters.count else {
                throw .argumentCount(function: function.name, expected: parameters.count, given: arguments.count,
                                     parameters: parameters.map(\.description))
            }
        }
        for (position, argument) in arguments.enumerated() {
            guard let label = argument.label, !label.isEmpty else { continue }
            guard position < parameters.count else { break } // counted below
            if parameters[position].name != label {
                throw .argumentName(function: function.name, position: position, expected: parameters[position].name, given: label)
            }
        }
        guard arguments.count == parameters.count else {
            throw .argumentCount(function: function.name, expected: parameters.count, given: arguments.count,
                                 parameters: parameters.map(\.description))
        }
        for (parameter, argument) in zip(parameters, arguments) where !argument.value.fits(parameter.type) {
            throw .argumentType(function: function.name, parameter: parameter.name, expected: parameter.type.rawValue,
                                given: argument.value.description)
        }
        self.library = library
        self.function = function
        self.arguments = arguments.map(\.value)
    }

    /// Equal when made from the same library object, function and arguments.
    public static func == (a: Shader, b: Shader) -> Bool {
        a.library === b.library && a.function == b.function && a.arguments == b.arguments
    }

    /// The compiled kernel for this shader's function (cached).
    public func kernel(outputFormat: PixelFormat) throws(ShaderError) -> CompiledKernel {
        try library.kernel(for: self, outputFormat: outputFormat)
    }

    /// The kernel of each run of a multi-pass function (`StitchableFunction.passes`), in order; one for the others.
    public func passKernels(outputFormat: PixelFormat) throws(ShaderError) -> [CompiledKernel] {
        var kernels = [CompiledKernel]()
        for pass in 0..<function.passes { kernels.append(try library.compile(function, outputFormat: outputFormat, pass: pass).kernel) }
        return kernels
    }
}

/// A library function waiting for its arguments: `library.ripple(.float2(100, 100), .engine(.time))`,
/// or with labels, `library.ripple(center: .float2(100, 100), time: .engine(.time))`.
/// (`@dynamicCallable` rather than `callAsFunction`: only it takes the parameter names as labels.)
@dynamicCallable
public struct ShaderFunction: Sendable {
    public let library: ShaderLibrary
    public let name: String

    public func dynamicallyCall(withArguments arguments: [Shader.Argument]) throws(ShaderError) -> Shader {
        try Shader(library: library, function: library.function(named: name), arguments: arguments.map { (nil, $0) })
    }

    public func dynamicallyCall(withKeywordArguments arguments: KeyValuePairs<String, Shader.Argument>) throws(ShaderError) -> Shader {
        try Shader(library: library, function: library.function(named: name),
                   arguments: arguments.map { (label: $0.key.isEmpty ? nil : $0.key, value: $0.value) })
    }
}
