import WeftImage
import WeftShaders

extension WrittenArgument {
    /// An argument as JSON writes it, in a scene file (docs/scenes.md) or a file that shares the notation (a shader
    /// folder's presets.json): a number (`true`/`false` as 1/0), a string or an array of them. What it means waits for
    /// its parameter's type (`ArgumentValue.init(_:for:loadImage:)`); an engine binding it names must exist.
    public init(json: JSONValue, at path: JSONPath) throws(SceneError) {
        switch json {
        case .number(let n):
            _ = try SceneValue.finite(n, at: path)
            self = .number(n)
        case .bool(let b):
            self = .number(b ? 1 : 0)
        case .string(let s):
            if s.hasPrefix("$"), Shader.EngineValue(spelling: String(s.dropFirst())) == nil {
                throw .unknownName(path: path, kind: "engine binding", name: s, known: Shader.EngineValue.allCases.map { "$" + $0.spelling })
            }
            self = .string(s)
        case .array(let items):
            var written: [WrittenArgument] = []
            for (i, item) in items.enumerated() {
                switch item {
                case .array, .object, .null:
                    throw .wrongType(path: path.index(i), expected: "a number or a string", got: item.typeName)
                default:
                    written.append(try WrittenArgument(json: item, at: path.index(i)))
                }
            }
            self = .array(written)
        case .null, .object:
            throw .wrongType(path: path, expected: "a number, an array of numbers, a color, an array of colors, an image file or an engine binding",
                             got: json.typeName)
        }
    }
}

extension ArgumentValue {
    /// An argument written in JSON at `path`, read for a parameter of `type`: relative image paths from
    /// `baseDirectory`, through `images` (only an `Image` parameter reads one), inside `confinement` when given.
    public init(json: JSONValue, for type: ParameterType, at path: JSONPath, baseDirectory: String,
                images: SceneImageSource = .files, confinement: SceneConfinement? = nil) throws(SceneError) {
        let written = try WrittenArgument(json: json, at: path)
        var refused: SceneError?
        var unreadable: (any Error)?
        do {
            self = try ArgumentValue(written, for: type) { file in
                let resolved: String
                switch Result(catching: { () throws(SceneError) in
                    try SceneReader.readable(file, at: path, baseDirectory: baseDirectory, confinement: confinement)
                }) {
                case .success(let file): resolved = file
                case .failure(let error):
                    refused = error
                    throw error
                }
                do {
                    return try images.load(resolved)
                } catch {
                    unreadable = error
                    throw error
                }
            }
        } catch {
            if let refused { throw refused }
            if let unreadable { throw .unreadableImage(path: path, reason: "\(unreadable)") }
            throw .invalid(path: path, message: "for a \(type) parameter, \(error.reason)")
        }
    }
}
