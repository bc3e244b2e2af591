import WeftRuntime

/// A stitchable function as reflected from its signature: its kind, its argument
/// parameters and where each one lives in the kernel's interface.
public struct StitchableFunction: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public let type: ParameterType
        /// Byte offset of this parameter's member in the std140 argument block (binding 3);
        /// nil for images, which have a binding of their own.
        public let blockOffset: Int?
        /// Index among the function's image parameters (binding 5 + index); nil for the others.
        public let imageIndex: Int?

        public var isArray: Bool { type.isArray }
        public var description: String { "\(name): \(type)" }
    }

    public let name: String
    public let kind: EffectKind
    /// The argument parameters, after the kind's leading ones, in declaration order.
    public let parameters: [Parameter]
    /// Names of the kind's leading parameters as the author wrote them (position first).
    public let leadingParameterNames: [String]
    /// The author's file and the 1-based location of the function's name in it.
    public let file: String
    public let line: Int
    public let column: Int
    /// The argument block's layout (binding 3): a member per non-image parameter, in declaration order.
    public let argumentBlock: UniformBlock
    /// Size of the argument block in bytes (a multiple of 16); 0 when there is no block.
    public let argumentBlockSize: Int
    /// How many times the function runs in a row, each run reading the one before: `[[ stitchable(layer, passes: N) ]]`
    /// (a separable blur is two). `weftPass()` tells the run which it is, from 0.
    public let passes: Int
    /// The `// @param` lines above the function, in the order written.
    public internal(set) var annotations: [ParameterAnnotation] = []
    /// `// @maxSampleOffset X, Y` above the function: how far (in points) a layer or distortion effect samples from
    /// the pixel, what a preset's `maxSampleOffset` says; nil when not declared.
    public internal(set) var maxSampleOffset: SIMD2<Float>?

    public func annotation(named name: String) -> ParameterAnnotation? {
        annotations.first { $0.name == name }
    }

    public var imageCount: Int { parameters.count(where: { $0.type == .image }) }
    public var readsArrays: Bool { parameters.contains(where: \.isArray) }

    /// `name(center: vec2, radius: float)` for listings.
    public var signatureDescription: String {
        "\(name)(\(parameters.map(\.description).joined(separator: ", ")))"
    }

    init(name: String, kind: EffectKind, arguments: [(name: String, type: ParameterType)], leadingParameterNames: [String],
         file: String, line: Int, column: Int, passes: Int = 1) {
        self.name = name
        self.passes = passes
        self.kind = kind
        self.leadingParameterNames = leadingParameterNames
        self.file = file
        self.line = line
        self.column = column
        var parameters = [Parameter]()
        var block = UniformBlock()
        var images = 0
        for argument in arguments {
            if let member = argument.type.uniformType {
                let offset = block.append(argument.name, member)
                parameters.append(Parameter(name: argument.name, type: argument.type, blockOffset: offset, imageIndex: nil))
            } else {
                parameters.append(Parameter(name: argument.name, type: argument.type, blockOffset: nil, imageIndex: images))
                images += 1
            }
        }
        self.parameters = parameters
        self.argumentBlock = block
        self.argumentBlockSize = block.size
    }

    /// The parameters that are members of the argument block.
    var blockParameters: [Parameter] { parameters.filter { $0.blockOffset != nil } }
}
