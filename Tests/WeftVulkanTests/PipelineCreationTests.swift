import Foundation
import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// A plan's new pipelines are created together, on several threads (`KernelPipelines.pipelines(for:checked:)`): a plan of
/// more distinct kernels than the machine has cores — compute passes and derivative kernels (fragment passes where the
/// device runs them so), one kernel used twice — makes each kernel's pipeline once, renders what each kernel renders in
/// a plan of its own (one pipeline made at a time), and what the kernels say, with no validation message.
@Suite(.requiresVulkan)
struct PipelineCreationTests {
    static let size = (9, 6)

    /// Compute kernel `k`: red k/255, green the pixel's column in 255ths.
    static func computeKernel(_ k: Int) throws -> CompiledKernel {
        try makeKernel("solid\(k)", kind: .fill, format: .rgba8Unorm, result: "vec4(\(k).0 / 255.0, float(pixel.x) / 255.0, 0.0, 1.0)")
    }

    /// A derivative kernel: red k/255, green half the x-derivative of the position (1 point a pixel at scale 1).
    static func derivativeKernel(_ k: Int) throws -> CompiledKernel {
        let source = """
        [[ stitchable ]] vec4 slope\(k)(vec2 position) {
            return vec4(\(k).0 / 255.0, 0.5 * dFdxFine(position.x), 0.0, 1.0);
        }
        """
        return try libraryKernel(source, function: "slope\(k)", format: .rgba8Unorm)
    }

    static var derivativesRun: Bool { FragmentPassEnvironment.available || VulkanTestEnvironment.selectedDeviceHasComputeDerivatives }

    /// Each pass writes a texture of its own, all read back.
    static func plan(_ kernels: [CompiledKernel]) -> RenderPlan {
        var plan = RenderPlan()
        for kernel in kernels {
            let out = plan.addTexture(TextureDescriptor(width: size.0, height: size.1, format: .rgba8Unorm))
            plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: size)))
            plan.readbacks.append(out)
        }
        return plan
    }

    @Test(arguments: FragmentDrawing.allCases)
    func aPlansPipelinesMadeTogetherRenderAsEachMadeAlone(drawing: FragmentDrawing) throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let computeReds = Array(1...(2 * cores + 1)), derivativeReds = Self.derivativesRun ? [100, 101, 102] : []
        let compute = try computeReds.map { try Self.computeKernel($0) }
        let derivative = try derivativeReds.map { try Self.derivativeKernel($0) }
        // The first compute kernel again, last: made once.
        let kernels = compute + derivative + [compute[0]]
        let reds = computeReds + derivativeReds + [computeReds[0]]
        let distinct = compute.count + derivative.count
        let plan = Self.plan(kernels)

        var together: [TextureID: PixelBuffer] = [:]
        try withExecutor(drawing: drawing) { executor in
            together = try executor.execute(plan).outputs
            #expect(executor.statistics.pipelinesCreated == distinct)
            #expect(executor.statistics.liveObjects.pipelines == distinct)
            _ = try executor.execute(plan)
            #expect(executor.statistics.pipelinesCreated == distinct, "a second run of the plan made pipelines again")
        }
        var alone: [PixelBuffer] = []
        try withExecutor(drawing: drawing) { executor in
            for kernel in kernels { alone.append(try #require(executor.execute(Self.plan([kernel])).outputs[TextureID(0)])) }
        }
        for (index, kernel) in kernels.enumerated() {
            let red = Float(reds[index]) / 255
            let output = together[plan.readbacks[index]]
            #expect(output?.bytes == alone[index].bytes, "pass \(index) (\(kernel.name)) differs from its kernel's own plan")
            if kernel.interface.usesDerivatives {
                expectPixels(output) { _, _ in SIMD4(red, 0.5, 0, 1) }
            } else {
                expectPixels(output) { x, _ in SIMD4(red, Float(x) / 255, 0, 1) }
            }
        }
    }

    /// A plan whose kernels are all made already makes none, and a plan that brings one new kernel makes only that one.
    @Test func onlyTheKernelsNotMadeYetAreMade() throws {
        try withExecutor { executor in
            let first = try (1...5).map { try Self.computeKernel($0) }
            _ = try executor.execute(Self.plan(first))
            #expect(executor.statistics.pipelinesCreated == 5)
            _ = try executor.execute(Self.plan(first.reversed()))
            #expect(executor.statistics.pipelinesCreated == 5)
            let more = try Self.computeKernel(6)
            let output = try executor.execute(Self.plan(first + [more])).outputs[TextureID(5)]
            #expect(executor.statistics.pipelinesCreated == 6)
            expectPixels(output) { x, _ in SIMD4(6.0 / 255, Float(x) / 255, 0, 1) }
        }
    }
}
