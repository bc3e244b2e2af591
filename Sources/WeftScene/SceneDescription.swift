import Foundation
import WeftImage

/// A scene file read and checked as JSON, with no file opened beyond the scene itself: what it says, and which files
/// (images, shader folders) rendering it will read. `resolve` reads those and makes the `Scene`.
public struct SceneDescription: Sendable {
    let json: JSONValue
    /// The folder relative paths in the scene are resolved against.
    public let baseDirectory: String
    /// The shader folders the scene names (`"shaders"`), resolved against `baseDirectory`.
    public let shaderFolders: [String]
    /// The image files the scene names (image views and image arguments of effects), resolved against
    /// `baseDirectory`, each once.
    public let imageFiles: [String]

    /// Checks `data` as a scene file's JSON: size, nesting, syntax. Reads no file.
    public static func parse(_ data: Data, baseDirectory: String) throws(SceneError) -> SceneDescription {
        if data.count > Scene.maxFileBytes {
            throw .unreadable(file: "(data)", reason: "larger than \(Scene.maxFileBytes / (1 << 20)) MiB; a scene file is a small description")
        }
        if let path = data.withUnsafeBytes({ JSONNesting.firstTooDeep(in: $0) }) {
            throw .tooDeep(path: path, limit: JSONNesting.maxDepth)
        }
        if let comma = JSONSyntax.trailingComma(in: data) { throw .malformedJSON(comma) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw .malformedJSON(JSONSyntax.describe(error, in: data))
        }
        let references = SceneReferences(in: json, baseDirectory: baseDirectory)
        return SceneDescription(json: json, baseDirectory: baseDirectory,
                                shaderFolders: references.shaderFolders, imageFiles: references.imageFiles)
    }

    /// Reads and checks the scene file at `path` (the only file this opens).
    public static func read(contentsOf path: String) throws(SceneError) -> SceneDescription {
        let data: Data
        switch FileBytes.read(path: path, maxBytes: Scene.maxFileBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.notFound): throw .unreadable(file: path, reason: "no such file")
        case .failure(.failed(let reason)): throw .unreadable(file: path, reason: reason)
        case .failure(.longerThan(let limit)): throw .unreadable(file: path, reason: "larger than \(limit / (1 << 20)) MiB; a scene file is a small description")
        }
        return try parse(data, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// The scene: its images read through `images`, its shader folders (as written in the file) turned into a
    /// provider by `shaders`, asked once and only when the scene names folders. With a `confinement`, every file the
    /// scene names (images, shader folders and their shaders, font files) must lie inside its folder.
    public func resolve(images: SceneImageSource = .files, confinement: SceneConfinement? = nil,
                        shaders: (_ folders: [String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        var reader = SceneReader(baseDirectory: baseDirectory, images: images, confinement: confinement)
        return try reader.scene(json, shaders: shaders)
    }
}

/// Where a scene's images come from when it is resolved: files by default; a test or a tool may give pixels from memory.
public struct SceneImageSource: Sendable {
    let load: @Sendable (_ file: String) throws -> PixelBuffer

    public init(_ load: @escaping @Sendable (_ file: String) throws -> PixelBuffer) { self.load = load }

    /// PNG or JPEG files read from disk (`ImageFile`, by content).
    public static let files = SceneImageSource { file in try ImageFile.load(path: file) }
}
