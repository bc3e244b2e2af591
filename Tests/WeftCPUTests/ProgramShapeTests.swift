import Testing
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
}
