import Testing
@testable import SPIRV
import WeftShaders

/// `OpLine` and `OpString` of a module compiled with debug information become `Module.sourceLocations`.
@Test func debugInfoGivesEveryStatementItsFileAndLine() throws {
    let source = """
    #version 450
    #extension GL_GOOGLE_cpp_style_line_directive : require
    layout(local_size_x = 1) in;
    layout(std430, binding = 0) buffer Out { float value; } result;
    #line 10 "mine"
    void main() {
        float twice = 2.0 * result.value;
        result.value = twice + 1.0;
    }
    """
    let module = try Module.decode(try GLSLCompiler.compile(source, stage: .compute, optimize: false, debugInfo: true))
    #expect(module.strings.values.contains("mine"))
    let entry = try #require(module.entryPoints.first)
    let main = try #require(module.functions[entry.function])
    let instructions = main.blocks.flatMap(\.instructions)
    let multiply = try #require(instructions.first { $0.opcode == .fMul })
    #expect(module.sourceLocations[multiply.offset]?.file == "mine")
    #expect(module.sourceLocations[multiply.offset]?.line == 11)
    let add = try #require(instructions.first { $0.opcode == .fAdd })
    #expect(module.sourceLocations[add.offset]?.line == 12)

    let plain = try Module.decode(try GLSLCompiler.compile(source, stage: .compute))
    #expect(plain.sourceLocations.isEmpty, "no OpLine without debug information")
}
