import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
@testable import WeftViews

/// JSON allows no trailing comma; Foundation's parser takes one, so the scene reader looks for it first.
@Test(arguments: [
    ("{\"size\": [10, 10,], \"root\": {\"color\": \"#ff0000\"}}", "before ']' at line 1, column 17"),
    ("{\n  \"size\": [10, 10],\n  \"root\": {\"color\": \"#ff0000\"},\n}", "before '}' at line 3, column 31"),
])
func aTrailingCommaIsMalformedJSON(text: String, place: String) {
    guard case .malformedJSON(let reason)? = sceneError(text) else {
        Issue.record("expected malformedJSON for \(text)")
        return
    }
    #expect(reason.contains("trailing comma " + place), "\(reason)")
}

@Test func commasInsideStringsAreNotTrailing() {
    #expect(JSONSyntax.trailingComma(in: Data(#"{"a": "x,]", "b": ["\",}", 1]}"#.utf8)) == nil)
    #expect(JSONSyntax.trailingComma(in: Data(#"{"a": [1, 2], "b": {}}"#.utf8)) == nil)
}

import Foundation

/// Each JSON value is read as its own type: `true` and `false` are booleans, `0` and `1` numbers, and every number
/// reads as the double its text names.
@Test func valuesKeepTheirJSONTypes() throws {
    let text = #"[true, false, 0, 1, -0.0, 0.1, 1.5e3, 12345678901234567890, -7, "true", "", null, [], {"k": [false, 2]}]"#
    guard case .array(let values) = try JSONValue(parsing: Data(text.utf8)) else {
        Issue.record("expected an array")
        return
    }
    #expect(values.map(\.typeName) == ["a boolean", "a boolean", "a number", "a number", "a number", "a number", "a number",
                                       "a number", "a number", "a string", "a string", "null", "an array", "an object"])
    guard case .bool(true) = values[0], case .bool(false) = values[1] else {
        Issue.record("\(values[0]), \(values[1])")
        return
    }
    let numbers = values[2...8].compactMap { value -> Double? in if case .number(let n) = value { n } else { nil } }
    #expect(numbers.map(\.bitPattern) == [0, 1, -0.0, 0.1, 1500, Double("12345678901234567890")!, -7].map(\.bitPattern))
    guard case .object(let object) = values[13], case .array(let inner)? = object["k"], case .bool(false) = inner[0],
          case .number(2) = inner[1] else {
        Issue.record("\(values[13])")
        return
    }
}

/// A number written with more digits than a double holds reads as the double nearest it, as a shorter one does.
@Test(arguments: ["0.30000000000000004", "0.300000000000000044408920985006", "12345678901234567.5", "-2.4999999999999999999e-3",
                  "123456789012345678901234567890", "1.0000000000000002220446049250313080847"])
func numbersOfManyDigitsReadAsTheNearestDouble(text: String) throws {
    guard case .array(let values) = try JSONValue(parsing: Data("[\(text)]".utf8)), case .number(let number)? = values.first else {
        Issue.record("expected an array of a number")
        return
    }
    #expect(number.bitPattern == Double(text)!.bitPattern, "\(text) read as \(number), not \(Double(text)!)")
}

@Test func malformedJSONSaysWhere() {
    guard case .malformedJSON(let reason)? = sceneError("{\n  \"size\": [10, 10]\n  \"root\": {}\n}") else {
        Issue.record("expected malformedJSON")
        return
    }
    #expect(reason.contains("line 3"), "\(reason)")
}
