import WeftImage

/// Why a render could not be planned.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidSize(width: Float, height: Float, scale: Float)
    /// The planned output would exceed the largest texture the engine allocates.
    case textureTooLarge(width: Int, height: Int)
    case missingKernel(name: String, format: PixelFormat)
    /// An engine kernel failed to compile: a bug in Weft, with glslang's log.
    case engineKernel(name: String, log: String)
    case effectKind(shader: String, expected: String, actual: String)

    public var description: String {
        switch self {
        case let .invalidSize(w, h, s):
            "cannot render at \(w)×\(h) points, scale \(s): width, height and scale must be positive and finite"
        case let .textureTooLarge(w, h):
            "a \(w)×\(h) pixel texture is larger than Weft allocates (\(RenderLimits.maxTextureDimension) per side); lower the scale or the padding"
        case let .missingKernel(name, format):
            "effect '\(name)' has no kernel for output format \(format.rawValue)"
        case let .engineKernel(name, log):
            "engine kernel '\(name)' failed to compile (a Weft bug):\n\(log)"
        case let .effectKind(shader, expected, actual):
            "shader '\(shader)' is a \(actual) effect, but it is used as a \(expected) effect"
        }
    }
}

enum RenderLimits {
    static let maxTextureDimension = 16384
}
