import WeftText

/// SwiftUI-style layout, simplified: a parent proposes a size, the child chooses its own,
/// the parent places it. Shapes and colors take what they are offered, images keep their
/// size, `ZStack` is as large as its largest child and centres every child.
package enum Layout {
    /// A child as placed by its parent: what it was offered, and the map from its user
    /// space to the parent's.
    package struct Placement: Sendable {
        package var node: ViewNode
        package var proposal: SIMD2<Float>
        package var transform: Affine
        /// The child's arrangement at `proposal`, where its parent had it in hand (nil for a leaf sized without layout,
        /// or where the parent did not keep it): a walk of the frame reads it instead of asking the child's memo.
        package var arrangement: FrameLayout.Arrangement? = nil
    }

    /// `node`'s size at `proposed`, from a layout of its own (a frame asks its `FrameLayout`).
    package static func size(of node: ViewNode, proposed: SIMD2<Float>) -> SIMD2<Float> {
        FrameLayout().size(of: node, proposed: proposed)
    }

    /// `node`'s size and children's placements at `proposed`, from a layout of its own (a frame asks its `FrameLayout`).
    package static func arrange(_ node: ViewNode, proposed: SIMD2<Float>) -> (size: SIMD2<Float>, children: [Placement]) {
        let arranged = FrameLayout().arrange(node, proposed: proposed)
        return (arranged.size, arranged.children)
    }
}

/// The layout rules, each run once per view and proposal by `FrameLayout`.
extension FrameLayout {
    fileprivate typealias Placement = Layout.Placement

    func laidOut(_ node: ViewNode, proposed: SIMD2<Float>) -> Arrangement {
        switch node.kind {
        case .shape, .image, .spacer: preconditionFailure("a leaf is sized without layout (LayoutTraits.leafSize)")
        case .text(let text):
            let lines = layout(of: text, in: node, width: proposed.x)
            return Arrangement(size: lines.size, children: [], text: lines)
        case .stacked(let layout, let children):
            return arrange(children, in: layout, proposed: proposed)
        case .grid(let layout, let children):
            return arrange(children, in: layout, proposed: proposed)
        case .stack(let children, let alignment):
            let answers = children.map { answer(of: $0, proposed: proposed) }
            let total = answers.reduce(SIMD2<Float>.zero) { pointwiseMax($0, $1.size) }
            let placed = zip(children, answers).map { child, answer in
                Placement(node: child, proposal: proposed, transform: .translation((total - answer.size) * alignment.vector),
                          arrangement: answer.arrangement)
            }
            return Arrangement(size: total, children: placed)
        case .modified(let child, let rule):
            return rule.arrange(child, proposed: proposed, in: self)
        }
    }

    /// `text`'s lines at `width`: its layout at an unbounded width, kept with its view, wherever that fits — a stack
    /// asks a text at its two probes and its share, and most texts fit all three.
    private func layout(of text: Text, in node: ViewNode, width: Float) -> TextLayout {
        let natural = node.withLayoutMemo { $0.naturalText } ?? {
            let natural = text.layout()
            node.withLayoutMemo { $0.naturalText = natural }
            return natural
        }()
        return natural.isLayout(atWidth: width, lineLimit: text.lineLimit) ? natural : text.layout(width: width, natural: natural)
    }

    /// An `HStack` or `VStack`, after SwiftUI: the room left after spacing and the spacers' minimum lengths is
    /// offered to the other children in order of flexibility (the least flexible first), each getting an equal share
    /// of what the ones before it left; the spacers, the most flexible of all, then share what is left, each at least
    /// its minimum length. So a `Color` beside a `Spacer` takes all but the spacer's minimum. The stack is as long as
    /// its children and spacing, as thick as its thickest child.
    func arrange(_ children: [ViewNode], in layout: StackLayout, proposed: SIMD2<Float>) -> Arrangement {
        let count = children.count
        guard count > 0 else { return Arrangement(size: .zero, children: []) }
        // Per child, by index: its flexibility, the offer it was sized at and its size; `order`, the children in the
        // order they are offered room (the others by flexibility, then the spacers). Scratch space, not kept.
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { flexibility in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: 2 * count) { sizesAndOffers in
                    withUnsafeTemporaryAllocation(of: Arrangement?.self, capacity: count) { answers in
                        answers.initialize(repeating: nil)
                        defer { answers.deinitialize() }
                        return arrange(children, in: layout, proposed: proposed, flexibility: flexibility, order: order,
                                       sizes: UnsafeMutableBufferPointer(rebasing: sizesAndOffers[..<count]),
                                       offers: UnsafeMutableBufferPointer(rebasing: sizesAndOffers[count...]), answers: answers)
                    }
                }
            }
        }
    }

    private func arrange(_ children: [ViewNode], in layout: StackLayout, proposed: SIMD2<Float>,
                         flexibility: UnsafeMutableBufferPointer<Float>, order: UnsafeMutableBufferPointer<Int>,
                         sizes: UnsafeMutableBufferPointer<SIMD2<Float>>, offers: UnsafeMutableBufferPointer<SIMD2<Float>>,
                         answers: UnsafeMutableBufferPointer<Arrangement?>) -> Arrangement {
        let count = children.count
        let crossOffer = layout.cross(proposed)
        func childSize(_ child: ViewNode, main: Float, cross: Float) -> SIMD2<Float> {
            if let minLength = child.spacerLength { return layout.vector(main: max(main, minLength), cross: 0) }
            return size(of: child, proposed: layout.vector(main: main, cross: cross))
        }
        /// The child's size at the offer it is placed with, its answer there kept for its placement.
        func placedSize(_ i: Int, main: Float, cross: Float) -> SIMD2<Float> {
            if children[i].spacerLength != nil { return childSize(children[i], main: main, cross: cross) }
            let (size, arranged) = answer(of: children[i], proposed: layout.vector(main: main, cross: cross))
            answers[i] = arranged
            return size
        }
        // How far each child can grow: its length offered unlimited room less its length offered none. An unlimited
        // offer is infinite, as SwiftUI's is, so that every share of it is the same offer. No view's width depends on
        // the height it is offered (text wraps by width; nothing keeps an aspect ratio), so a row asks its children's
        // widths at no height: one question per child, whatever the row is offered.
        let probeCross = layout.axis == .horizontal ? 0 : crossOffer
        // A child that ignores the offer, or a column's child that ignores the height offered, answers its two probes
        // and its share as one question (`FrameLayout`): it is asked once.
        func asksOnce(_ child: ViewNode) -> Bool { child.ignoresOffer || (layout.axis == .vertical && child.ignoresHeightOffer) }
        var others = 0, spacers = count
        var ordered = true
        for (i, child) in children.enumerated() {
            if child.spacerLength != nil {
                spacers -= 1
                order[spacers] = i
                continue
            }
            let range: Float
            if asksOnce(child) {
                sizes[i] = placedSize(i, main: 0, cross: crossOffer)
                range = layout.main(sizes[i]) - layout.main(sizes[i])
            } else {
                // A child as long as unlimited room is infinitely flexible, whatever its length offered none: that
                // probe is not asked.
                let longest = layout.main(childSize(child, main: .infinity, cross: probeCross))
                range = longest == .infinity ? .infinity : longest - layout.main(childSize(child, main: 0, cross: probeCross))
            }
            flexibility[i] = range.isNaN ? .infinity : range
            if others > 0 && flexibility[i] < flexibility[order[others - 1]] { ordered = false }
            order[others] = i
            others += 1
        }
        // The least flexible first (in order when they are already); spacers too go least flexible first: the
        // longer minimum first.
        if !ordered {
            var byFlexibility = UnsafeMutableBufferPointer(rebasing: order[..<others])
            byFlexibility.sort { (flexibility[$0], $0) < (flexibility[$1], $1) }
        }
        var spacerOrder = UnsafeMutableBufferPointer(rebasing: order[others...])
        spacerOrder.reverse()
        if spacerOrder.count > 1 {
            spacerOrder.sort { (-(children[$0].spacerLength ?? 0), $0) < (-(children[$1].spacerLength ?? 0), $1) }
        }
        let reserved = spacerOrder.reduce(Float(0)) { $0 + (children[$1].spacerLength ?? 0) }
        let unlimited = layout.main(proposed) == .infinity
        var remaining = layout.main(proposed) - layout.spacing * Float(count - 1) - reserved
        for k in 0..<count {
            if k == others { remaining += reserved }
            let left = k < others ? others - k : count - k
            let share = unlimited ? .infinity : max(remaining, 0) / Float(left)
            let i = order[k]
            offers[i] = layout.vector(main: share, cross: crossOffer)
            if children[i].spacerLength != nil || !asksOnce(children[i]) { sizes[i] = placedSize(i, main: share, cross: crossOffer) }
            remaining -= layout.main(sizes[i])
        }
        var thickness = layout.cross(sizes[0])
        for size in sizes.dropFirst() where thickness < layout.cross(size) { thickness = layout.cross(size) }
        var position: Float = 0
        var placements: [Placement] = []
        placements.reserveCapacity(count)
        // Each child is placed with the proposal it was sized at, as SwiftUI's stacks place theirs: the size it drew
        // is the size it answered, and no subtree is laid out again at a second proposal.
        for (i, child) in children.enumerated() {
            let across = (thickness - layout.cross(sizes[i])) * layout.alignment
            placements.append(Placement(node: child, proposal: offers[i], transform: .translation(layout.vector(main: position, cross: across)),
                                        arrangement: answers[i]))
            position += layout.main(sizes[i]) + layout.spacing
        }
        return Arrangement(size: layout.vector(main: position - layout.spacing, cross: thickness), children: placements)
    }

    /// Where a text of `size` laid out at `pointSize` can draw: its box, grown by a quarter of the point size, as ink may
    /// overhang the advances and the line box (italics, accents, swashes).
    package static func textExtent(size: SIMD2<Float>, pointSize: Float) -> Rect {
        size == .zero ? Rect(size: size) : Rect(size: size).outset(by: SIMD2(repeating: pointSize / 4))
    }

    /// Where the node can draw, in its own user space: its bounds grown by what its content
    /// reaches beyond them (offsets, rotations, shadows, effect padding).
    func measuredExtent(of node: ViewNode, proposed: SIMD2<Float>) -> Rect {
        let arranged = arrange(node, proposed: proposed)
        let size = arranged.size, children = arranged.children
        let bounds = Rect(size: size)
        switch node.kind {
        case .shape, .image, .spacer:
            return Self.leafExtent(node, size: size)
        case .text(let text):
            return Self.textExtent(size: size, pointSize: text.size)
        case .stack, .stacked, .grid:
            return children.reduce(Rect(origin: bounds.origin + size / 2, size: .zero)) { sum, child in
                sum.union(extent(of: child.node, proposed: child.proposal).applying(child.transform))
            }
        case .modified(_, let rule):
            let child = children[0]
            let inner = extent(of: child.node, proposed: child.proposal).applying(child.transform)
            return rule.extent(inner: inner, arranged: arranged, in: self)
        }
    }
}

package enum Blur {
    /// How far a Gaussian of `sigma` reaches (3σ), in the same unit.
    package static func reach(sigma: Float) -> Float { (3 * sigma).rounded(.up) }

    /// Normalized Gaussian weights for offsets −radius…radius (a single 1 when sigma is 0): the engine blur's, for shadows
    /// and for the stock gaussianBlur it stands in for (σ = taps / 3, whose recurrence in Shaders/gaussianBlur.glsl gives
    /// these weights, g^(k²) with g = exp(−1 / 2σ²)).
    package static func weights(sigma: Float, radius: Int) -> [Float] {
        let raw = (-radius...radius).map { k -> Double in
            sigma > 0 ? exp(-Double(k * k) / (2 * Double(sigma) * Double(sigma))) : (k == 0 ? 1 : 0)
        }
        let total = raw.reduce(0, +)
        return raw.map { Float($0 / total) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
