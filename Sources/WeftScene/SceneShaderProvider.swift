import WeftPlanner
import WeftRuntime
import WeftShaders
import WeftViews

/// Turns shader names in a scene into effects. Throwing `SceneShaderProblem` (or any error)
/// makes the scene error name the JSON path of the shader.
public protocol SceneShaderProvider: Sendable {
    /// The argument parameters of the shader `name` used as a `kind` effect, whose types say how the scene's arguments
    /// for it are read. Throws, as `shader(named:kind:arguments:)` does, for a name it has not or a kind that differs.
    func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter]
    func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader
}

/// A problem with a shader reference, worded for the scene's author.
public struct SceneShaderProblem: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
