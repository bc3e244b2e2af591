import WeftImage
import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

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

    public func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter] {
        try function(named: name, kind: kind).function.parameters
    }

    public func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader {
        let (library, function) = try function(named: name, kind: kind)
        do {
            return try library.shader(function, arguments: arguments).effect
        } catch {
            throw SceneShaderProblem(error.description)
        }
    }

    /// The first library's function called `name`, which must be of `kind`.
    private func function(named name: String, kind: EffectKind) throws(SceneShaderProblem) -> (library: ShaderLibrary, function: StitchableFunction) {
        guard let (library, function) = libraries.lazy.compactMap({ library in
            (try? library.function(named: name)).map { (library, $0) }
        }).first else {
            let known = libraries.flatMap { $0.functions.map(\.name) }.sorted()
            throw SceneShaderProblem("no stitchable function '\(name)' in the scene's shaders\(NameSuggestion.clause(for: name, in: known)) "
                + "(available: \(known.joined(separator: ", ")))")
        }
        guard function.kind == kind else {
            throw SceneShaderProblem("'\(name)' is a \(function.kind.rawValue) effect, but it is used as a \(kind.rawValue) effect")
        }
        return (library, function)
    }
}

/// A scene file resolved with its effects compiled from the shader folders it names (`LibraryShaderProvider`): what
/// the command line, the gallery and the benchmarks load.
public struct LoadedScene: Sendable {
    public var scene: Scene
    /// The folders the scene names, as absolute paths (relative ones are against the scene file's folder).
    public var shaderFolders: [String]
    public var libraries: [ShaderLibrary]
}

extension SceneDescription {
    /// Resolves the description with its effects from the shader folders it names, relative ones against its own folder.
    public func resolveWithLibraries(confinement: SceneConfinement? = nil) throws(SceneError) -> LoadedScene {
        var folders: [String] = []
        var libraries: [ShaderLibrary] = []
        let base = baseDirectory
        let scene = try resolve(confinement: confinement) { named in
            folders = named.map { $0.hasPrefix("/") ? $0 : base + "/" + $0 }
            let provider = try LibraryShaderProvider(folders: named, baseDirectory: base)
            libraries = provider.libraries
            return provider
        }
        return LoadedScene(scene: scene, shaderFolders: folders, libraries: libraries)
    }
}

extension Scene {
    /// Reads the scene file at `path` and resolves it with its effects from the shader folders it names.
    public static func loadWithLibraries(contentsOf path: String, confinement: SceneConfinement? = nil) throws(SceneError) -> LoadedScene {
        try SceneDescription.read(contentsOf: path).resolveWithLibraries(confinement: confinement)
    }
}
