import WeftRuntime
import WeftViews

/// Plans a run of frames (a sequence, the preview), rewriting only frames whose structure changed: every frame is laid
/// out and lowered, and when its passes, textures, uploads, resident textures (the glyph atlas's generation, glyphs and
/// the rows the plan uploads: the second frame of a text, which uploads none, is planned anew) and rewrite candidates
/// equal the previous frame's but for their values (`PlanBuilder.sameStructure`), the previous plan runs again:
///
/// - *reused* when no value changed either: only the frame's clock (time, frame index, reduce-motion, pointer in each
///   pass's constants) is written into its passes;
/// - *rebound* when argument or array bytes changed and each changed byte is one the plan copied from the lowered pass
///   (`ValueProvenance`, `PlanRebinding`): the new bytes are copied to where they went, and the clock written.
///
/// Anything else — a new structure (views appearing or leaving, a new size, bounds or regions that moved, another
/// shader), or a changed value a rewrite computed something from (a stitched array handle) — is rewritten in full.
///
/// Layout and lowering run for every frame, because they are what turns the frame's time into those values — with
/// three shortcuts. A view keeps its layout's answers (`FrameLayout`), so views shown again unchanged are not laid out
/// again. A frame's tree built anew (a state change, a `TimelineView`'s content, a scene read again) takes the previous
/// frame's views wherever they are equal (`ViewNode.adopting`), and with them their answers and what their last draw
/// found; its `timings.layout` counts that comparison. And a *still* frame — the very view tree of the previous frame
/// (the same nodes), at the same size and options but for the clock, whose lowering bound no effect and whose plan was
/// already reused unchanged — is neither laid out nor lowered: its lowering would give the same passes, so the previous
/// plan runs again with the new clock written. One owner: a `PlanReuse` is not shared between threads.
public final class PlanReuse {
    public let planner: Planner
    public let textureLimit: TextureLimit
    /// The previous plan, what it was made from, and how to rebind it: made from the provenance when a later frame
    /// first lowers to the same structure, so a frame followed by a new structure never pays for it.
    private var last: (lowered: LoweredFrame, planned: PlannedRender, rewrites: Planner.Rewrites, provenance: [ValueProvenance?],
                       rebinding: PlanRebinding?)?
    /// The previous frame's view tree and options, when its plan was reused unchanged: what a still frame repeats.
    private var settled: (root: ViewNode, size: Size, options: RenderOptions)?
    /// The previous frame's view tree as given and as drawn (`LoweredFrame.root`), whose equal views the next frame's
    /// trees take.
    private var previousRoot: ViewNode?
    private var previousDrawn: ViewNode?
    /// How many frames were still (`framesReused` counts them too).
    public private(set) var framesStill = 0
    /// Frames planned so far; how many of them ran the previous frame's plan again unchanged, and how many with their
    /// values rebound into it.
    public private(set) var framesPlanned = 0
    public private(set) var framesReused = 0
    public private(set) var framesRebound = 0

    public init(planner: Planner, textureLimit: TextureLimit) {
        self.planner = planner
        self.textureLimit = textureLimit
    }

    /// The plan of `view` offered `size` points, as `Planner.plan` makes it; `timings.reused` or `timings.rebound` says
    /// whether it is the previous frame's.
    public func plan(_ view: some View, size: Size, options: RenderOptions) throws(RenderError) -> PlannedRender {
        let start = ContinuousClock.now
        var root = view.node
        try Planner.checkDepth(of: root)
        var adoption = Duration.zero
        if let previousRoot, previousRoot.identity != root.identity {
            root = root.adopting(previousRoot)
            adoption = ContinuousClock.now - start
        }
        previousRoot = root
        if let still = stillPlan(root, size: size, options: options) {
            framesPlanned += 1
            framesReused += 1
            framesStill += 1
            var planned = still
            planned.timings = PlanTimings(layout: adoption, rebinding: ContinuousClock.now - start - adoption, reused: true)
            return planned
        }
        settled = nil
        var lowered = try planner.lower(root, size: size, options: options, textureLimit: textureLimit, readThroughLayers: options.fusion,
                                        previous: previousDrawn)
        lowered.timings.layout += adoption
        previousDrawn = lowered.root
        framesPlanned += 1
        let rewrites = Planner.Rewrites(options, device: textureLimit.device.kind)
        let rebindStart = ContinuousClock.now
        if let last, last.rewrites == rewrites, lowered.sameStructure(as: last.lowered) {
            var planned = last.planned
            let rebinding = last.rebinding ?? PlanRebinding(provenance: last.provenance, lowered: last.lowered.builder.planned)
            self.last?.rebinding = rebinding
            if let outcome = rebinding.rebind(&planned.plan, from: last.lowered.builder.planned, to: lowered.builder.planned) {
                planned.writeClock(options.frame)
                planned.warnings = lowered.warnings
                planned.textWarnings = lowered.textWarnings
                planned.timings = lowered.timings
                switch outcome {
                case .unchanged:
                    framesReused += 1
                    planned.timings.reused = true
                    if !lowered.readsClock { settled = (root, size, options) }
                case .rebound:
                    framesRebound += 1
                    planned.timings.rebound = true
                    self.last = (lowered, planned, rewrites, last.provenance, rebinding)
                }
                planned.timings.rebinding = ContinuousClock.now - rebindStart
                return planned
            }
        }
        var (planned, provenance) = planner.rewriteTracing(lowered, rewrites: rewrites)
        let traced = ContinuousClock.now
        last = (lowered, planned, rewrites, provenance, nil)
        planned.timings.rewrites += ContinuousClock.now - traced
        return planned
    }

    /// The previous plan with `options`' clock written, when `root` is the view tree it was made of, at the same size
    /// and options but for the clock, and nothing its lowering read has changed since; nil otherwise.
    private func stillPlan(_ root: ViewNode, size: Size, options: RenderOptions) -> PlannedRender? {
        guard let settled, let last, settled.root.identity == root.identity, settled.size == size,
              last.lowered.glyphAtlasGeneration == planner.kernels.glyphAtlas.generation else { return nil }
        var clockless = options
        clockless.frame = settled.options.frame
        guard clockless == settled.options else { return nil }
        var planned = last.planned
        planned.writeClock(options.frame)
        return planned
    }

    /// Forgets the previous frame and lets its plan go; `keepingViews`, its views stay for the next frame's tree to take
    /// (content read again: its unchanged views keep their layout and draws, while its plan is made anew).
    public func reset(keepingViews: Bool = false) {
        last = nil
        settled = nil
        if !keepingViews { (previousRoot, previousDrawn) = (nil, nil) }
    }
}

extension PlannedRender {
    /// Writes `clock` (time, frame index, reduce-motion, pointer) into every pass's constants.
    fileprivate mutating func writeClock(_ clock: FrameContext) {
        for i in plan.passes.indices { clock.write(into: &plan.passes[i].frame) }
    }
}
