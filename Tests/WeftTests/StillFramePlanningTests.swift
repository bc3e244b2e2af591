import Foundation
import Testing
import WeftBench
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftScene
import WeftTestSupport
@testable import WeftViews

/// `PlanReuse`'s three shortcuts: a frame's layout starts from the previous frame's, a tree built anew takes the
/// previous frame's equal views, and a still frame — the previous frame's very view tree at the same size and options
/// but for the clock, whose lowering bound no effect — is neither laid out nor lowered. Each shortcut's plan is the plan made afresh and renders its pixels.
@Suite struct StillFramePlanningTests {
    /// A screen of texts, symbols and rounded rectangles, as the same nodes frame after frame.
    static func screen() throws -> ViewNode { try ScaleScenes.screen(rows: 6, cells: 5) }

    @Test(arguments: Backend.allCases)
    func aStillScreenIsPlannedOnceAndRunsItsPlanAgain(_ backend: Backend) throws {
        let context = try backend.makeContext()
        let reuse = context.makePlanReuse()
        let root = try Self.screen()
        let size = Size(width: 320, height: 180)
        var outcomes: [String] = []
        for index in 0..<6 {
            var options = RenderOptions()
            options.frame = FrameContext(time: Double(index) / 30, index: UInt32(index))
            let planned = try reuse.plan(root, size: size, options: options)
            let fresh = try context.plan(root, size: size, options: options)
            #expect(planned.plan.passes == fresh.plan.passes && planned.plan.textures == fresh.plan.textures
                    && planned.output == fresh.output, "frame \(index)")
            let still = planned.timings.layout == .zero && planned.timings.lowering == .zero
            outcomes.append(still ? "still" : planned.timings.reused ? "reused" : "planned")
            if index == 5 { #expect(try context.run(planned).pixels == context.run(fresh).pixels) }
        }
        // Planned (twice, when the first plan placed new glyphs in the atlas), then settled — lowered to the previous
        // plan's passes and values — and from then on still.
        let settled = try #require(outcomes.firstIndex(of: "reused"), "\(outcomes)")
        #expect(settled <= 2 && outcomes[..<settled].allSatisfy { $0 == "planned" } && outcomes[(settled + 1)...].allSatisfy { $0 == "still" },
                "\(outcomes)")
        #expect(reuse.framesStill == 5 - settled)
    }

    /// A screen built anew every frame (as a state change, a `TimelineView`'s content or a scene file read again build
    /// one) takes the previous frame's views (`ViewNode.adopting`): from its second frame on it is the previous tree, so
    /// it settles and is still as the same nodes are, and plans what the screen planned afresh plans.
    @Test(arguments: Backend.allCases)
    func aScreenBuiltAnewEachFrameSettlesAsTheSameViewsDo(_ backend: Backend) throws {
        let context = try backend.makeContext()
        let reuse = context.makePlanReuse()
        let size = Size(width: 320, height: 180)
        var outcomes: [String] = []
        for index in 0..<6 {
            let root = try Self.screen()
            let stillBefore = reuse.framesStill
            let planned = try reuse.plan(root, size: size, options: RenderOptions())
            let fresh = try context.plan(try Self.screen(), size: size, options: RenderOptions())
            #expect(planned.plan.passes == fresh.plan.passes && planned.plan.textures == fresh.plan.textures, "frame \(index)")
            let still = reuse.framesStill == stillBefore + 1 && planned.timings.lowering == .zero
            outcomes.append(still ? "still" : planned.timings.reused ? "reused" : "planned")
            if index == 5 { #expect(try context.run(planned).pixels == context.run(fresh).pixels) }
        }
        let settled = try #require(outcomes.firstIndex(of: "reused"), "\(outcomes)")
        #expect(settled <= 2 && outcomes[(settled + 1)...].allSatisfy { $0 == "still" }, "\(outcomes)")
    }

    /// One text changed among views built anew: the frame draws the change — the plan and pixels of the screen planned
    /// afresh — and every view it took from the previous frame draws from what it kept: no symbol's path is looked up
    /// again, and only the changed text's glyphs are placed.
    @Test(arguments: Backend.allCases)
    func aChangeAmongViewsBuiltAnewIsDrawnAndTheRestIsKept(_ backend: Backend) throws {
        _ = try backend.makeContext()
        // A context of its own: its planner's counts are this test's alone.
        let context = RenderContext(executor: try BackendFactory.executor(for: backend))
        let reuse = context.makePlanReuse()
        let size = Size(width: 320, height: 180)
        func screen(_ label: String) throws -> ViewNode {
            let rows = try ScaleScenes.screen(rows: 4, cells: 5)
            return try VStack(spacing: 2) { try Text(label, size: 10, color: .black); rows }.node
        }
        for label in ["before", "before"] { _ = try reuse.plan(try screen(label), size: size, options: RenderOptions()) }
        let lookups = context.planner.pathCoverage.lookupCount, placings = context.planner.kernels.glyphAtlas.placeCount
        let changed = try reuse.plan(try screen("after"), size: size, options: RenderOptions())
        let lookedUp = context.planner.pathCoverage.lookupCount - lookups
        let placed = context.planner.kernels.glyphAtlas.placeCount - placings
        #expect(lookedUp == 0 && placed == 1, "\(lookedUp) paths looked up, \(placed) texts placed")
        let fresh = try context.plan(try screen("after"), size: size, options: RenderOptions())
        #expect(changed.plan.passes == fresh.plan.passes)
        #expect(try context.run(changed).pixels == context.run(fresh).pixels)
    }

    /// A `TimelineView` builds its content anew at every frame's time; what did not change takes the previous frame's
    /// views, and with them their draws: only the clock's text is placed again, no symbol's path is looked up.
    @Test func aTimelineViewsContentTakesThePreviousFramesViews() throws {
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let reuse = context.makePlanReuse()
        let size = Size(width: 320, height: 180)
        let view = TimelineView(.animation) { clock in
            let seconds = Int(clock.date.timeIntervalSinceReferenceDate)
            try! VStack(spacing: 2) { try! Text("\(seconds) s", size: 10, color: .black); try ScaleScenes.screen(rows: 4, cells: 5) }
        }
        for index in 0..<3 {
            var options = RenderOptions()
            options.frame = FrameContext(time: Double(index), index: UInt32(index))
            let lookups = context.planner.pathCoverage.lookupCount, placings = context.planner.kernels.glyphAtlas.placeCount
            let planned = try reuse.plan(view, size: size, options: options)
            let lookedUp = context.planner.pathCoverage.lookupCount - lookups
            let placed = context.planner.kernels.glyphAtlas.placeCount - placings
            if index > 0 { #expect(lookedUp == 0 && placed == 1, "frame \(index): \(lookedUp) paths looked up, \(placed) texts placed") }
            let fresh = try context.plan(view, size: size, options: options)
            #expect(try context.run(planned).pixels == context.run(fresh).pixels, "frame \(index)")
        }
    }

    /// A counter over a screen of symbols, all built again by each evaluation of its body.
    struct Counter: View {
        @State var count = 0
        var body: some View {
            VStack(spacing: 2) {
                Text("\(count) taps").font(.system(size: 10))
                Button("Add") { count += 1 }
                try! ScaleScenes.screen(rows: 3, cells: 5)
            }
        }
    }

    /// A state change builds the whole body again; the frame after it takes every view the change left alone from the
    /// frame before — no symbol's path looked up, only the counter's text placed — and draws what a fresh plan draws.
    @Test func aStateChangeKeepsTheViewsItLeftAlone() throws {
        let size = Size(width: 320, height: 180)
        let timeline = try Timeline(Counter(), size: size, script: [.tap(label: "Add", at: 0.5)])
        let context = RenderContext(executor: try BackendFactory.executor(for: .cpu))
        let reuse = context.makePlanReuse()
        _ = try reuse.plan(timeline.view(at: 0.4, size: size), size: size, options: RenderOptions())
        let lookups = context.planner.pathCoverage.lookupCount, placings = context.planner.kernels.glyphAtlas.placeCount
        let after = try reuse.plan(timeline.view(at: 0.6, size: size), size: size, options: RenderOptions())
        let lookedUp = context.planner.pathCoverage.lookupCount - lookups
        let placed = context.planner.kernels.glyphAtlas.placeCount - placings
        #expect(lookedUp == 0 && placed == 1, "\(lookedUp) paths looked up, \(placed) texts placed")
        let fresh = try context.plan(timeline.view(at: 0.6, size: size), size: size, options: RenderOptions())
        #expect(try context.run(after).pixels == context.run(fresh).pixels)
    }

    @Test func anotherBackgroundOrSizeIsNoStillFrame() throws {
        let context = try Backend.cpu.makeContext()
        let reuse = context.makePlanReuse()
        let root = try Self.screen()
        var options = RenderOptions()
        for _ in 0..<4 { _ = try reuse.plan(root, size: Size(width: 320, height: 180), options: options) }
        let still = reuse.framesStill
        #expect(still >= 1)
        options.background = .white
        let repainted = try reuse.plan(root, size: Size(width: 320, height: 180), options: options)
        #expect(repainted.plan.passes == (try context.plan(root, size: Size(width: 320, height: 180), options: options)).plan.passes)
        let resized = try reuse.plan(root, size: Size(width: 300, height: 180), options: options)
        #expect(resized.plan.passes == (try context.plan(root, size: Size(width: 300, height: 180), options: options)).plan.passes)
        #expect(reuse.framesStill == still, "a new background and a new size are lowered again")
    }

    /// An effect whose arguments read the clock (`$time`, `$frame`) binds new values every frame: the scene's one
    /// tree is lowered each time and its plan rebound, never taken as still, and the pixels follow the clock.
    @Test func anEffectThatReadsTheClockIsLoweredEveryFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("still-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Scene.loadWithLibraries(contentsOf: try SceneOptionsProbe.write(into: folder)).scene
        let context = try Backend.cpu.makeContext()
        let reuse = context.makePlanReuse()
        for index in 0..<4 {
            let frame = scene.frame(at: Double(index) * 2, index: UInt32(index))
            let planned = try reuse.plan(frame.view, size: frame.size, options: frame.options)
            #expect(planned.timings.lowering > .zero, "frame \(index) was lowered")
            let reading = SceneOptionsProbe.reading(try context.run(planned).pixels)
            #expect(reading.centre == SceneOptionsProbe.expected(time: Double(index) * 2, index: UInt32(index)).centre, "frame \(index)")
        }
        #expect(reuse.framesStill == 0)
    }

    /// A view keeps its layout: a frame that shows the previous frame's views again arranges none of them; a frame
    /// with one new view arranges that view and the containers around it, not the rest.
    @Test func viewsKeepTheirLayoutFromFrameToFrame() throws {
        let root = try ScaleScenes.nested(depth: 24)
        let size = SIMD2<Float>(390, 844)
        let first = FrameLayout()
        let placed = LayoutScaleTests.planLayout(root, size: size, in: first)
        #expect(first.arrangements > placed / 2, "a new tree is laid out")
        let second = FrameLayout()
        #expect(LayoutScaleTests.planLayout(root, size: size, in: second) == placed)
        #expect(second.arrangements == 0, "every view was laid out by the previous frame")
        #expect(second.rootTransform(root, size: size) == first.rootTransform(root, size: size))

        // The same deep view under a new root with a new label: only the root, its frame and the label are new.
        func screen(_ deep: ViewNode, _ label: String) -> ViewNode {
            VStack { deep.frame(width: 390, height: 700); Text(label) }.node
        }
        _ = LayoutScaleTests.planLayout(screen(root, "before"), size: size, in: FrameLayout())
        let changed = FrameLayout()
        let after = screen(root, "after")
        _ = LayoutScaleTests.planLayout(after, size: size, in: changed)
        let rebuilt = FrameLayout()
        let afresh = screen(try ScaleScenes.nested(depth: 24), "after")
        _ = LayoutScaleTests.planLayout(afresh, size: size, in: rebuilt)
        #expect(changed.arrangements > 0 && changed.arrangements * 10 < rebuilt.arrangements,
                "\(changed.arrangements) arranged of \(rebuilt.arrangements)")
        #expect(changed.arrange(after, proposed: size).children.map(\.transform) == rebuilt.arrange(afresh, proposed: size).children.map(\.transform))
    }
}
