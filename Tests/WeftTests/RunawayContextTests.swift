import Foundation
import Testing
@testable import Weft
import WeftCPU
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// A runaway effect through `RenderContext`: the limits given to `RenderContext.make` stop it
/// with an error naming the effect, and after a lost Vulkan device a new context renders.
@Suite struct RunawayContextTests {
    static let source = """
    [[ stitchable ]]
    vec4 spin(vec2 position, vec4 color, float amount) {
        float x = amount + 1.0;
        while (true) { x = x * 0.5 + 1.0; if (x < 0.0) break; }
        return color * min(x, 1.0);
    }
    """

    static func runaway() throws -> some View {
        let library = try ShaderLibrary(source: source, name: "spin.glsl")
        return Rectangle().fill(Color.orange).colorEffect(try library.spin(.float(0.5)))
    }

    static let size = Size(width: 512, height: 512)

    /// The CPU evaluator stops the effect; the context is not harmed and renders the next view.
    @Test func cpuContextStopsTheEffectAndRendersOn() throws {
        let context = try RenderContext.make(device: .cpu, limits: RunawayLimits(instructionBudget: 20_000))
        #expect(performing: { try context.render(try Self.runaway(), size: Self.size) }, throws: { error in
            guard case let ExecutionError.backend(_, kernel?, _, message) = error else { return false }
            return kernel == "spin" && message.contains("instruction budget of 20000")
        })
        #expect(!context.isDeviceLost)
        let next = try context.render(Rectangle().fill(Color.orange), size: Size(width: 4, height: 4))
        #expect(next.pixels[3, 3] == (try RenderContext.orangeOnCPU()))
    }

    /// In a child process (lavapipe keeps running the runaway dispatch): the render fails past the
    /// timeout naming the effect, the context's device is lost, and a new context renders.
    @Test(.requiresVulkan)
    func lostVulkanContextIsReplacedByANewOne() async {
        await #expect(processExitsWith: .success) {
            let context = try RenderContext.make(device: .automatic, limits: RunawayLimits(submissionTimeout: .seconds(2), timeoutPerMegapixel: .zero))
            let failure: String
            do {
                _ = try context.render(try RunawayContextTests.runaway(), size: RunawayContextTests.size)
                failure = "no error"
            } catch {
                failure = "\(error)"
            }
            #expect(failure.contains("did not finish") && failure.contains("'spin'") && failure.contains("within 2 s"), "\(failure)")
            #expect(context.isDeviceLost)
            let fresh = try RenderContext.make(device: .automatic)
            #expect(!fresh.isDeviceLost)
            let next = try fresh.render(Rectangle().fill(Color.orange), size: Size(width: 4, height: 4))
            let orange = try RenderContext.orangeOnCPU()
            #expect(next.pixels[3, 3] == orange)
        }
    }
}

extension RenderContext {
    /// An orange pixel as the CPU evaluator renders it.
    static func orangeOnCPU() throws -> SIMD4<Float> {
        try RenderContext.make(device: .cpu).render(Rectangle().fill(Color.orange), size: Size(width: 4, height: 4)).pixels[3, 3]
    }
}
