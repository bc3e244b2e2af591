import WeftText

/// A frame's layout: every view's answer for each proposal it is asked about, computed once and kept with the view
/// (`LayoutMemo`, as SwiftUI's layout caches keep them). Planning, matched geometry, geometry sweeps, interpolation and
/// a script's taps at a point ask through a `FrameLayout`, so a view is sized, arranged and measured once per proposal
/// however many of them ask, stacks nested deep cost time linear in their depth, and a later frame that shows a view
/// again — every view of a still screen, the views a change left alone — finds its answers made. Used by one thread;
/// the views it asks about may be shared.
package final class FrameLayout {
    /// A view's size at a proposal and its children's placements: made once, kept in the view's memo and handed out
    /// by reference (a frame's walks read every view's).
    package final class Arrangement: Sendable {
        package let size: SIMD2<Float>
        package let children: [Layout.Placement]
        /// A text's lines as laid out at the proposal, which drawing it reads; nil for every other view.
        package let text: TextLayout?

        package init(size: SIMD2<Float>, children: [Layout.Placement], text: TextLayout? = nil) {
            self.size = size
            self.children = children
            self.text = text
        }
    }

    private struct Question: Hashable {
        var node: ObjectIdentifier
        var x: UInt32
        var y: UInt32
    }

    /// How many times this layout arranged a view (ran its layout rule) that had no answer yet for the proposal.
    /// (This and `questions` are read and written on the hot path by the one thread that uses the layout: unchecked.)
    @exclusivity(unchecked) package private(set) var arrangements = 0
    /// How many times this layout measured where a view draws (its extent) at a proposal it had no answer for.
    @exclusivity(unchecked) package private(set) var extentsMeasured = 0
    /// Every (view, proposal) asked of this layout, when it counts them (`statistics`); the views are held so that no
    /// identity is reused while the layout lives.
    @exclusivity(unchecked) private var questions: [Question: ViewNode]?

    /// A layout; `countingQuestions` keeps every question for `statistics` (tests count layout work with it).
    package init(countingQuestions: Bool = false) {
        questions = countingQuestions ? [:] : nil
    }

    /// How many views were asked about, at how many proposals in all, and at most for one view (a layout made
    /// `countingQuestions`).
    package var statistics: (views: Int, proposals: Int, mostForOneView: Int) {
        guard let questions else { preconditionFailure("statistics are kept by a FrameLayout made countingQuestions") }
        let perView = Dictionary(grouping: questions.keys, by: \.node).mapValues(\.count)
        return (perView.count, questions.count, perView.values.max() ?? 0)
    }

    private func count(_ node: ViewNode, _ proposed: SIMD2<Float>) {
        guard questions != nil else { return }
        questions![Question(node: node.identity, x: proposed.x.bitPattern, y: proposed.y.bitPattern)] = node
    }

    package func size(of node: ViewNode, proposed offer: SIMD2<Float>) -> SIMD2<Float> {
        answer(of: node, proposed: offer).size
    }

    /// The node's size at `offer`, and its arrangement there unless it is a leaf sized without layout
    /// (`answersWithoutLayout`).
    package func answer(of node: ViewNode, proposed offer: SIMD2<Float>) -> (size: SIMD2<Float>, arrangement: Arrangement?) {
        if let size = node.leafSize(proposed: offer) { return (size, nil) }
        let arranged = arrangement(of: node, proposed: offer)
        return (arranged.size, arranged)
    }

    /// `child` offered `offer`, at its parent's origin (its parent moves it once it knows its size), its answer kept in
    /// the placement so that whoever walks the parent's arrangement finds the child's without asking again.
    package func placing(_ child: ViewNode, proposed offer: SIMD2<Float>) -> (size: SIMD2<Float>, placement: Layout.Placement) {
        let (size, arranged) = answer(of: child, proposed: offer)
        return (size, Layout.Placement(node: child, proposal: offer, transform: .identity, arrangement: arranged))
    }

    /// The node's size and its children's placements. A child pinned by an animation (`GroupAnchor`) stands where
    /// its pin says, unless the node only moves its drawing (then it shares the node's frame).
    package func arrange(_ node: ViewNode, proposed offer: SIMD2<Float>) -> Arrangement {
        if let size = node.leafSize(proposed: offer) { return Arrangement(size: size, children: []) }
        return arrangement(of: node, proposed: offer)
    }

    /// The arrangement of a node laid out by its rule, from its memo or made and kept there.
    private func arrangement(of node: ViewNode, proposed offer: SIMD2<Float>) -> Arrangement {
        let proposed = Self.question(node, offer)
        count(node, proposed)
        if let known = node.withLayoutMemo({ $0.arrangement(at: proposed) }) { return known }
        let arranged = arrangeAnew(node, proposed: proposed)
        node.withLayoutMemo { $0.remember(arranged, at: proposed) }
        return arranged
    }

    /// Runs the node's layout rule at a proposal it has no answer for.
    private func arrangeAnew(_ node: ViewNode, proposed: SIMD2<Float>) -> Arrangement {
        arrangements += 1
        let arranged = laidOut(node, proposed: proposed)
        guard !node.movesOnlyDrawing, arranged.children.contains(where: \.node.isPinned) else { return arranged }
        let children = arranged.children.map { child in
            guard case .modified(_, let pin as GroupAnchor) = child.node.kind else { return child }
            return Layout.Placement(node: child.node, proposal: pin.size, transform: .translation(pin.origin))
        }
        return Arrangement(size: arranged.size, children: children, text: arranged.text)
    }

    /// Where the node can draw, in its own user space: its bounds grown by what its content reaches beyond them.
    package func extent(of node: ViewNode, proposed offer: SIMD2<Float>) -> Rect {
        if node.answersWithoutLayout { return Self.leafExtent(node, size: size(of: node, proposed: offer)) }
        let proposed = Self.question(node, offer)
        count(node, proposed)
        if let known = node.withLayoutMemo({ $0.extent(at: proposed) }) { return known }
        extentsMeasured += 1
        let reach = measuredExtent(of: node, proposed: proposed)
        node.withLayoutMemo { $0.remember(reach, at: proposed) }
        return reach
    }

    /// Where a leaf of `size` can draw: its frame, or for a path its reach (`PathShape.reach(in:)`).
    package static func leafExtent(_ node: ViewNode, size: SIMD2<Float>) -> Rect {
        if case .shape(.path(let shape), _) = node.kind { return shape.reach(in: size) }
        return Rect(size: size)
    }

    /// The proposal `node` is asked at when offered `offer`: a view whose layout ignores the height offered
    /// (`LayoutTraits.ignoresHeightOffer`) answers every height as height 0, so it is arranged once per width; one
    /// that ignores the offer (`LayoutTraits.ignoresOffer`) answers every offer as zero, so it is arranged once.
    private static func question(_ node: ViewNode, _ offer: SIMD2<Float>) -> SIMD2<Float> {
        node.ignoresOffer ? .zero : node.ignoresHeightOffer ? SIMD2(offer.x, 0) : offer
    }

    /// Where the root goes on a canvas of `size`: centred.
    /// A root pinned by an animation (`GroupAnchor`) stands where its pin says.
    package func rootTransform(_ root: ViewNode, size: SIMD2<Float>) -> Affine {
        if case .modified(_, let pin as GroupAnchor) = root.kind { return .translation(pin.origin) }
        return .translation((size - self.size(of: root, proposed: size)) / 2)
    }
}
