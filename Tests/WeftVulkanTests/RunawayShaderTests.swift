import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// A runaway shader on Vulkan: the fence wait times out with a named error, the device is lost
/// for good, and a new device renders. Lavapipe keeps the runaway dispatch spinning on a worker
/// thread for the rest of the process, so the runaway part runs in a child process (an exit test)
/// and the spinning dies with it.
@Suite(.requiresVulkan)
struct RunawayShaderTests {
    /// Loops from `start` while a value that never drops below 1 stays positive, or `iterations`
    /// times; the loop's result is stored, so no compiler may drop it.
    static func loopKernel(_ name: String, loop: String) throws -> CompiledKernel {
        try makeKernel(name, kind: .fill, format: .rgba16Float, arguments: "float start; float iterations;", argumentBlockSize: 16,
                       functions: """
                       vec4 \(name)(vec2 position, float start, float iterations) {
                           float x = start;
                           \(loop)
                           return vec4(x, position, 1.0);
                       }

                       """,
                       result: "\(name)(position, weftArguments.start, weftArguments.iterations)")
    }

    /// Lavapipe stops loops after 65535 iterations per invocation, so on lavapipe these run
    /// 65535 iterations for each of a million pixels: minutes, far past the timeout.
    static let endless = "while (true) { while (true) { x = x * 0.5 + 1.0; if (x < 0.0) break; } if (x < 0.0) break; }"
    /// 10⁹ iterations when `iterations` is 1000.
    static let billion = """
    for (int i = 0; i < int(iterations); i++) { for (int j = 0; j < int(iterations); j++) {
        for (int k = 0; k < int(iterations); k++) { x = fract(x * 1.5 + 0.25); } } }
    """

    static func plan(_ kernel: CompiledKernel, iterations: Float, size: Int = 64) -> (RenderPlan, TextureID) {
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: size, height: size, format: .rgba16Float))
        plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: (size, size)),
                                      arguments: argumentBlock(size: 16, [(0, 1), (4, iterations)])))
        plan.readbacks = [out]
        return (plan, out)
    }

    /// In the child: what went wrong, short (the issue travels back to the parent process).
    static func outcome(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func runawayShadersTimeOutLoseTheDeviceAndANewDeviceRenders() async {
        await #expect(processExitsWith: .success) {
            for (name, loop) in [("endless", RunawayShaderTests.endless), ("billion", RunawayShaderTests.billion)] {
                let executor = try makeExecutor(submissionTimeout: .seconds(2), timeoutPerMegapixel: .zero)
                let (runaway, _) = RunawayShaderTests.plan(try RunawayShaderTests.loopKernel(name, loop: loop), iterations: 1000, size: 1024)
                let timedOut = RunawayShaderTests.outcome { _ = try executor.execute(runaway) }
                #expect(timedOut.contains("the Vulkan device did not finish kernel '\(name)' within 2 s"), "\(timedOut)")
                #expect(executor.isLost)
                // Nothing more runs on the lost device.
                let (bounded, out) = RunawayShaderTests.plan(try RunawayShaderTests.loopKernel("bounded", loop: RunawayShaderTests.billion),
                                                             iterations: 3, size: 5)
                let refused = RunawayShaderTests.outcome { _ = try executor.execute(bounded) }
                #expect(refused.contains("the Vulkan device was lost earlier") && refused.contains(name), "\(refused)")
                let failures = executor.validationMessages.filter(\.isFailure).map(\.description)
                #expect(failures.isEmpty, "\(failures.prefix(3))")

                // A new device beside the lost one renders, and the same loop with 27 iterations finishes.
                let fresh = try makeExecutor()
                let result = try fresh.execute(bounded)
                var x: Float = 1
                for _ in 0..<27 { x = (x * 1.5 + 0.25).truncatingRemainder(dividingBy: 1) }
                let pixels = try #require(result.outputs[out])
                let wrong = (0..<25).filter { i in
                    let p = pixels[i % 5, i / 5]
                    return Swift.abs(p.x - x) > 2e-3 || p.y != Float(i % 5) + 0.5 || p.z != Float(i / 5) + 0.5 || p.w != 1
                }
                #expect(wrong.isEmpty, "\(wrong.count) wrong pixels, first \(wrong.first.map { pixels[$0 % 5, $0 / 5] }.map { "\($0)" } ?? "") expected x \(x)")
                #expect(!fresh.isLost)
                let freshFailures = fresh.validationMessages.filter(\.isFailure).map(\.description)
                #expect(freshFailures.isEmpty, "\(freshFailures.prefix(3))")
            }
        }
    }

    @Test func waitTimeoutsConvertToNanoseconds() {
        #expect(VulkanDevice.nanoseconds(.seconds(2)) == 2_000_000_000)
        #expect(VulkanDevice.nanoseconds(.milliseconds(1500)) == 1_500_000_000)
        #expect(VulkanDevice.nanoseconds(.seconds(Int64.max)) == .max)
        #expect(VulkanDevice.nanoseconds(.seconds(-1)) == 0)
    }

    /// 1 s, plus 0.5 s per million pixels written by each pass, per repetition.
    @Test func timeoutGrowsWithThePixelsWritten() throws {
        let executor = try makeExecutor(submissionTimeout: .seconds(1), timeoutPerMegapixel: .milliseconds(500))
        let kernel = try Self.loopKernel("bounded", loop: Self.billion)
        var plan = RenderPlan()
        let big = plan.addTexture(TextureDescriptor(width: 2000, height: 1000, format: .rgba16Float))
        let small = plan.addTexture(TextureDescriptor(width: 1000, height: 1000, format: .rgba16Float))
        plan.passes.append(KernelPass(kernel: kernel, output: big, frame: frame(output: (2000, 1000))))
        plan.passes.append(KernelPass(kernel: kernel, output: small, frame: frame(output: (1000, 1000))))
        plan.passes.append(KernelPass(kernel: kernel, output: small, frame: frame(output: (1000, 1000))))
        #expect(executor.timeout(for: plan) == .seconds(3))
        #expect(executor.timeout(for: RenderPlan()) == .seconds(1))
    }

    @Test func timeoutErrorsNameTheEffectAndSayWhatToDo() {
        let error = VulkanError.submissionTimedOut(kernels: ["weft.solid", "spin", "spin"], timeout: .milliseconds(2500))
        #expect("\(error)".contains("kernels 'weft.solid', 'spin' within 2.5 s"))
        #expect("\(error)".contains("new render context") && "\(error)".contains("WEFT_GPU_TIMEOUT"))
        #expect(error.losesDevice)
        #expect(VulkanError.deviceLost(function: "vkQueueSubmit", kernels: ["spin"]).losesDevice)
        #expect(!VulkanError.validationLayerMissing.losesDevice)
    }
}
