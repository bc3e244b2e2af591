import WeftViews

/// Plans a run of frames (a sequence, the preview), rewriting only frames that lower differently from the one before:
/// every frame is laid out and lowered, and when its passes, textures, uploads, resident textures (the glyph atlas's
/// generation, glyphs and the rows the plan uploads: the second frame of a text, which uploads none, is planned anew)
/// and values equal the previous frame's but for the frame's clock (time, frame index, reduce-motion, pointer in each pass's constants), the previous plan runs
/// again with the new clock written into its passes, and the rewrites and allocation are skipped.
///
/// A frame whose values changed but not its structure is rewritten in full: the rewrites concatenate and fold argument
/// blocks and frame constants into fused passes without recording which lowered pass each byte came from, so there
/// is nothing yet to rebind into. Layout and lowering always run, because they are what turns the frame's time into
/// those values. One owner: a `PlanReuse` is not shared between threads.
public final class PlanReuse {
    public let planner: Planner
    public let textureLimit: TextureLimit
    private var last: (lowered: LoweredFrame, planned: PlannedRender, rewrites: Planner.Rewrites)?
    /// Frames planned so far, and how many of them ran the previous frame's plan again.
    public private(set) var framesPlanned = 0
    public private(set) var framesReused = 0

    public init(planner: Planner, textureLimit: TextureLimit) {
        self.planner = planner
        self.textureLimit = textureLimit
    }

    /// The plan of `view` offered `size` points, as `Planner.plan` makes it; `timings.reused` says whether it is the
    /// previous frame's.
    public func plan(_ view: some View, size: Size, options: RenderOptions) throws(RenderError) -> PlannedRender {
        let lowered = try planner.lower(view, size: size, options: options, textureLimit: textureLimit, readThroughLayers: options.fusion)
        framesPlanned += 1
        let rewrites = Planner.Rewrites(options, device: textureLimit.device.kind)
        if let last, last.rewrites == rewrites, lowered.sameLowering(as: last.lowered) {
            framesReused += 1
            var planned = last.planned
            for i in planned.plan.passes.indices { options.frame.write(into: &planned.plan.passes[i].frame) }
            planned.warnings = lowered.warnings
            planned.timings = lowered.timings
            planned.timings.reused = true
            return planned
        }
        let planned = planner.rewrite(lowered, rewrites: rewrites)
        last = (lowered, planned, rewrites)
        return planned
    }

    /// Forgets the previous frame and lets its plan go.
    public func reset() { last = nil }
}
