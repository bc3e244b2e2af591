import Testing
@testable import Weft
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
import WeftVulkan

/// The render-time checks on Vulkan (checked kernels counting with atomics) find what the CPU evaluator finds.
@Suite struct VulkanCheckTests {
    static let library: ShaderLibrary = try! ShaderLibrary(source: """
        [[ stitchable ]] vec4 reach(vec2 position, SwiftUI::Layer layer) { return sampleLayer(layer, position + vec2(3.0, 0.0)); }
        [[ stitchable ]] vec4 hot(vec2 position, vec4 color) { return vec4(1.0, 0.0, 0.0, 0.5); }
        [[ stitchable ]] vec4 broken(vec2 position, vec4 color) { float z = position.x - position.x; return position.x < 4.0 ? vec4(z / z) : color; }
        [[ stitchable ]] vec4 clean(vec2 position, vec4 color) { return color * 0.5; }
        """.replacingOccurrences(of: "SwiftUI::Layer", with: "Layer"), name: "checks.glsl")

    static func views() throws -> [(name: String, view: ModifiedView)] {
        let image = Image(FusionTests.gradientImage())
        return [
            ("reach", image.layerEffect(try library.reach(), maxSampleOffset: Size(width: 1, height: 1))),
            ("hot", image.colorEffect(try library.hot())),
            ("broken", image.colorEffect(try library.broken())),
            ("clean", image.colorEffect(try library.clean())),
        ]
    }

    /// The counts of a finding's message: its leading number, or for the sample bound the count of samples too far.
    static func summary(_ reports: [ExecutionReport]) -> [String] {
        reports.filter { $0.check != "validation" }.map { r in
            let first = r.message.range(of: "first at").map { String(r.message[$0.lowerBound...]).prefix(while: { $0 != ")" }) } ?? ""
            let count = r.check == "sample bound"
                ? r.message.components(separatedBy: "; ").last!.prefix(while: { $0 != " " })
                : r.message.prefix(while: { $0 != " " })
            return "\(r.kernel) \(r.check) \(count) \(first)"
        }.sorted()
    }

    @Test func vulkanCountsWhatTheCPUEvaluatorCounts() throws {
        try VulkanAvailability.require()
        let vulkan = try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none, checks: true))
        let gpu = RenderContext(executor: vulkan)
        let cpu = try RenderContext.make(device: .cpu)
        for (name, view) in try Self.views() {
            let a = try gpu.render(view, size: Size(width: 40, height: 24), options: RenderOptions())
            let b = try cpu.render(view, size: Size(width: 40, height: 24), options: RenderOptions())
            let found = Self.summary(a.reports)
            #expect(found == Self.summary(b.reports), "\(name): Vulkan \(a.reports), CPU \(b.reports)")
            #expect(name == "clean" ? found.isEmpty : found.count == 1, "\(name): \(found)")
            #expect(!a.reports.contains { $0.check == "validation" }, "\(name): \(a.reports)")
        }
    }

    @Test func uncheckedVulkanReportsNothing() throws {
        try VulkanAvailability.require()
        let gpu = RenderContext(executor: try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none)))
        for (name, view) in try Self.views() {
            let a = try gpu.render(view, size: Size(width: 40, height: 24), options: RenderOptions())
            #expect(a.reports.isEmpty, "\(name): \(a.reports)")
        }
    }
}
