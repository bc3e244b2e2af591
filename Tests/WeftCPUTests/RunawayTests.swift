import Testing
@testable import WeftCPU
import WeftImage
import WeftRuntime
import WeftShaders

/// Runaway shaders on the CPU evaluator: the instruction budget ends the dispatch with an error
/// naming the kernel, and the budget is configurable.
@Suite struct RunawayTests {
    /// A fill whose loop starts from `start` and runs `iterations` times (or forever); the result
    /// is stored, so no compiler may drop the loop.
    static func loopKernel(_ name: String, loop: String) throws -> CompiledKernel {
        try EffectKernels.kernel(name, .fill, """
        \(EffectKernels.header)
        \(EffectKernels.output(.rgba16Float))
        layout(binding = 3, std140) uniform WeftArguments { float start; float iterations; } weftArguments;
        vec4 \(name)(vec2 position, float start, float iterations) {
            float x = start;
            \(loop)
            return vec4(x, position, 1.0);
        }
        void main() {
        \(EffectKernels.mainPrologue)
            imageStore(weftOutput, pixel, \(name)(position, weftArguments.start, weftArguments.iterations));
        }
        """, format: .rgba16Float, argumentBlockSize: 16)
    }

    static let endless = "while (true) { x = x * 0.5 + 1.0; if (x < 0.0) break; }"
    static let counted = "for (int i = 0; i < int(iterations); i++) { x = x + 1.0; }"

    static func run(_ kernel: CompiledKernel, iterations: Float, budget: Int, size: Int = 40) throws -> PixelBuffer {
        let executor = CPUExecutor(options: CPUExecutor.Options(threads: 2, instructionBudget: budget))
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: size, height: size, format: .rgba16Float))
        plan.passes = [KernelPass(kernel: kernel, output: out, frame: EffectKernels.frame(width: size, height: size),
                                  arguments: EffectKernels.floats([0, iterations, 0, 0]))]
        plan.readbacks = [out]
        return try #require(try executor.execute(plan).outputs[out])
    }

    static func stoppedByBudget(_ kernel: String, _ budget: Int) -> (any Error) -> Bool {
        { error in
            guard case ExecutionError.backend(_, let k?, 0, let message) = error else { return false }
            return k == kernel && message.contains("kernel '\(kernel)' stopped") && message.contains("instruction budget of \(budget) ")
                && message.contains("in function ") && message.contains("WEFT_CPU_BUDGET")
        }
    }

    @Test func endlessLoopIsStoppedWithAnErrorNamingTheKernel() throws {
        let kernel = try Self.loopKernel("spin", loop: Self.endless)
        #expect(performing: { try Self.run(kernel, iterations: 0, budget: 20_000) }, throws: Self.stoppedByBudget("spin", 20_000))
    }

    @Test func billionIterationLoopIsStopped() throws {
        let kernel = try Self.loopKernel("billion", loop: Self.counted)
        #expect(performing: { try Self.run(kernel, iterations: 1e9, budget: 20_000) }, throws: Self.stoppedByBudget("billion", 20_000))
    }

    /// The same 2000-iteration loop finishes under the default budget and is stopped under a small one.
    @Test func budgetIsConfigurable() throws {
        let kernel = try Self.loopKernel("counted", loop: Self.counted)
        let out = try Self.run(kernel, iterations: 2000, budget: KernelProgram.defaultInstructionBudget, size: 17)
        #expect((0..<17).allSatisfy { x in out[x, 16].x == 2000 && out[x, 16].y == Float(x) + 0.5 })
        #expect(performing: { try Self.run(kernel, iterations: 2000, budget: 1_000, size: 17) }, throws: Self.stoppedByBudget("counted", 1_000))
    }
}
