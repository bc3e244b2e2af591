/// Where one frame's planning time went: laying the view out, lowering it to passes, and the rewrites with texture
/// allocation — or, for a plan `PlanReuse` ran again, comparing the frame with the previous one and rebinding its values.
public struct PlanTimings: Sendable, Hashable {
    public var layout: Duration = .zero
    public var lowering: Duration = .zero
    /// Stitching, bounding, folding, scheduling and allocation; zero when the plan was reused or rebound.
    public var rewrites: Duration = .zero
    /// Comparing the lowered frame with the previous one and copying its values into the previous plan; zero when the
    /// plan was rewritten.
    public var rebinding: Duration = .zero
    /// Whether the previous frame's plan was run again, values and all, instead of being rewritten.
    public var reused = false
    /// Whether the previous frame's plan was run again with this frame's values rebound into it.
    public var rebound = false

    public init(layout: Duration = .zero, lowering: Duration = .zero, rewrites: Duration = .zero, rebinding: Duration = .zero,
                reused: Bool = false, rebound: Bool = false) {
        self.layout = layout
        self.lowering = lowering
        self.rewrites = rewrites
        self.rebinding = rebinding
        self.reused = reused
        self.rebound = rebound
    }

    public var total: Duration { layout + lowering + rewrites + rebinding }
}
