import WeftText

/// One frame's layout: every view's answer for each proposal it is asked about, computed once and kept for the frame
/// (as SwiftUI's layout caches keep them). Planning, matched geometry, geometry sweeps and interpolation of a frame ask
/// the same `FrameLayout`, so a view is sized, arranged and measured once per proposal however many of them ask, and
/// stacks nested deep cost time linear in their depth.
///
/// A view is known by its node's identity (`ViewNode.identity`); the layout holds every node it has answered for, so no
/// identity is reused while it lives. A node's answers depend on nothing but the node (its content is immutable), so
/// a frame's layout may start from the previous frame's (`init(reusing:)`): the views a sequence or the preview shows
/// again unchanged — every view of a still screen — are not laid out again. One per frame, used by one thread.
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
        /// A text's lines as laid out at the proposal, which drawing it reads; nil for every other view.
        package var text: TextLayout? = nil
    }

    private var answers: [Key: Answer] = [:]
    /// The previous frame's answers not yet asked for in this one; dropped with this layout's successor.
    private var earlier: [Key: Answer]
    /// How many times a view was arranged (its layout rule run), over all views and proposals.
    package private(set) var arrangements = 0

    package init() { earlier = [:] }

    /// A layout that answers for the nodes of `previous`'s frame that this frame shows again, without laying them out.
    package init(reusing previous: FrameLayout) {
        earlier = previous.answers
        answers.reserveCapacity(previous.answers.count)
    }

    /// What is known of the view at the proposal `key` names, taken over from the previous frame when it knew it.
    private func known(_ key: Key) -> Answer? {
        if let answer = answers[key] { return answer }
        guard let answer = earlier.removeValue(forKey: key) else { return nil }
        answers[key] = answer
        return answer
    }

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
        if node.answersWithoutLayout { return laidOut(node, proposed: proposed) }
        let key = Key(node, proposed)
        if let known = known(key)?.arrangement { return known }
        arrangements += 1
        var arranged = laidOut(node, proposed: proposed)
        if !node.movesOnlyDrawing, arranged.children.contains(where: \.node.isPinned) {
            arranged.children = arranged.children.map { child in
                guard case .modified(_, let pin as GroupAnchor) = child.node.kind else { return child }
                return Layout.Placement(node: child.node, proposal: pin.size, transform: .translation(pin.origin))
            }
        }
        answers[key, default: Answer(node: node)].arrangement = arranged
        return arranged
    }

    /// Where the node can draw, in its own user space: its bounds grown by what its content reaches beyond them.
    package func extent(of node: ViewNode, proposed: SIMD2<Float>) -> Rect {
        if node.answersWithoutLayout { return measuredExtent(of: node, proposed: proposed) }
        let key = Key(node, proposed)
        if let known = known(key)?.extent { return known }
        let reach = measuredExtent(of: node, proposed: proposed)
        answers[key, default: Answer(node: node)].extent = reach
        return reach
    }

    /// Where the root goes on a canvas of `size`: centred.
    /// A root pinned by an animation (`GroupAnchor`) stands where its pin says.
    package func rootTransform(_ root: ViewNode, size: SIMD2<Float>) -> Affine {
        if case .modified(_, let pin as GroupAnchor) = root.kind { return .translation(pin.origin) }
        return .translation((size - self.size(of: root, proposed: size)) / 2)
    }
}

extension ViewNode {
    /// Whether the view is a leaf whose size and extent cost less to work out than to look up: a shape or a color
    /// (the size offered), a spacer, an image (its own size). The layout keeps no answers for these.
    package var answersWithoutLayout: Bool {
        switch kind {
        case .shape, .spacer, .image: true
        case .text, .stack, .stacked, .grid, .modified: false
        }
    }

    /// Whether an animation pinned the view where it stands (`GroupAnchor`).
    var isPinned: Bool {
        if case .modified(_, is GroupAnchor) = kind { return true }
        return false
    }
}
