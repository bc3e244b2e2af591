import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

/// Turns shader names in a scene into effects. Throwing `SceneShaderProblem` (or any error)
/// makes the scene error name the JSON path of the shader.
public protocol SceneShaderProvider: Sendable {
    func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader
}

/// A problem with a shader reference, worded for the scene's author.
public struct SceneShaderProblem: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
