/// Where one frame's planning time went: laying the view out, lowering it to passes, and the rewrites with texture
/// allocation. A plan `PlanReuse` ran again spent only layout and lowering (to see that the frame was unchanged).
public struct PlanTimings: Sendable, Hashable {
    public var layout: Duration = .zero
    public var lowering: Duration = .zero
    /// Stitching, bounding, folding, scheduling and allocation; zero when the plan was reused.
    public var rewrites: Duration = .zero
    /// Whether the previous frame's plan was run again instead of being rewritten.
    public var reused = false

    public init(layout: Duration = .zero, lowering: Duration = .zero, rewrites: Duration = .zero, reused: Bool = false) {
        self.layout = layout
        self.lowering = lowering
        self.rewrites = rewrites
        self.reused = reused
    }

    public var total: Duration { layout + lowering + rewrites }
}
