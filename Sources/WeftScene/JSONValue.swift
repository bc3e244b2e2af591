import WeftPlanner
import WeftRuntime
import WeftViews

/// A parsed JSON value, kept exact enough to report types back to the author.
public enum JSONValue: Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// How the author would name this value's type in a message.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where a value sits in a scene file, as the author would write it: `root.zstack[1].modifiers[0]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    private var text: String
    public init(_ root: String) { text = root }
    public func key(_ k: String) -> JSONPath { JSONPath(text.isEmpty ? k : "\(text).\(k)") }
    public func index(_ i: Int) -> JSONPath { JSONPath("\(text)[\(i)]") }
    public var description: String { text.isEmpty ? "(top level)" : text }
}
