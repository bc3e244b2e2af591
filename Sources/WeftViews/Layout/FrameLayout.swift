/// One frame's layout: every view's answer for each proposal it is asked about, computed once and kept for the frame
/// (as SwiftUI's layout caches keep them). Planning, matched geometry, geometry sweeps and interpolation of a frame ask
/// the same `FrameLayout`, so a view is sized, arranged and measured once per proposal however many of them ask, and
/// stacks nested deep cost time linear in their depth.
///
/// A view is known by its node's identity (`ViewNode.identity`); the layout holds every node it has answered for, so no
/// identity is reused while it lives. One per frame, used by one thread.
package final class FrameLayout {
    private struct Key: Hashable {
        var node: ObjectIdentifier
        var x: UInt32
        var y: UInt32
        init(_ node: ViewNode, _ proposal: SIMD2<Float>) {
            self.node = node.identity
            self.x = proposal.x.bitPattern
            self.y = proposal.y.bitPattern
        }
    }

    /// What is known of one view at one proposal.
    private struct Answer {
        /// Held so that the node's identity stays its own while the layout lives.
        var node: ViewNode
        var arrangement: Arrangement?
        var extent: Rect?
    }

    /// A view's size at a proposal and its children's placements.
    package struct Arrangement {
        package var size: SIMD2<Float>
        package var children: [Layout.Placement]
    }

    private var answers: [Key: Answer] = [:]
    /// How many times a view was arranged (its layout rule run), over all views and proposals.
    package private(set) var arrangements = 0

    package init() {}

    /// How many views were asked about, and at how many proposals in all.
    package var statistics: (views: Int, proposals: Int) {
        (Set(answers.keys.map(\.node)).count, answers.count)
    }

    package func size(of node: ViewNode, proposed: SIMD2<Float>) -> SIMD2<Float> {
        arrange(node, proposed: proposed).size
    }

    /// The node's size and its children's placements. A child pinned by an animation (`GroupAnchor`) stands where
    /// its pin says, unless the node only moves its drawing (then it shares the node's frame).
    package func arrange(_ node: ViewNode, proposed: SIMD2<Float>) -> Arrangement {
        let key = Key(node, proposed)
        if let known = answers[key]?.arrangement { return known }
        arrangements += 1
        var arranged = laidOut(node, proposed: proposed)
        if !node.movesOnlyDrawing {
            arranged.children = arranged.children.map { child in
                guard case .modified(_, .groupAnchor(let pin)) = child.node.kind else { return child }
                return Layout.Placement(node: child.node, proposal: pin.size, transform: .translation(pin.origin))
            }
        }
        answers[key, default: Answer(node: node)].arrangement = arranged
        return arranged
    }

    /// Where the node can draw, in its own user space: its bounds grown by what its content reaches beyond them.
    package func extent(of node: ViewNode, proposed: SIMD2<Float>) -> Rect {
        let key = Key(node, proposed)
        if let known = answers[key]?.extent { return known }
        let reach = measuredExtent(of: node, proposed: proposed)
        answers[key, default: Answer(node: node)].extent = reach
        return reach
    }

    /// Where the root goes on a canvas of `size`: centred.
    /// A root pinned by an animation (`GroupAnchor`) stands where its pin says.
    package func rootTransform(_ root: ViewNode, size: SIMD2<Float>) -> Affine {
        if case .modified(_, .groupAnchor(let pin)) = root.kind { return .translation(pin.origin) }
        return .translation((size - self.size(of: root, proposed: size)) / 2)
    }
}
