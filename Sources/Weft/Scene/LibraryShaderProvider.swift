import WeftImage
import WeftShaders

/// Finds a scene's shaders in stitchable libraries and matches its arguments to their
/// parameters by name and type.
public struct LibraryShaderProvider: SceneShaderProvider {
    public let libraries: [ShaderLibrary]

    public init(libraries: [ShaderLibrary]) { self.libraries = libraries }

    /// Loads each folder (relative paths resolved against `baseDirectory`) and compiles every
    /// function in it: a folder with any function that does not compile is an error, even
    /// when the scene uses other functions of it (from the cache, this costs no compile).
    public init(folders: [String], baseDirectory: String) throws(ShaderError) {
        libraries = try folders.map { folder throws(ShaderError) in
            let library = try ShaderLibrary(path: folder.hasPrefix("/") ? folder : baseDirectory + "/" + folder)
            try library.compileAll(outputFormats: [.rgba8Unorm])
            return library
        }
    }

    public func shader(named name: String, kind: EffectKind, arguments: [String: SceneArgument]) throws -> EffectShader {
        guard let (library, function) = libraries.lazy.compactMap({ library in
            (try? library.function(named: name)).map { (library, $0) }
        }).first else {
            let known = libraries.flatMap { $0.functions.map(\.name) }.sorted()
            throw SceneShaderProblem("no stitchable function '\(name)' in the scene's shaders (available: \(known.joined(separator: ", ")))")
        }
        guard function.kind == kind else {
            throw SceneShaderProblem("'\(name)' is a \(function.kind.rawValue) effect, but it is used as a \(kind.rawValue) effect")
        }
        let names = Set(function.parameters.map(\.name))
        for key in arguments.keys.sorted() where !names.contains(key) {
            throw SceneShaderProblem("'\(name)' has no parameter '\(key)' (parameters: \(function.parameters.map(\.description).joined(separator: ", ")))")
        }
        var bound: [(label: String?, value: Shader.Argument)] = []
        for parameter in function.parameters {
            guard let value = arguments[parameter.name] else {
                throw SceneShaderProblem("'\(name)' needs argument '\(parameter.name)' (\(parameter.type))")
            }
            bound.append((parameter.name, try Self.convert(value, to: parameter, of: name)))
        }
        return try Shader(library: library, function: function, arguments: bound).effect
    }

    static func convert(_ value: SceneArgument, to parameter: StitchableFunction.Parameter, of function: String) throws -> Shader.Argument {
        do {
            return try argument(value, for: parameter)
        } catch {
            throw SceneShaderProblem("'\(function)': parameter '\(parameter.name)' (\(parameter.type)): \(error.reason)")
        }
    }

    /// Why a value cannot fill a parameter, in words that fit after the parameter's name.
    struct Mismatch: Error {
        var reason: String
    }

    static func argument(_ value: SceneArgument, for parameter: StitchableFunction.Parameter) throws(Mismatch) -> Shader.Argument {
        switch (value, parameter.type) {
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
            let engine: Shader.EngineValue = switch b {
            case .time: .time
            case .frame: .frame
            case .size: .viewSize
            case .boundingRect: .boundingRect
            case .reduceMotion: .reduceMotion
            }
            guard engine.acceptedTypes.contains(parameter.type) else {
                let types = engine.acceptedTypes.map(\.description).joined(separator: " or ")
                throw Mismatch(reason: "$\(b.rawValue) fills a \(types) parameter, not a \(parameter.type)")
            }
            return .engine(engine)
        default:
            throw Mismatch(reason: "\(value.spelling) cannot fill it")
        }
    }
}

extension SceneArgument {
    /// How the value was written, for messages.
    var spelling: String {
        switch self {
        case .number: "a number"
        case .numbers(let v): "an array of \(v.count) numbers"
        case .color: "a color"
        case .colors: "an array of colors"
        case .binding(let b): "$\(b.rawValue)"
        case .image: "an image"
        }
    }
}
