import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftScene
import WeftTestSupport
import WeftViews

/// `PlanReuse` rebinding a frame whose values changed into the previous plan (`ValueProvenance`, `PlanRebinding`): a
/// rebound plan is the plan `Planner` makes of the frame afresh, byte for byte, and renders its pixels; a frame whose
/// structure changed, or whose changed value a rewrite computed something from, is planned anew.
@Suite struct PlanRebindingTests {
    /// The first second of each animated example at 30 frames a second, through one `PlanReuse`, against each frame
    /// planned alone; the frames rebound render the fresh plan's pixels, on the CPU evaluator and on lavapipe.
    @Test(arguments: Backend.allCases, ["timeline-wave.json", "download-badge.json", "thumbnail-detail.json"])
    func reboundPlansEqualFreshPlans(_ backend: Backend, _ file: String) throws {
        let context = try backend.makeContext()
        let scene = try Examples.load(file)
        let reuse = context.makePlanReuse()
        var rendered = 0
        for index in 0..<30 {
            let frame = scene.frame(at: Double(index) / 30, index: UInt32(index))
            let planned = try reuse.plan(frame.view, size: frame.size, options: frame.options)
            let fresh = try context.plan(frame.view, size: frame.size, options: frame.options)
            #expect(planned.plan.passes == fresh.plan.passes && planned.plan.textures == fresh.plan.textures
                    && planned.plan.readbacks == fresh.plan.readbacks && planned.output == fresh.output
                    && planned.placements == fresh.placements && planned.textWarnings == fresh.textWarnings, "frame \(index)")
            #expect(!(planned.timings.reused && planned.timings.rebound))
            #expect((planned.timings.reused || planned.timings.rebound) == (planned.timings.rewrites == .zero), "frame \(index)")
            // Every fourth rebound frame is rendered (lavapipe and the CPU evaluator are slow in a debug build).
            if planned.timings.rebound, reuse.framesRebound % 4 == 1 {
                let rebound = try context.run(planned)
                let expected = try context.run(fresh)
                #expect(rebound.pixels == expected.pixels, "frame \(index)")
                #expect(rebound.reports.isEmpty, "\(rebound.reports)")
                rendered += 1
            }
        }
        #expect(reuse.framesPlanned == 30)
        #expect(reuse.framesRebound >= 1 && rendered >= 1, "\(file): \(reuse.framesRebound) rebound, \(reuse.framesReused) reused")
    }

    /// Dots whose color changes are rebound; one more dot is a new structure, planned anew; the same frame again is
    /// reused. Each plan is the fresh one and renders its pixels.
    @Test func aChangedColorRebindsAndANewDotReplans() throws {
        let context = try Backend.cpu.makeContext()
        let reuse = context.makePlanReuse()
        func scene(_ color: Color, dots: Int) -> some View {
            ZStack {
                for i in 0..<dots { Circle().fill(color).frame(width: 10, height: 10).offset(x: Float(i * 12) - 16) }
            }.shadow(color: .black, radius: 2)
        }
        let size = Size(width: 64, height: 32)
        var outcomes: [String] = []
        for (color, dots) in [(Color.red, 3), (.blue, 3), (.blue, 3), (.blue, 4), (.green, 4)] as [(Color, Int)] {
            let planned = try reuse.plan(scene(color, dots: dots), size: size, options: RenderOptions())
            let fresh = try context.plan(scene(color, dots: dots), size: size, options: RenderOptions())
            #expect(planned.plan.passes == fresh.plan.passes)
            #expect(try context.run(planned).pixels == context.run(fresh).pixels)
            outcomes.append(planned.timings.rebound ? "rebound" : planned.timings.reused ? "reused" : "planned")
        }
        #expect(outcomes == ["planned", "rebound", "reused", "planned", "rebound"])
        #expect(reuse.framesPlanned == 5 && reuse.framesReused == 1 && reuse.framesRebound == 2)
    }

    /// The lowered passes of a few dots, and a plan that runs them as lowered (each pass's values copied from itself).
    private static func lowered() throws -> (passes: [PlannedPass], plan: RenderPlan, provenance: [ValueProvenance?]) {
        let context = try Backend.cpu.makeContext()
        let view = ZStack { for i in 0..<3 { Circle().fill(Color.blue).frame(width: 10, height: 10).offset(x: Float(i * 12)) } }
        let frame = try context.planner.lower(view, size: Size(width: 64, height: 32), options: RenderOptions(),
                                              textureLimit: TextureLimit(of: context.executor), readThroughLayers: true)
        let passes = frame.builder.planned
        var plan = RenderPlan()
        plan.passes = passes.map(\.pass)
        return (passes, plan, passes.enumerated().map { ValueProvenance(lowered: $0, of: $1.pass) })
    }

    /// A changed byte in a copied run is copied into the plan; the same byte read by a computed run, or copied nowhere,
    /// makes the frame one to plan anew; a plan with a pass without provenance is run again only unchanged.
    @Test func aValueAComputedRunReadsIsNotRebound() throws {
        let (passes, plan, provenance) = try Self.lowered()
        let p = try #require(passes.indices.first { !passes[$0].pass.arguments.isEmpty })
        var next = passes
        next[p].pass.arguments[0] &+= 1

        let copied = PlanRebinding(provenance: provenance, lowered: passes)
        var rebound = plan
        #expect(copied.rebind(&rebound, from: passes, to: passes) == .unchanged)
        #expect(copied.rebind(&rebound, from: passes, to: next) == .rebound)
        #expect(rebound.passes == next.map(\.pass))

        var computed = provenance
        let span = ValueProvenance.Span(pass: p, buffer: .arguments, offset: 0, count: 4)
        computed[p]!.arguments = ValueProvenance.replacing(computed[p]!.arguments, 0..<4, with: ValueProvenance.computed(4, reading: [span]))
        var untouched = plan
        #expect(PlanRebinding(provenance: computed, lowered: passes).rebind(&untouched, from: passes, to: next) == nil)
        #expect(untouched.passes == plan.passes)
        // A byte after the computed run is still copied.
        var later = passes
        later[p].pass.arguments[4] &+= 1
        #expect(PlanRebinding(provenance: computed, lowered: passes).rebind(&untouched, from: passes, to: later) == .rebound)

        var dropped = provenance
        dropped[p] = ValueProvenance(arguments: ValueProvenance.computed(passes[p].pass.arguments.count), arrayData: dropped[p]!.arrayData)
        var unchanged = plan
        #expect(PlanRebinding(provenance: dropped, lowered: passes).rebind(&unchanged, from: passes, to: next) == nil)

        // Without a pass's provenance nothing is rebound, not even a value whose provenance is known.
        var missing = provenance
        missing[passes.indices.first { $0 != p }!] = nil
        let unknown = PlanRebinding(provenance: missing, lowered: passes)
        #expect(unknown.rebind(&unchanged, from: passes, to: passes) == .unchanged)
        #expect(unknown.rebind(&unchanged, from: passes, to: next) == nil)
        #expect(unchanged.passes == plan.passes)
    }
}
