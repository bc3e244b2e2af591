import WeftPlanner
import WeftRuntime
import WeftViews

/// Why a scene file could not be read. Every case but the first two names where in the file the problem is.
public enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case malformedJSON(String)
    /// Arrays and objects nested deeper than `limit` (`JSONNesting`), found before parsing.
    case tooDeep(path: JSONPath, limit: Int)
    /// A key the object at `path` does not take; `allowed` are those it does (none: it takes no keys).
    case unknownKey(path: JSONPath, key: String, allowed: [String])
    /// A key the object at `path` needs; `alternative` says what else would do, where something would.
    case missingKey(path: JSONPath, key: String, alternative: String? = nil)
    /// A value of the wrong JSON type: `expected` and `got` as an author names them ("a number", "an array").
    case wrongType(path: JSONPath, expected: String, got: String)
    /// A number outside what the key allows.
    case outOfRange(path: JSONPath, value: Double, allowed: NumberRange)
    /// A name (a modifier, a blend mode, a state…) that is not one of the `known` ones of its `kind`; `known` is empty
    /// where the list is too long to print.
    case unknownName(path: JSONPath, kind: String, name: String, known: [String])
    /// An image the scene names that cannot be read.
    case unreadableImage(path: JSONPath, reason: String)
    /// A shader the scene names that its shader folders cannot give as asked (the provider's words), or folders that
    /// cannot be loaded.
    case shader(path: JSONPath, message: String)
    /// An `onGeometryChange` naming a state that its nearest enclosing component lacks: `component` is that component's
    /// name (nil: the scene's own states, the outermost component), `known` its states.
    case unknownState(path: JSONPath, state: String, component: String?, known: [String])
    /// A value at `path` that breaks a rule of the scene format not covered above.
    case invalid(path: JSONPath, message: String)
    /// A file the scene names (as written: `file`) that does not lie inside the folder the scene is confined to
    /// (`SceneConfinement`). Says nothing of whether the file exists.
    case outsideConfinement(path: JSONPath, file: String, folder: String)

    /// The ranges numbers are checked against, each with its message.
    public enum NumberRange: Sendable, Hashable {
        /// Representable as a 32-bit float (times: as a finite double).
        case finite
        case positive
        case nonNegative
        case unitInterval
        /// `$frame`: a whole number in 0…2³² − 1.
        case frameIndex
    }

    public var description: String {
        switch self {
        case let .unreadable(file, reason): "cannot read scene file \(file): \(reason)"
        case let .malformedJSON(reason): "scene file is not valid JSON: \(reason)"
        case let .tooDeep(path, limit): "\(path): nested more than \(limit) arrays and objects deep, the most a scene file may"
        case let .unknownKey(path, key, allowed):
            "\(path): unknown key '\(key)' (\(allowed.isEmpty ? "it takes no keys" : "allowed: \(allowed.joined(separator: ", "))"))"
        case let .missingKey(path, key, alternative): "\(path): missing key '\(key)'" + (alternative.map { " (\($0))" } ?? "")
        case let .wrongType(path, expected, got): "\(path): expected \(expected), got \(got)"
        case let .outOfRange(path, value, allowed):
            switch allowed {
            case .finite: "\(path): number \(value) is out of range"
            case .positive: "\(path): must be positive, got \(value)"
            case .nonNegative: "\(path): must not be negative, got \(value)"
            case .unitInterval: "\(path): must be between 0 and 1, got \(value)"
            case .frameIndex: "\(path): expected a whole number from 0 to \(UInt32.max), got \(value)"
            }
        case let .unknownName(path, kind, name, known):
            "\(path): unknown \(kind) '\(name)'" + (known.isEmpty ? "" : "; one of \(known.joined(separator: ", "))")
        case let .unreadableImage(path, reason): "\(path): \(reason)"
        case let .shader(path, message): "\(path): \(message)"
        case let .unknownState(path, state, component, known):
            "\(path): an onGeometryChange names state '\(state)', which " + (component.map { "component '\($0)'" } ?? "the scene")
                + " does not have (its states: \(known.joined(separator: ", ")))"
        case let .invalid(path, message): "\(path): \(message)"
        case let .outsideConfinement(path, file, folder):
            "\(path): '\(file)' is outside \(folder), the only folder this scene may read from (--confine); "
                + "put the file inside it (links are followed, so a link out of it is refused too)"
        }
    }

    /// The JSON path the error names, when it names one.
    public var path: JSONPath? {
        switch self {
        case .unreadable, .malformedJSON: nil
        case .tooDeep(let path, _), .unknownKey(let path, _, _), .missingKey(let path, _, _), .wrongType(let path, _, _),
             .outOfRange(let path, _, _), .unknownName(let path, _, _, _), .unreadableImage(let path, _), .shader(let path, _),
             .unknownState(let path, _, _, _), .invalid(let path, _), .outsideConfinement(let path, _, _):
            path
        }
    }
}
