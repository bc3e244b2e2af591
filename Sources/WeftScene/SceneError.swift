import WeftPlanner
import WeftRuntime
import WeftViews

/// Why a scene file could not be read. Every message names where in the file the problem is.
public enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case malformedJSON(String)
    /// A value at `path` is not what the scene format allows there.
    case invalid(path: JSONPath, message: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): "cannot read scene file \(file): \(reason)"
        case let .malformedJSON(reason): "scene file is not valid JSON: \(reason)"
        case let .invalid(path, message): "\(path): \(message)"
        }
    }

    /// The JSON path the error names, when it names one.
    public var path: JSONPath? {
        if case .invalid(let path, _) = self { return path }
        return nil
    }
}
