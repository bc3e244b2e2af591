import Foundation
import WeftPlanner
import WeftRuntime
import WeftViews

/// A parsed JSON value, kept exact enough to report types back to the author.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value `data` holds, read by Foundation's `JSONSerialization` (a top-level value of any type is allowed).
    /// Decoding through `Decodable` instead tries each type in turn at every value and pays for a thrown error at each
    /// miss: several times slower on a scene of a thousand views.
    public init(parsing data: Data) throws {
        self.init(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// The class Foundation gives JSON's `true` and `false`, which other numbers do not have.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private init(foundation value: Any) {
        switch value {
        case let object as [String: Any]:
            self = .object(JSONObject(uncheckedMembers: object.map { ($0.key, JSONValue(foundation: $0.value)) }))
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundation:)))
        case let string as String: self = .string(string)
        case let number as NSDecimalNumber:
            // A number written with more digits than a double holds, which Foundation keeps as a decimal whose own
            // conversion can land a unit off in the last place: the double nearest the digits it kept (all of them, up
            // to 38).
            self = .number(Double(number.description) ?? number.doubleValue)
        case let number as NSNumber:
            self = ObjectIdentifier(type(of: number)) == Self.booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        default: self = .null
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
