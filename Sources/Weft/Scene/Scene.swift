import Foundation
import WeftImage
import WeftShaders

/// A scene read from a JSON file (docs/scenes.md): a view tree and how to render it.
public struct Scene: Sendable {
    public var size: Size
    public var scale: Float
    public var background: Color
    /// `$frame` of the scene's effects, unless the caller gives another.
    public var frame: UInt32
    /// `$reduceMotion` of the scene's effects; a caller can only turn it on.
    public var reduceMotion: Bool
    /// Folders of stitchable shaders the scene's effects are found in, as written.
    public var shaderFolders: [String]
    /// The view tree; for a scene with states, the initial state.
    public var root: ViewNode
    /// The scene's states over time, when it has any.
    public var timeline: Timeline?

    /// `"duration"` as written, seconds; nil when the file gives none.
    public var playTime: Double?

    /// The named states (`"states"`) and the one the timeline starts in; empty and nil for a single `"root"`.
    public var states: [String: ViewNode] = [:]
    public var initialState: String?

    /// How long the scene plays, seconds: its `"duration"`, else until its timeline's last change
    /// has finished (0 for a still scene).
    public var duration: Double { playTime ?? timeline?.duration ?? 0 }

    /// The view tree shown `time` seconds in.
    /// For a scene whose states have an `onGeometryChange`, the state its actions choose at the scene's size.
    public func root(at time: Double) -> ViewNode {
        if var sweep = geometrySweep() { return sweep.root(for: size) }
        return timeline?.view(at: time, size: size) ?? root
    }

    /// The `matchedGeometryEffect` faults of what the scene shows `time` seconds in.
    public func warnings(at time: Double) -> [MatchedGeometryWarning] {
        timeline?.warnings(at: time, size: size) ?? MatchedGeometry.resolve(root, size: size.vector).warnings
    }

    /// A sweep over render sizes that switches between the scene's states by their `onGeometryChange`s,
    /// starting from the initial state; nil when no state has one.
    public func geometrySweep() -> GeometrySweep? {
        guard let initialState, states.values.contains(where: GeometrySweep.observes) else { return nil }
        return GeometrySweep(states: states, initial: initialState)
    }

    /// Render options for this scene: time from the caller; the frame from the caller when
    /// given, else the scene's; reduce-motion when either asks for it.
    public func options(time: Float = 0, frame: UInt32? = nil, reduceMotion: Bool = false) -> RenderOptions {
        RenderOptions(scale: scale, time: time, frame: frame ?? self.frame, reduceMotion: reduceMotion || self.reduceMotion,
                      background: background)
    }

    /// Reads a scene file. `shaders` is asked once for a provider of the folders the scene
    /// names (resolved against `baseDirectory`); images are read relative to `baseDirectory` too.
    public static func parse(_ data: Data, baseDirectory: String,
                             shaders: (_ folders: [String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        if let path = JSONNesting.firstTooDeep(in: data) {
            throw .invalid(path: path, message: "nested more than \(JSONNesting.maxDepth) arrays and objects deep, the most a scene file may")
        }
        if let comma = JSONSyntax.trailingComma(in: data) { throw .malformedJSON(comma) }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformedJSON(JSONSyntax.problem(in: data) ?? context.debugDescription)
        } catch {
            throw .malformedJSON("\(error)")
        }
        var reader = SceneReader(baseDirectory: baseDirectory)
        return try reader.scene(json, shaders: shaders)
    }

    /// Scene files are descriptions, not data: anything larger is refused before it is parsed.
    public static let maxFileBytes = 64 << 20

    /// Reads the scene file at `path`.
    public static func load(contentsOf path: String,
                            shaders: (_ folders: [String]) throws -> any SceneShaderProvider) throws(SceneError) -> Scene {
        let data: Data
        switch FileBytes.read(path: path, maxBytes: maxFileBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(.notFound): throw .unreadable(file: path, reason: "no such file")
        case .failure(.failed(let reason)): throw .unreadable(file: path, reason: reason)
        case .failure(.longerThan(let limit)): throw .unreadable(file: path, reason: "larger than \(limit / (1 << 20)) MiB; a scene file is a small description")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parse(data, baseDirectory: base, shaders: shaders)
    }
}
