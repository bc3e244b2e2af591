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
