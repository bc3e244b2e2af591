import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// The layer batch (docs/compositing.md, "Layer batches"): consecutive in-place composites onto one canvas run as one
/// `weft.layer.batch.N` pass that writes exactly what the passes wrote one after another.
@Suite struct LayerBatchTests {
    /// Seven translucent images, overlapping, with blend modes and opacities that differ from one to the next: the
    /// order and the rounding after each item are what the batch must keep.
    static var overlappingImages: some View {
        let modes: [BlendMode] = [.normal, .multiply, .screen, .plusLighter, .overlay, .difference, .normal]
        return ZStack {
            for i in 0..<7 {
                Image(testImage()).opacity(1 - Float(i) * 0.1).blendMode(modes[i]).offset(x: Float(i * 5), y: Float(i % 3) * 3)
            }
        }
    }

    static let options = RenderOptions(scale: 1.5, background: Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.75))

    /// The plan with the batch on or off, on any executor: a render plans none on the CPU evaluator, where it is slower,
    /// but its kernel must run there as on Vulkan.
    static func plan(_ view: some View, size: Size, options: RenderOptions = options, batched: Bool,
                     on context: RenderContext) throws -> PlannedRender {
        try context.planner.plan(view, size: size, options: options, textureLimit: TextureLimit(of: context.executor),
                                 rewrites: .init(fusion: true, layerBatches: batched))
    }

    @Test func consecutiveCompositesRunAsOneBatch() throws {
        let size = Size(width: 64, height: 40)
        let context = try Backend.cpu.makeContext()
        // Planned for a render on a GPU; none on the CPU evaluator.
        #expect(!Planner.Rewrites(Self.options, device: .cpuEvaluator).layerBatches)
        #expect(Planner.Rewrites(Self.options, device: .discreteGPU).layerBatches)
        let batched = try Self.plan(Self.overlappingImages, size: size, batched: true, on: context).plan.passes.map(\.kernel.name)
        let single = try Self.plan(Self.overlappingImages, size: size, batched: false, on: context).plan.passes.map(\.kernel.name)
        #expect(single.filter { $0 == "weft.layer.inPlace" }.count == 6, "\(single)")
        #expect(batched.filter { $0.hasPrefix("weft.layer.batch.") } == ["weft.layer.batch.6"], "\(batched)")
        #expect(batched.count == single.count - 5)
    }

    @Test(arguments: Backend.allCases)
    func theBatchWritesWhatThePassesWrote(backend: Backend) throws {
        let context = try backend.makeContext()
        let size = Size(width: 64, height: 40)
        let batched = try context.run(try Self.plan(Self.overlappingImages, size: size, batched: true, on: context))
        let single = try context.run(try Self.plan(Self.overlappingImages, size: size, batched: false, on: context))
        #expect(batched.reports.isEmpty, "\(batched.reports.prefix(3))")
        let d = try #require(ImageDifference(batched.pixels, single.pixels))
        #expect(d.maximum == 0, "\(d.maximum * 255)/255 at \(d.worstPixel)")
        // Every image reached the canvas: the last one's right edge is covered, the canvas's far corner is background.
        #expect(batched.pixels[Int(Float(6 * 5 + testImage().width - 1) * 1.5), 2].w > 0)
    }

    /// The examples whose passes batch: the same pixels with the batch on and off, and fewer passes on (Vulkan).
    @Test(arguments: ["blend-modes.json", "toolbar-symbols.json", "paths.json"])
    func examplesRenderAlikeBatchedOrNot(file: String) throws {
        let context = try Backend.vulkan.makeContext()
        let scene = try Examples.load(file)
        let frame = scene.frame(at: 0)
        // Draws in order, as on lavapipe: where draws are batched (GPUs), small symbols draw from the glyph atlas instead.
        var on = frame.options
        on.layerBatches = true
        on.disjointDraws = false
        var off = on
        off.layerBatches = false
        let batchedPlan = try context.plan(frame.view, size: frame.size, options: on).plan
        let singlePlan = try context.plan(frame.view, size: frame.size, options: off).plan
        #expect(batchedPlan.passes.count < singlePlan.passes.count)
        let batched = try context.render(scene, at: 0, options: on)
        let single = try context.render(scene, at: 0, options: off)
        #expect(batched.reports.isEmpty, "\(batched.reports.prefix(3))")
        let d = try #require(ImageDifference(batched.pixels, single.pixels))
        #expect(d.maximum == 0, "\(file): \(d.maximum * 255)/255 at \(d.worstPixel)")
    }
}
