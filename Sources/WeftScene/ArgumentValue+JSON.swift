import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

extension ArgumentValue {
    /// An argument written as in a scene file (docs/scenes.md), for other files that share the notation (a shader
    /// folder's presets.json). Relative image paths are read from `baseDirectory`; errors name `path`.
    public init(json: JSONValue, at path: JSONPath, baseDirectory: String) throws(SceneError) {
        self = try SceneReader(baseDirectory: baseDirectory, images: .files).argument(json, at: path)
    }
}
