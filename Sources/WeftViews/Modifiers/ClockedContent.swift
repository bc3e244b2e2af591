/// Content built from the time (`TimelineView`'s). Until a time is given (`shownAt` nil) its child is the content at
/// time 0; `ViewNode.clocked(at:)` builds it at a frame's time — a `Timeline` at every frame's, the planner at the
/// render's clock (`FrameContext.time`) for a tree that reaches it unbuilt. Changes nothing drawn itself; only Weft
/// puts it in a tree.
package struct ClockedContent: ModifierRule {
    var content: @Sendable (Double) -> ViewNode
    /// The time the child was built at; nil while it waits for one.
    var shownAt: Double?

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { false }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? ClockedContent }

    package var drawing: ModifierDrawing { .child }
}

extension ViewNode {
    /// Whether any `TimelineView` in the tree waits for a time to be built at.
    package var isClocked: Bool { deferred.contains(.clock) }

    /// The tree with every `TimelineView` not yet built at a time built at `time` seconds; the tree itself when it
    /// has none.
    package func clocked(at time: Double) -> ViewNode {
        guard isClocked else { return self }
        return rewritten { node in
            guard node.isClocked else { return node }
            guard case .modified(_, var clock as ClockedContent) = node.kind, clock.shownAt == nil else { return nil }
            clock.shownAt = time
            return ViewNode(.modified(clock.content(time).clocked(at: time), clock))
        }
    }
}
