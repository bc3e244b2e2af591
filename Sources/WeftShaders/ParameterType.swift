import WeftRuntime

/// The type of a stitchable function's argument parameter (after the kind's leading ones).
public enum ParameterType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case float
    case vec2
    case vec3
    case vec4
    case int
    case floatArray = "FloatArray"
    case colorArray = "ColorArray"
    case image = "Image"

    public var description: String { rawValue }

    /// Arrays arrive as an `(offset, count)` handle into the array buffer (binding 4).
    public var isArray: Bool { self == .floatArray || self == .colorArray }

    /// The member type in the std140 argument block; nil for images, which are bindings of their own.
    var uniformType: UniformType? {
        switch self {
        case .float: .float
        case .int: .int
        case .vec2: .vec2
        case .vec3: .vec3
        case .vec4: .vec4
        case .floatArray, .colorArray: .uvec2
        case .image: nil
        }
    }

    /// A parameter type as written in GLSL, with the prelude's Metal-flavoured aliases.
    init?(glsl name: String) {
        switch name {
        case "float", "half": self = .float
        case "vec2", "float2", "half2": self = .vec2
        case "vec3", "float3", "half3": self = .vec3
        case "vec4", "float4", "half4": self = .vec4
        case "int": self = .int
        case "FloatArray": self = .floatArray
        case "ColorArray": self = .colorArray
        case "Image": self = .image
        default: return nil
        }
    }

    /// What an author may write for argument parameters, for messages.
    static let acceptedSpelling = "float, vec2, vec3, vec4, int, FloatArray, ColorArray or Image (float2…float4 and half…half4 also work)"
}
