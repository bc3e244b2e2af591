import WeftImage
import WeftViews

/// How to read one kind of value from a scene file, with the error that names its path when it does not fit.
struct SceneValue<Value> {
    let read: (JSONValue, JSONPath) throws(SceneError) -> Value

    func callAsFunction(_ json: JSONValue, at path: JSONPath) throws(SceneError) -> Value { try read(json, path) }

    /// This value, then `check` on it.
    func checked(_ check: @escaping (Value, JSONValue, JSONPath) throws(SceneError) -> Void) -> SceneValue {
        SceneValue { json, path throws(SceneError) in
            let value = try read(json, path)
            try check(value, json, path)
            return value
        }
    }

    /// This value, turned into another by `make`, which may refuse it.
    func then<T>(_ make: @escaping (Value, JSONPath) throws(SceneError) -> T) -> SceneValue<T> {
        SceneValue<T> { json, path throws(SceneError) in try make(try read(json, path), path) }
    }

    /// This value, turned into another.
    func map<T>(_ transform: @escaping (Value) -> T) -> SceneValue<T> {
        SceneValue<T> { json, path throws(SceneError) in transform(try read(json, path)) }
    }
}

extension SceneValue where Value == JSONValue {
    /// The value as written.
    static var any: Self { SceneValue { json, _ in json } }
}

extension SceneValue where Value == Double {
    /// A time, in seconds: a number kept in double precision.
    static var seconds: Self { real }

    /// A finite number kept in double precision.
    static var real: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .number(let n) = json else { throw .wrongType(path: path, expected: "a number", got: json.typeName) }
            guard n.isFinite else { throw .outOfRange(path: path, value: n, allowed: .finite) }
            return n
        }
    }
}

extension SceneValue where Value == Float {
    /// A number that fits a 32-bit float.
    static var number: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .number(let n) = json else { throw .wrongType(path: path, expected: "a number", got: json.typeName) }
            return try finite(n, at: path)
        }
    }

    static var positive: Self { number.inRange(.positive) { $0 > 0 } }
    static var nonNegative: Self { number.inRange(.nonNegative) { $0 >= 0 } }
    static var unitInterval: Self { number.inRange(.unitInterval) { (0...1).contains($0) } }

    private func inRange(_ range: SceneError.NumberRange, _ contains: @escaping (Float) -> Bool) -> Self {
        checked { value, json, path throws(SceneError) in
            guard contains(value) else {
                guard case .number(let n) = json else { return }
                throw .outOfRange(path: path, value: n, allowed: range)
            }
        }
    }

    static func finite(_ n: Double, at path: JSONPath) throws(SceneError) -> Float {
        let f = Float(n)
        guard f.isFinite else { throw .outOfRange(path: path, value: n, allowed: .finite) }
        return f
    }
}

extension SceneValue where Value == UInt32 {
    /// `$frame`: a whole number in 0…2³² − 1.
    static var frameIndex: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .number(let n) = json else { throw .wrongType(path: path, expected: "a number", got: json.typeName) }
            guard n >= 0, n <= Double(UInt32.max), n.rounded() == n else { throw .outOfRange(path: path, value: n, allowed: .frameIndex) }
            return UInt32(n)
        }
    }
}

extension SceneValue where Value == Bool {
    static var bool: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .bool(let b) = json else { throw .wrongType(path: path, expected: "a boolean", got: json.typeName) }
            return b
        }
    }
}

extension SceneValue where Value == String {
    static var string: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .string(let s) = json else { throw .wrongType(path: path, expected: "a string", got: json.typeName) }
            return s
        }
    }
}

extension SceneValue where Value == [JSONValue] {
    static var array: Self {
        SceneValue { json, path throws(SceneError) in
            guard case .array(let items) = json else { throw .wrongType(path: path, expected: "an array", got: json.typeName) }
            return items
        }
    }
}

extension SceneValue {
    /// An array of these values, each read at its index.
    var array: SceneValue<[Value]> {
        SceneValue<[Value]> { json, path throws(SceneError) in
            try SceneValue<[JSONValue]>.array(json, at: path).enumerated().map { i, item throws(SceneError) in try read(item, path.index(i)) }
        }
    }

    /// One of `names` (a string), the error listing them all under `kind` ("blend mode") when it is not.
    static func named(_ kind: String, _ names: [String: Value]) -> Self {
        SceneValue { json, path throws(SceneError) in
            let name = try SceneValue<String>.string(json, at: path)
            guard let value = names[name] else { throw .unknownName(path: path, kind: kind, name: name, known: names.keys.sorted()) }
            return value
        }
    }
}

extension SceneValue where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the type's cases by its raw value.
    static func named(_ kind: String) -> Self {
        SceneValue { json, path throws(SceneError) in
            let name = try SceneValue<String>.string(json, at: path)
            guard let value = Value(rawValue: name) else {
                throw .unknownName(path: path, kind: kind, name: name, known: Value.allCases.map(\.rawValue))
            }
            return value
        }
    }
}

extension SceneValue where Value == [Float] {
    /// Exactly `count` numbers.
    static func numbers(count: Int) -> Self {
        SceneValue { json, path throws(SceneError) in
            let items = try SceneValue<[JSONValue]>.array(json, at: path)
            guard items.count == count else { throw .invalid(path: path, message: "expected \(count) numbers, got \(items.count)") }
            return try items.enumerated().map { i, v throws(SceneError) in try SceneValue<Float>.number(v, at: path.index(i)) }
        }
    }
}

extension SceneValue where Value == Color {
    static var color: Self {
        SceneValue { json, path throws(SceneError) in
            let s = try SceneValue<String>.string(json, at: path)
            do {
                return try Color(parsing: s)
            } catch {
                throw .invalid(path: path, message: "\(error); write a name (\(Color.named.keys.sorted().joined(separator: ", "))), #rrggbb or #rrggbbaa")
            }
        }
    }
}

extension SceneValue where Value == UnitPoint {
    /// A name (`"topLeading"`) or `[x, y]`.
    static var unitPoint: Self {
        let named = SceneValue.named("unit point", unitPointNames)
        return SceneValue { json, path throws(SceneError) in
            if case .string = json { return try named(json, at: path) }
            let v = try SceneValue<[Float]>.numbers(count: 2)(json, at: path)
            return UnitPoint(x: v[0], y: v[1])
        }
    }
}

private let unitPointNames: [String: UnitPoint] = [
    "center": .center, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing, "topLeading": .topLeading,
    "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
]
