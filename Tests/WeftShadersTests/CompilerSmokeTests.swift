import Testing
@testable import WeftShaders

@Test func compilesAComputeShader() throws {
    let words = try GLSLCompiler.compileCompute("""
    #version 450
    layout(local_size_x = 16, local_size_y = 16) in;
    layout(binding = 0, rgba8) uniform writeonly image2D o;
    void main() { imageStore(o, ivec2(gl_GlobalInvocationID.xy), vec4(1)); }
    """)
    #expect(words.first == 0x0723_0203)
}
