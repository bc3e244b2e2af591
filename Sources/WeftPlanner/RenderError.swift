import WeftImage
import WeftText
import WeftViews

/// Why a render could not be planned.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    case invalidSize(width: Float, height: Float, scale: Float)
    case underOnePixel(width: Float, height: Float, scale: Float)
    /// A texture the render needs is wider or taller than the executor's device holds.
    case textureTooLarge(width: Double, height: Double, format: PixelFormat, limit: Int, device: String, isCPUEvaluator: Bool)
    /// An engine kernel failed to compile: a bug in Weft, with glslang's log.
    case engineKernel(name: String, log: String)
    case effectKind(shader: String, expected: String, actual: String)
    /// An effect could not be bound for its use (a shader that does not compile, a missing kernel): its own error.
    case effect(shader: String, error: any Error)
    /// A hand-compiled effect's inputs do not fit its kernel (docs/kernel-abi.md).
    case invalidBinding(shader: String, problem: String)
    /// A path's outline, flattened, dashed and stroked, has more segments than one path may (`PathCoverage.maxSegments`,
    /// docs/paths.md).
    case pathTooComplex(segments: Int, limit: Int)
    /// The view tree nests views deeper than planning it may (`Planner.deepestViewTree`, docs/reliability.md).
    case viewTreeTooDeep(depth: Int, limit: Int)
    /// A text cannot be drawn: no installed font can (`TextError.noFont`).
    case font(TextError)

    public var description: String {
        switch self {
        case let .invalidSize(w, h, s):
            "cannot render at \(w)×\(h) points, scale \(s): width, height and scale must be positive and finite"
        case let .underOnePixel(w, h, s):
            "cannot render at \(w)×\(h) points, scale \(s): that is \(w * s)×\(h * s) pixels, under one pixel; raise the size or the scale"
        case let .textureTooLarge(w, h, format, limit, device, isCPUEvaluator):
            "the render needs a \(Self.pixels(w))×\(Self.pixels(h)) pixel texture (\(Self.bytes(w * h * Double(format.bytesPerPixel))) as \(format.rawValue)), "
                + "more than \(device) allows: \(limit) pixels per side (\(isCPUEvaluator ? "the CPU evaluator's limit" : "its maxImageDimension2D")); "
                + "lower the size, the scale or the padding"
        case let .engineKernel(name, log):
            "engine kernel '\(name)' failed to compile (a Weft bug):\n\(log)"
        case let .effectKind(shader, expected, actual):
            "shader '\(shader)' is a \(actual) effect, but it is used as a \(expected) effect"
        case let .effect(_, error):
            "\(error)"
        case let .invalidBinding(shader, problem):
            "effect '\(shader)' is bound wrongly: \(problem)"
        case .font(let error):
            "\(error)"
        case let .pathTooComplex(segments, limit):
            "a path's outline has \(segments) segments once its curves are flattened, dashed and stroked, more than the \(limit) "
                + "one path may have; simplify it (fewer points, a coarser dash) or draw it as several paths"
        case let .viewTreeTooDeep(depth, limit):
            "the view tree \(ViewNode.nesting(depth, beyond: limit)); flatten it: fewer nested stacks, fewer modifiers on one view"
        }
    }
}

extension RenderError {
    static func pixels(_ value: Double) -> String {
        abs(value) < 1e15 ? String(Int(value)) : "\(Float(value))"
    }

    /// `bytes` in the largest binary unit that keeps it at 1 or more: "6.0 GiB".
    public static func bytes(_ bytes: Double) -> String {
        guard bytes < 0x1p60 else { return "over an exbibyte" }
        var value = bytes
        for unit in ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"] {
            if value < 1024 || unit == "PiB" {
                return unit == "bytes" ? "\(Int(value)) bytes" : "\((value * 10).rounded() / 10) \(unit)"
            }
            value /= 1024
        }
        return "\(bytes) bytes"
    }
}
