import WeftImage
import WeftRuntime
import WeftShaders

/// Values the engine fills in for each frame, written `"$name"` in a scene file.
public enum EngineBinding: String, Sendable, Hashable, CaseIterable {
    case time, frame, size, boundingRect, reduceMotion

    /// The binding's value for one use of an effect, as floats (`size` is `(w, h)`,
    /// `boundingRect` is `(x, y, w, h)`).
    public func value(in request: EffectRequest) -> [Float] {
        switch self {
        case .time: [request.time]
        case .frame: [Float(request.frame)]
        case .size: [request.boundingRect.z, request.boundingRect.w]
        case .boundingRect: [request.boundingRect.x, request.boundingRect.y, request.boundingRect.z, request.boundingRect.w]
        case .reduceMotion: [request.reduceMotion ? 1 : 0]
        }
    }
}

/// A shader argument as a scene file writes it; matched to the shader's parameter types by
/// whoever provides the shaders (`SceneShaderProvider`).
public enum SceneArgument: Sendable, Equatable {
    case number(Float)
    /// `[x, y]`, `[x, y, z]`, `[x, y, z, w]`, or a float array.
    case numbers([Float])
    case color(Color)
    case colors([Color])
    case binding(EngineBinding)
    /// An image file, read when the scene is read.
    case image(PixelBuffer)
}

/// Turns shader names in a scene into effects. Throwing `SceneShaderProblem` (or any error)
/// makes the scene error name the JSON path of the shader.
public protocol SceneShaderProvider: Sendable {
    func shader(named name: String, kind: EffectKind, arguments: [String: SceneArgument]) throws -> EffectShader
}

/// A problem with a shader reference, worded for the scene's author.
public struct SceneShaderProblem: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
