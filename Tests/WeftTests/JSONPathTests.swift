import Testing
@testable import WeftScene

/// A path is written out as the author would write it, and equal to any path written the same.
@Suite struct JSONPathTests {
    @Test func aPathIsWrittenAsTheAuthorWouldWriteIt() {
        #expect(JSONPath("").description == "(top level)")
        #expect(JSONPath("").key("root").description == "root")
        #expect(JSONPath("").key("states").key("on").index(2).key("zstack").index(0).description == "states.on[2].zstack[0]")
        #expect(JSONPath("").index(3).index(1).description == "[3][1]")
        #expect(JSONPath("args").key("image").description == "args.image")
    }

    @Test func pathsWrittenTheSameAreEqual() {
        let built = JSONPath("").key("root").key("modifiers").index(0)
        #expect(built == JSONPath("root.modifiers[0]"))
        #expect(built.hashValue == JSONPath("root.modifiers[0]").hashValue)
        #expect(built != JSONPath("").key("root").key("modifiers").index(1))
        #expect(Set([built, JSONPath("root.modifiers[0]"), JSONPath("root")]).count == 2)
    }
}
