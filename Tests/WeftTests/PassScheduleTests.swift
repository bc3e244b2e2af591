import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Scheduling: independent passes run level by level, one barrier batch per level, computing exactly what lowering
/// order computes, on both executors.
@Suite struct PassScheduleTests {
    static let size = Size(width: 260, height: 90)
    static let shapes = 4

    /// `shapes` circles side by side, each with its own shadow: independent chains (clear, draw, blur, blur) that meet
    /// only when composited onto the canvas.
    static var shadowedShapes: some View {
        ZStack {
            ForEach(0..<shapes) { i in
                Circle().fill(Color(red: 0.2 * Float(i), green: 0.5, blue: 1 - 0.2 * Float(i))).frame(width: 40, height: 40)
                    .shadow(color: Color(white: 0, alpha: 0.6), radius: 3, x: 2, y: 3).offset(x: Float(i) * 60 - 90)
            }
        }
    }

    static func plan(_ view: some View, scheduled: Bool) throws -> PlannedRender {
        try RenderContext(executor: PlanOnlyExecutor()).plan(view, size: size, options: RenderOptions(fusion: scheduled))
    }

    /// Fused and folded, in level order or in lowering order.
    static func plan(fused view: some View, scheduled: Bool) throws -> PlannedRender {
        try Planner().plan(view, size: size, options: RenderOptions(), textureLimit: .planOnly, rewrites: .init(fusion: true, scheduled: scheduled))
    }

    @Test func independentShadowsShareLevels() throws {
        let scheduled = try Self.plan(Self.shadowedShapes, scheduled: true)
        let lowered = try Self.plan(Self.shadowedShapes, scheduled: false)
        // Folding (a shadow's second blur into its composite, the clear into the first draw) only removes passes.
        #expect(scheduled.plan.passes.count < lowered.plan.passes.count)
        let runs = scheduled.plan.barrierFreeRuns
        // Each shape's shadow and the shape itself are composited onto the canvas in order, two in-place draws a shape;
        // everything else runs alongside them.
        #expect(runs.count <= 2 * Self.shapes + 4, "\(runs.count) levels for \(scheduled.plan.passes.count) passes")
        #expect(runs.count * 3 <= lowered.plan.barrierFreeRuns.count * 2,
                "\(runs.count) levels against \(lowered.plan.barrierFreeRuns.count) in lowering order")
        // A level composites one shape's shadow while the next shape's shadow is blurred.
        let kernels = runs.map { run in Set(run.map { scheduled.plan.passes[$0].kernel.name }) }
        #expect(kernels.contains { $0.contains("weft.blur") && $0.contains { $0.hasSuffix("weft.layer.inPlace") } }, "\(kernels)")
    }

    /// A pass drawn in place over a texture comes after every other reader of that texture, though nothing it writes
    /// is read by them: the canvas read as a backdrop (by a blur, say) before a shape is drawn over it in place.
    @Test func aDrawInPlaceWaitsForTheOtherReadersOfItsDestination() throws {
        func kernel(_ name: String, layer: Bool = false, destination: Bool = false, inPlace: Bool = false) -> CompiledKernel {
            CompiledKernel(name: name, kind: .fill, outputFormat: .rgba8Unorm, spirv: [],
                           interface: KernelInterface(readsLayer: layer, readsDestination: destination, argumentBlockSize: 0, readsArrays: false,
                                                      imageCount: 0, usesDerivatives: false, readsOutput: inPlace),
                           cacheKey: name)
        }
        var builder = PlanBuilder()
        let t = (0..<4).map { _ in builder.texture(width: 8, height: 8, format: .rgba8Unorm) }
        builder.add(KernelPass(kernel: kernel("clear"), output: t[0], frame: FrameConstants()), origin: .compiled)
        builder.add(KernelPass(kernel: kernel("backdrop", layer: true), output: t[1], layer: t[0], frame: FrameConstants()), origin: .compiled)
        builder.add(KernelPass(kernel: kernel("draw", inPlace: true), output: t[2], destination: t[0], frame: FrameConstants()), origin: .compiled)
        builder.add(KernelPass(kernel: kernel("composite", layer: true, destination: true), output: t[3], layer: t[1], destination: t[2],
                               frame: FrameConstants()), origin: .compiled)
        let schedule = PassSchedule(builder.passes)
        #expect(schedule.order == [0, 1, 2, 3] && schedule.levels == [0, 1, 2, 3], "\(schedule)")
        let scheduled = builder.finish(readingBack: [t[3]], scheduled: true)
        let lowered = builder.finish(readingBack: [t[3]])
        #expect(scheduled.plan.barrierFreeRuns.count == Set(schedule.levels).count, "each level runs with no barrier inside it")
        var symbols = SymbolTable()
        #expect(symbols.run(scheduled.plan)[scheduled.readbacks[0]] == symbols.run(lowered.plan)[lowered.readbacks[0]])
    }

    /// Every pass reads what the same pass reads in lowering order, however the schedule and texture aliasing
    /// rearranged them: a symbolic run of both plans ends with the same value in the read-back texture.
    @Test func dependenciesPrecedeTheirReaders() throws {
        let views: [any View] = [Self.shadowedShapes, BoundedPassTests.scene,
                                 ZStack { Self.shadowedShapes.opacity(0.5); Rectangle().fill(Color.green).frame(width: 30, height: 30) }]
        for view in views {
            let scheduled = try Self.plan(fused: view, scheduled: true)
            let lowered = try Self.plan(fused: view, scheduled: false)
            var symbols = SymbolTable()
            let a = symbols.run(scheduled.plan)[scheduled.output]
            let b = symbols.run(lowered.plan)[lowered.output]
            #expect(a != nil && a == b, "the scheduled plan computes another result")
        }
    }

    /// The same for every example scene, fused and folded in both orders, and none takes more levels than lowering
    /// order with nothing fused.
    @Test func everyExampleSceneComputesWhatLoweringOrderComputes() throws {
        var compared = 0
        for file in Examples.sceneFiles {
            let scene = try Examples.load(file)
            let context = RenderContext(executor: PlanOnlyExecutor())
            let shown = scene.frame(at: 0.5)
            let scheduled = try context.plan(shown.view, size: shown.size, options: shown.options)
            let lowered = try context.planner.plan(shown.view, size: shown.size, options: shown.options, textureLimit: .planOnly,
                                                   rewrites: .init(fusion: true, scheduled: false))
            var unfused = shown.options
            unfused.fusion = false
            let before = try context.plan(shown.view, size: shown.size, options: unfused)
            #expect(scheduled.plan.barrierFreeRuns.count <= before.plan.barrierFreeRuns.count, "\(file)")
            #expect(scheduled.plan.passes.map(\.kernel.name).sorted() == lowered.plan.passes.map(\.kernel.name).sorted(), "\(file)")
            var symbols = SymbolTable()
            let a = symbols.run(scheduled.plan)[scheduled.output]
            #expect(a != nil && a == symbols.run(lowered.plan)[lowered.output], "\(file): the scheduled plan computes another result")
            compared += 1
        }
        #expect(compared == Examples.sceneFiles.count, "\(compared) of \(Examples.sceneFiles.count) scenes compared")
    }

    @Test(arguments: Backend.allCases)
    func fewerBarrierBatchesAndTheSamePixels(backend: Backend) throws {
        let context = try backend.makeContext()
        let scheduled = try context.render(Self.shadowedShapes, size: Self.size)
        let lowered = try context.render(Self.shadowedShapes, size: Self.size, options: RenderOptions(fusion: false))
        #expect(scheduled.reports.isEmpty && lowered.reports.isEmpty, "\(scheduled.reports) \(lowered.reports)")
        let d = try #require(ImageDifference(scheduled.pixels, lowered.pixels))
        #expect(d.maximum <= 1e-6, "differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
        var drawn = 0
        for y in 0..<scheduled.pixels.height { for x in 0..<scheduled.pixels.width where scheduled.pixels[x, y].w > 0 { drawn += 1 } }
        #expect(drawn > 4000, "the scene drew its shapes and shadows")
        switch backend {
        case .cpu:
            #expect(scheduled.barriers == nil)
        case .vulkan:
            let fewer = try #require(scheduled.barriers), more = try #require(lowered.barriers)
            let plan = try context.plan(Self.shadowedShapes, size: Self.size)
            // One batch opens the render (uploads, clears, first-write transitions), one closes it (readback).
            #expect(fewer.batches <= plan.plan.barrierFreeRuns.count + 2, "\(fewer)")
            #expect(fewer.batches * 3 <= more.batches * 2, "scheduled \(fewer), in lowering order \(more)")
        }
    }
}

/// Runs a plan on symbols: each pass's output is a number naming its kernel, arguments, frame, region and the symbols of
/// what it reads (its output too, when it draws in place), the same number for the same computation in any plan.
private struct SymbolTable {
    private var ids: [String: Int] = [:]

    private mutating func symbol(_ key: String) -> Int {
        if let id = ids[key] { return id }
        ids[key] = ids.count
        return ids.count - 1
    }

    mutating func run(_ plan: RenderPlan) -> [TextureID: Int] {
        var contents = [TextureID: Int]()
        for id in plan.uploads.keys { contents[id] = symbol("upload \(id)") }
        for pass in plan.passes {
            let read = { (id: TextureID?) in id.map { contents[$0].map(String.init) ?? "undefined" } ?? "-" }
            var key = "\(pass.kernel.name) \(pass.arguments) \(pass.arrayData) \(pass.frame.bytes) \(String(describing: pass.region)) "
            key += "layer \(read(pass.layer)) destination \(read(pass.destination)) images \(pass.images.map(read))"
            if pass.kernel.interface.readsOutput { key += " over \(read(pass.output))" }
            contents[pass.output] = symbol(key)
        }
        return contents
    }
}
