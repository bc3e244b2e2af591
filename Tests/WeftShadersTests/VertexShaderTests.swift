import Testing
import WeftRuntime
import WeftShaders

/// The fragment-pass vertex shader is checked in as SPIR-V words so that no backend compiles GLSL; they must stay
/// exactly what glslang makes of the source beside them.
@Test func checkedInVertexWordsAreTheCompiledSource() throws {
    let compiled = try GLSLCompiler.compile(KernelABI.fragmentPassVertexSource, stage: .vertex)
    let swift = compiled.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
    #expect(compiled == KernelABI.fragmentPassVertexSPIRV,
            "paste into Sources/WeftRuntime/FragmentPassVertexWords.swift: [\(swift)]")
}
