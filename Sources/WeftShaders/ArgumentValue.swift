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
        case .number(let x): "the number \(x.formatted)"
        case .numbers(let v): "[\(v.map(\.formatted).joined(separator: ", "))]"
        case .color: "a color"
        case .colors(let c): "\(c.count) colors"
        case .binding(let b): "$" + b.spelling
        case .image(let pixels): "a \(pixels.width)×\(pixels.height) image"
        }
    }

    /// The parameter's value, or nil when this value cannot fill a parameter of `type`.
    func argument(for type: ParameterType) -> Shader.Argument? {
        switch (self, type) {
        case (.number(let x), .float): .float(x)
        case (.number(let x), .int) where x == x.rounded() && abs(x) <= Float(Int32.max): .int(Int32(x))
        case (.number(let x), .floatArray): .floatArray([x])
        case (.numbers(let v), .vec2) where v.count == 2: .float2(v[0], v[1])
        case (.numbers(let v), .vec3) where v.count == 3: .float3(v[0], v[1], v[2])
        case (.numbers(let v), .vec4) where v.count == 4: .float4(v[0], v[1], v[2], v[3])
        case (.numbers(let v), .floatArray): .floatArray(v)
        case (.color(let c), .vec4): .color(c)
        case (.color(let c), .colorArray): .colorArray([c])
        case (.colors(let c), .colorArray): .colorArray(c)
        case (.image(let pixels), .image): .image(pixels)
        case (.binding(let b), _) where b.acceptedTypes.contains(type): .engine(b)
        default: nil
        }
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

extension Float {
    fileprivate var formatted: String { self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self) }
}
