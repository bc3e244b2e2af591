import Testing
import WeftRuntime
import WeftShaders
@testable import WeftCPU

/// What translation does to glslang's unoptimised output: calls inlined, straight-line pieces
/// joined, uniform values computed once per dispatch, parameter temporaries forwarded.
@Suite struct ProgramShapeTests {
    @Test func blurFlattensToALoopOfTwoBlocks() throws {
        let p = try Harness.program(EffectKernels.blur())
        // entry (bounds test), early exit, setup, loop header, loop body, exit.
        #expect(p.blocks.count == 6, "\(p.blocks.map { "\($0.function) \($0.block): \($0.ops.count) ops" })")
        #expect(!p.invariantOps.isEmpty)
        #expect(p.blocks.contains { $0.function.hasPrefix("blur") })
    }

    @Test func radialTintLoadsItsArgumentsOnce() throws {
        let p = try Harness.program(EffectKernels.radialTint())
        let perBatch = p.blocks.reduce(0) { $0 + $1.ops.count }
        #expect(p.invariantOps.count >= 5)
        #expect(perBatch < 50, "\(perBatch) ops per batch")
    }

    /// A read-only storage buffer's values are the dispatch's, like a uniform block's, while a writable buffer's may
    /// change under the dispatch.
    @Test func readOnlyStorageIsLoadedOncePerDispatch() throws {
        func kernel(_ access: String) -> String {
            """
            #version 450
            layout(local_size_x = 16, local_size_y = 1) in;
            layout(std430, binding = 0) buffer Result { float result[]; };
            layout(std140, binding = 3) \(access) buffer WeftArguments { float gain; float bias; } args;
            void main() { result[gl_GlobalInvocationID.x] = float(gl_GlobalInvocationID.x) * (args.gain * 2.0) + args.bias * 3.0; }
            """
        }
        let readOnly = try Harness.program(kernel("readonly")), writable = try Harness.program(kernel(""))
        #expect(readOnly.invariantOps.count >= 4, "\(readOnly.invariantOps.count) invariant ops")
        #expect(writable.invariantOps.isEmpty, "\(writable.invariantOps.count) invariant ops")
    }

    /// Weft's kernels read their frame and argument blocks at `weftLane`, an index no compiler can fold
    /// (docs/kernel-abi.md): an index the dispatch shares, so the offset and the loads through it are computed once.
    @Test func loadsAtADispatchWideIndexAreLoadedOncePerDispatch() throws {
        let source = """
        #version 450
        layout(local_size_x = 16, local_size_y = 1) in;
        layout(std430, binding = 0) buffer Result { float result[]; };
        \(FrameConstants.glslDeclaration)
        \(KernelABI.argumentBlockDeclaration(members: "    float gain;\n    float bias;\n", instance: "args"))
        void main() { result[gl_GlobalInvocationID.x] = float(gl_GlobalInvocationID.x) * (args.gain * weft.time) + args.bias * weft.scale; }
        """
        let p = try Harness.program(source)
        let perBatch = p.blocks.reduce(0) { $0 + $1.ops.count }
        #expect(p.invariantOps.count >= 8, "\(p.invariantOps.count) invariant ops")
        #expect(perBatch <= 6, "\(perBatch) ops per batch")
    }
}

/// If-conversion: short side-effect-free arms run for all lanes and their phis become selects.
@Suite struct IfConversionTests {
    static func kernel(_ body: String) -> String {
        """
        #version 450
        layout(local_size_x = 16, local_size_y = 1) in;
        layout(std430, binding = 0) buffer Result { float result[]; };
        layout(std430, binding = 1) readonly buffer Inputs { float inputs[]; };
        void main() {
            uint i = gl_GlobalInvocationID.x;
            float x = inputs[i];
            \(body)
        }
        """
    }

    /// The soft-light channel function's shape: nested selections with a square root.
    static let nested = """
        float d = x <= 0.25 ? ((16.0 * x - 12.0) * x + 4.0) * x : sqrt(x);
        float r;
        if (x <= 0.5) { r = x - (1.0 - 2.0 * x) * x * (1.0 - x); } else { r = x + (2.0 * x - 1.0) * (d - x); }
        result[i] = r;
        """

    @Test func nestedSelectionsBecomeOneBlock() throws {
        let p = try KernelProgram(spirv: try GLSLCompiler.compileCompute(Self.kernel(Self.nested)))
        #expect(p.blocks.count == 1, "\(p.blocks.map { "\($0.block): \($0.ops.count) ops, \($0.terminator)" })")
    }

    @Test func divergentLanesStillGetTheirOwnArm() throws {
        let inputs: [Float] = (0..<16).map { Float($0) / 15 }
        let out = try Harness.run(Self.nested.replacingOccurrences(of: "x", with: "inputs[i]"), inputs: inputs).floats
        for (k, x) in inputs.enumerated() {
            let d = x <= 0.25 ? ((16 * x - 12) * x + 4) * x : x.squareRoot()
            let r = x <= 0.5 ? x - (1 - 2 * x) * x * (1 - x) : x + (2 * x - 1) * (d - x)
            #expect(close(out[k], r, 1e-6), "lane \(k): \(out[k]) vs \(r)")
        }
    }

    @Test func armsWithStoresStayBranches() throws {
        let p = try KernelProgram(spirv: try GLSLCompiler.compileCompute(Self.kernel("if (x > 0.5) { result[i] = x; }")))
        #expect(p.blocks.count > 1)
        let out = try Harness.run("if (inputs[i] > 0.5) { result[i] = 1.0; }", inputs: (0..<16).map { Float($0) / 15 }).floats
        #expect(out[0..<16] == ArraySlice((0..<16).map { Float($0) / 15 > 0.5 ? 1 : 0 }))
    }
}
