/// Content built from the time (`TimelineView`'s): its child is the content at time 0, and a `Timeline` builds it
/// again at every frame's time (`ViewNode.clocked(at:)`). Changes nothing drawn itself; only Weft puts it in a tree.
package struct ClockedContent: ModifierRule {
    let content: @Sendable (Double) -> ViewNode

    package static let sceneKeys: [String] = []

    package var keepsSpacer: Bool { false }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? ClockedContent }

    package var drawing: ModifierDrawing { .child }
}

extension ViewNode {
    /// Whether any `TimelineView` is in the tree.
    package var isClocked: Bool {
        var found = false
        _ = rewritten { node in
            if found { return node }
            if case .modified(_, is ClockedContent) = node.kind { found = true }
            return nil
        }
        return found
    }

    /// The tree with every `TimelineView`'s content built at `time` seconds.
    package func clocked(at time: Double) -> ViewNode {
        rewritten { node in
            guard case .modified(_, let clock as ClockedContent) = node.kind else { return nil }
            return ViewNode(.modified(clock.content(time).clocked(at: time), clock))
        }
    }
}
