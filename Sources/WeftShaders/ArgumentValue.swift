import WeftImage

/// A shader argument as a person writes it — in a scene file, a presets file or on a command line — before it is
/// matched to a parameter's type (`ShaderLibrary.shader(_:arguments:)`).
public enum ArgumentValue: Sendable, Equatable {
    case number(Float)
    /// `[x, y]`, `[x, y, z]`, `[x, y, z, w]`, or a float array.
    case numbers([Float])
    case color(Color)
    case colors([Color])
    /// A value the engine fills in for each frame, written `"$name"`.
    case binding(Shader.EngineValue)
    /// An image file, read when the value was read.
    case image(PixelBuffer)

    /// How the value was written, for messages.
    public var spelling: String {
        switch self {
        case .number: "a number"
        case .numbers(let v): "an array of \(v.count) numbers"
        case .color: "a color"
        case .colors: "an array of colors"
        case .binding(let b): "$" + b.spelling
        case .image: "an image"
        }
    }

    /// The parameter's value; the error says why this value cannot fill a parameter of `type`, in words that fit
    /// after the parameter's name.
    func argument(for type: ParameterType) throws(Mismatch) -> Shader.Argument {
        switch (self, type) {
        case (.number(let x), .float): return .float(x)
        case (.number(let x), .int):
            guard x == x.rounded() else { throw Mismatch(reason: "\(x) is not a whole number") }
            guard let n = Int32(exactly: x) else { throw Mismatch(reason: "\(x) is outside the range of an int") }
            return .int(n)
        case (.number(let x), .floatArray): return .floatArray([x])
        case (.numbers(let v), .vec2) where v.count == 2: return .float2(v[0], v[1])
        case (.numbers(let v), .vec3) where v.count == 3: return .float3(v[0], v[1], v[2])
        case (.numbers(let v), .vec4) where v.count == 4: return .float4(v[0], v[1], v[2], v[3])
        case (.numbers(let v), .floatArray): return .floatArray(v)
        case (.color(let c), .vec4): return .color(c)
        case (.color(let c), .colorArray): return .colorArray([c])
        case (.colors(let c), .colorArray): return .colorArray(c)
        case (.image(let pixels), .image): return .image(pixels)
        case (.binding(let b), _):
            guard b.acceptedTypes.contains(type) else {
                let types = b.acceptedTypes.map(\.description).joined(separator: " or ")
                throw Mismatch(reason: "$\(b.spelling) fills a \(types) parameter, not a \(type)")
            }
            return .engine(b)
        default:
            throw Mismatch(reason: "\(spelling) cannot fill it")
        }
    }

    struct Mismatch: Error {
        var reason: String
    }
}

extension Shader.EngineValue {
    /// The name after `$` in files and on command lines (`$size` for `viewSize`).
    public var spelling: String { self == .viewSize ? "size" : rawValue }

    public init?(spelling: String) {
        guard let value = Self.allCases.first(where: { $0.spelling == spelling }) else { return nil }
        self = value
    }

    /// Every spelling with its `$`, for messages.
    public static var spellings: String { allCases.map { "$" + $0.spelling }.joined(separator: ", ") }
}
