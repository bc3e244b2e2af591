import Foundation
import WeftImage

/// A shader argument as it was written — in a scene or presets file's JSON, on a command line, or set by a preview
/// control — before its parameter's type gives it a meaning. `ArgumentValue.init(_:for:loadImage:)` is the one
/// conversion from here, whatever wrote it.
public enum WrittenArgument: Sendable, Equatable, CustomStringConvertible {
    /// A JSON number (`true` and `false` are written as 1 and 0).
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([WrittenArgument])
    /// The `VALUE` of a command line's `NAME=VALUE`: numbers, lists and colors all written as text.
    case text(String)
    /// A value a preview control set, already of its parameter's type.
    case value(ArgumentValue)

    /// As the author wrote it, for messages and labels.
    public var description: String {
        switch self {
        case .number(let x): x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .text(let s): s
        case .value(let v): v.writtenForm
        }
    }

}

/// Why a written argument cannot fill its parameter, in words that follow the parameter's name and type.
public struct ArgumentConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

extension ArgumentValue {
    /// `written` read as a value of a parameter of `type`: numbers for `float` and `int`, `[x, y…]` (or text `x,y…`)
    /// for vectors, a color (a name, `#rrggbb`, `#rrggbbaa`) or four numbers for `vec4`, lists for arrays, an engine
    /// binding (`$time`) for the types it fills. Only an `Image` parameter reads a file, through `loadImage`; a
    /// string given for anything else is refused with what to write instead.
    public init(_ written: WrittenArgument, for type: ParameterType,
                loadImage: (String) throws -> PixelBuffer) throws(ArgumentConversionError) {
        func refuse(_ reason: String) -> ArgumentConversionError { ArgumentConversionError(reason: reason) }
        switch written {
        case .value(let value):
            self = value
        case .string(let s) where s.hasPrefix("$"), .text(let s) where s.trimmingCharacters(in: .whitespaces).hasPrefix("$"):
            let spelling = String(s.trimmingCharacters(in: .whitespaces).dropFirst())
            guard let binding = Shader.EngineValue(spelling: spelling) else {
                throw refuse("unknown engine binding \"$\(spelling)\"\(NameSuggestion.clause(for: spelling, in: Shader.EngineValue.allCases.map(\.spelling), prefix: "$")); "
                    + "one of " + Shader.EngineValue.spellings)
            }
            guard binding.acceptedTypes.contains(type) else {
                throw refuse("$\(binding.spelling) fills a \(binding.acceptedTypes.map(\.description).joined(separator: " or ")) parameter, not a \(type)")
            }
            self = .binding(binding)
        case .text(let text):
            self = try Self.reading(text: text.trimmingCharacters(in: .whitespaces), for: type, loadImage: loadImage)
        case .number(let x):
            let value = try Self.finite(x)
            switch type {
            case .float, .int: self = .number(value)
            case .floatArray: self = .numbers([value])
            default: throw refuse(Self.expected(type) + ", got the number \(written)")
            }
        case .string(let s):
            switch type {
            case .image:
                do { self = .image(try loadImage(s)) } catch { throw refuse("\(error)") }
            case .vec4, .colorArray:
                let color: Color
                do { color = try Color(parsing: s) } catch { throw refuse("\(error)") }
                self = type == .vec4 ? .color(color) : .colors([color])
            default:
                let numbers = s.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                let hint = numbers.allSatisfy({ $0 != nil }) ? "; write it without quotes: \(numbers.count == 1 ? s : "[" + s + "]")" : ""
                throw refuse(Self.expected(type) + ", got the string \"\(s)\"" + hint)
            }
        case .array(let items):
            self = try Self.reading(array: items, for: type)
        }
    }

    /// A JSON array: numbers for vectors and float arrays, color strings for color arrays.
    private static func reading(array items: [WrittenArgument], for type: ParameterType) throws(ArgumentConversionError) -> ArgumentValue {
        let got = "got an array of \(items.count)"
        switch type {
        case .vec2, .vec3, .vec4, .floatArray:
            var numbers: [Float] = []
            for (i, item) in items.enumerated() {
                guard case .number(let x) = item else {
                    throw ArgumentConversionError(reason: expected(type) + ", but item \(i) is \(item.description)")
                }
                numbers.append(try finite(x))
            }
            if let count = type.components, numbers.count != count { throw ArgumentConversionError(reason: expected(type) + ", " + got) }
            return .numbers(numbers)
        case .colorArray:
            var colors: [Color] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else {
                    throw ArgumentConversionError(reason: expected(type) + ", but item \(i) is \(item.description)")
                }
                do { colors.append(try Color(parsing: s)) } catch { throw ArgumentConversionError(reason: "item \(i): \(error.description)") }
            }
            guard !colors.isEmpty else { throw ArgumentConversionError(reason: expected(type) + ", got an empty array") }
            return .colors(colors)
        case .float, .int, .image:
            throw ArgumentConversionError(reason: expected(type) + ", " + got)
        }
    }

    /// A command line's text: by the parameter's type, as docs/cli.md describes `--arg`.
    private static func reading(text: String, for type: ParameterType,
                                loadImage: (String) throws -> PixelBuffer) throws(ArgumentConversionError) -> ArgumentValue {
        switch type {
        case .float, .int:
            return .number(try numbers(text, count: 1)[0])
        case .vec2, .vec3:
            return .numbers(try numbers(text, count: type.components))
        case .vec4:
            do {
                return .color(try Color(parsing: text))
            } catch {
                if text.contains(","), let values = try? numbers(text, count: 4) { return .numbers(values) }
                throw ArgumentConversionError(reason: "\(error)" + ", or 4 numbers separated by commas")
            }
        case .floatArray:
            return .numbers(try numbers(text, count: nil))
        case .colorArray:
            // `;` separates colors; so do commas between colors that are not numbers (hex, names).
            let commaParts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let parts = text.contains(";") ? text.split(separator: ";").map(String.init)
                : commaParts.allSatisfy({ Float($0) == nil }) ? commaParts : [text]
            var colors: [Color] = []
            for part in parts {
                do { colors.append(try Color(parsing: part)) } catch { throw ArgumentConversionError(reason: "\(error)") }
            }
            return .colors(colors)
        case .image:
            do { return .image(try loadImage(text)) } catch { throw ArgumentConversionError(reason: "\(error)") }
        }
    }

    private static func numbers(_ text: String, count: Int?) throws(ArgumentConversionError) -> [Float] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [Float] = []
        for part in parts {
            guard let value = Double(part) else {
                throw ArgumentConversionError(reason: "expected \(count == 1 ? "a number" : "numbers separated by commas"); \"\(part)\" is not a number")
            }
            values.append(try finite(value))
        }
        if let count, values.count != count {
            throw ArgumentConversionError(reason: count == 1 ? "expected one number" : "expected \(count) numbers separated by commas, got \(values.count)")
        }
        return values
    }

    private static func finite(_ x: Double) throws(ArgumentConversionError) -> Float {
        guard x.isFinite, Float(x).isFinite else { throw ArgumentConversionError(reason: "\(x) is not a finite 32-bit number") }
        return Float(x)
    }

    /// What a parameter of `type` takes, for messages.
    static func expected(_ type: ParameterType) -> String {
        switch type {
        case .float: "expected a number"
        case .int: "expected a whole number"
        case .vec2: "expected [x, y], 2 numbers"
        case .vec3: "expected [x, y, z], 3 numbers"
        case .vec4: "expected a color (a name, #rrggbb or #rrggbbaa) or [r, g, b, a], 4 numbers"
        case .floatArray: "expected an array of numbers"
        case .colorArray: "expected an array of colors"
        case .image: "expected a PNG or JPEG file name"
        }
    }

    /// The value as a command line would write it (`--arg NAME=…`), for labels.
    public var writtenForm: String {
        func number(_ x: Float) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : "\(x)" }
        switch self {
        case .number(let x): return number(x)
        case .numbers(let v): return v.map(number).joined(separator: ",")
        case .color(let c): return [c.red, c.green, c.blue, c.alpha].map(number).joined(separator: ",")
        case .colors(let cs): return cs.map { c in [c.red, c.green, c.blue, c.alpha].map(number).joined(separator: ",") }.joined(separator: ";")
        case .binding(let b): return "$" + b.spelling
        case .image: return "(an image)"
        }
    }
}

extension ParameterType {
    /// How many numbers a vector takes; nil for other types.
    var components: Int? {
        switch self {
        case .vec2: 2
        case .vec3: 3
        case .vec4: 4
        default: nil
        }
    }
}
