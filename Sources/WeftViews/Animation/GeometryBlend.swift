/// The view tree part of the way through a change, as SwiftUI animates it (docs/animation.md): what animates
/// is resolved geometry. Both states are laid out; views are matched by identity (`Interpolation`'s rules);
/// each matched view's resolved frame is interpolated, and every view of the result is pinned to its frame
/// (`GroupAnchor`), so the result is drawn where the frames say, not laid out again.
///
/// Frames are taken in layout space: `offset`, `rotationEffect`, `scaleEffect` and a transition's move only move
/// the drawing, and animate as attributes. Without a group, a view's frame is interpolated relative to the canvas;
/// inside a `geometryGroup()` or `drawingGroup()` (a geometry boundary), relative to the group's frame, so the
/// group's children move with it. A view that only the new state has stands at its new place (relative to its
/// group), one that only the old state has at its old place, each running its transition there.
///
/// A change that interrupts another blends from what that one shows (`Timeline`): a view still entering there goes
/// on entering from where its transition is to fully shown, one removed goes out from where it is, both along the
/// new change's curve (`Transitioning`).
enum GeometryBlend {
    /// `from` laid out at `size` at progress 0, `to` at 1; frames in between (or, for springs, beyond): at `progress`'s
    /// `outside` progress, and inside each of `to`'s live `AnimationScope`s at that scope's own.
    static func between(_ from: ViewNode, _ to: ViewNode, progress: ChangeProgress, size: SIMD2<Float>, layout: FrameLayout) -> ViewNode {
        let a = Placed(root: from, size: size, layout: layout), b = Placed(root: to, size: size, layout: layout)
        let root = Group(origin: .zero, old: .zero, new: .zero, change: progress)
        let pieces = blend(a, b, group: root, progress.outside)
        if pieces.count == 1 { return pieces[0].pinned(in: .zero) }
        return ViewNode(.modified(ViewNode(.stack(pieces.map { $0.pinned(in: .zero) })), GroupAnchor(origin: .zero, size: size)))
    }

    /// The name of views leaving (no view of a state can have it: a `Text`'s and an author's ids are printable).
    static let leavingID = "\u{0}leaving"
    /// The mark of views entering; they keep their own identity (`identity(of:)` looks through it).
    static let enteringID = "\u{0}entering"

    /// A view of the result with its frame in layout space (relative to the canvas).
    struct Piece {
        var node: ViewNode
        var origin: SIMD2<Float>
        var size: SIMD2<Float>

        /// The view pinned to its frame, relative to its parent's origin.
        func pinned(in parent: SIMD2<Float>) -> ViewNode {
            ViewNode(.modified(node, GroupAnchor(origin: origin - parent, size: size)))
        }
    }

    /// The geometry boundary frames are interpolated in: its origin in the result, and in the old and new states.
    struct Group {
        var origin: SIMD2<Float>
        var old: SIMD2<Float>
        var new: SIMD2<Float>
        /// The change's progress, inside its live scopes and outside.
        var change: ChangeProgress
    }

    /// A laid-out view: the node (its pin looked through), its offer, and its frame in layout space.
    struct Placed {
        var node: ViewNode
        var proposal: SIMD2<Float>
        var origin: SIMD2<Float>
        var size: SIMD2<Float>
        /// The frame's layout, which placed it.
        let layout: FrameLayout

        init(node: ViewNode, proposal: SIMD2<Float>, origin: SIMD2<Float>, layout: FrameLayout) {
            var node = node, proposal = proposal
            while case .modified(let inner, let pin as GroupAnchor) = node.kind {
                node = inner
                proposal = pin.size
            }
            self.node = node
            self.proposal = proposal
            self.origin = origin
            self.layout = layout
            self.size = layout.size(of: node, proposed: proposal)
        }

        init(root: ViewNode, size: SIMD2<Float>, layout: FrameLayout) {
            self.init(node: root, proposal: size, origin: layout.rootTransform(root, size: size).translation, layout: layout)
        }

        /// The children as placed by the layout; those of a drawing transform share the view's frame.
        var children: [Placed] {
            let placed = layout.arrange(node, proposed: proposal).children
            let drawingOnly = node.movesOnlyDrawing
            return placed.map { Placed(node: $0.node, proposal: $0.proposal, origin: drawingOnly ? origin : origin + $0.transform.translation,
                                  layout: layout) }
        }
    }

    /// The pieces for the views `a` (old) and `b` (new) at the same place: one matched view, or the old one leaving
    /// and the new one entering; at `b`'s live scope's progress when it is one, else at `p`, the progress around them.
    static func blend(_ a: Placed, _ b: Placed, group: Group, _ p: Float) -> [Piece] {
        let p = group.change.inside(b.node, around: p)
        let origin = group.origin + Interpolation.lerp(a.origin - group.old, b.origin - group.new, p)
        let size = pointwiseMax(Interpolation.lerp(a.size, b.size, p), .zero)
        if let entering = Transitioning(a), !entering.leaving {
            if let node = matched(entering.view, b, origin: origin, size: size, group: group, p) {
                return [Piece(node: entering.node(node, size: size, towards: 1, p), origin: origin, size: size)]
            }
        } else if let node = matched(a, b, origin: origin, size: size, group: group, p) {
            return [Piece(node: node, origin: origin, size: size)]
        }
        return [alone(a, group: group, entering: false, p), alone(b, group: group, entering: true, p)]
    }

    /// A view in one state only, at its own place relative to its group, `p` of the way through its transition: the
    /// progress where it enters or leaves, outside any `animation(_:value:)` written on the view itself (SwiftUI's rule).
    static func alone(_ x: Placed, group: Group, entering: Bool, _ p: Float) -> Piece {
        let origin = group.origin + x.origin - (entering ? group.new : group.old)
        if !entering, let running = Transitioning(x) {
            return Piece(node: running.node(rebuilt(running.view), size: running.view.size, towards: 0, p), origin: origin, size: x.size)
        }
        let transition = Interpolation.transition(of: x.node)
        var node = rebuilt(x)
        if let modifier = transition.modifier(presence: entering ? p : 1 - p) {
            node = Transitioning.shown(node, size: x.size, by: modifier)
            if entering, transition != .identity { node = ViewNode(.modified(node, ViewID(name: enteringID))) }
        }
        // A view on its way out matches nothing when a change interrupts this one: it goes on leaving.
        if !entering { node = ViewNode(.modified(node, ViewID(name: leavingID))) }
        return Piece(node: node, origin: origin, size: x.size)
    }

    /// A view of a presented tree part of the way through its transition (not `identity`, which shows a view whole
    /// or not at all): when a change interrupts the one that moves it, it goes on from where it is — `shown`, the
    /// transition's modifier now — to fully shown (`towards` 1: the new state has it too) or to gone (0), along the
    /// new change's progress, so nothing jumps or cross-fades at the interruption.
    struct Transitioning {
        /// The view without its transition's modifier.
        var view: Placed
        var transition: Transition
        var shown: any ModifierRule
        var leaving: Bool

        /// `x` when it is marked as entering or leaving under a transition's modifier (`alone` marks them so).
        init?(_ x: Placed) {
            guard case .modified(var marked, let mark as ViewID) = x.node.kind, mark.name == enteringID || mark.name == leavingID else { return nil }
            transition = Interpolation.transition(of: marked)
            // Rebuilding a view (a container leaving around it) pins what was under the mark.
            while case .modified(let inner, is GroupAnchor) = marked.kind { marked = inner }
            guard transition != .identity, case .modified(let view, let shown) = marked.kind else { return nil }
            self.view = Placed(node: view, proposal: x.proposal, origin: x.origin, layout: x.layout)
            self.shown = shown
            leaving = mark.name == leavingID
        }

        /// `node` (the view, at `size`) `p` of the way from where its transition is to presence `towards`, marked
        /// again unless it has arrived.
        func node(_ node: ViewNode, size: SIMD2<Float>, towards presence: Float, _ p: Float) -> ViewNode {
            let p = min(max(p, 0), 1)
            if p == 1, presence == 1 { return node }
            // The transition's modifiers at two presences, of one kind (not `identity`'s), so they interpolate.
            let modifier = transition.modifier(presence: presence).flatMap { shown.interpolated(toward: $0, progress: p) } ?? shown
            return ViewNode(.modified(Self.shown(node, size: size, by: modifier), ViewID(name: presence == 1 ? enteringID : leavingID)))
        }

        /// `node` (at `size`) under a transition's `modifier`, which moves and scales it about its own frame.
        static func shown(_ node: ViewNode, size: SIMD2<Float>, by modifier: any ModifierRule) -> ViewNode {
            ViewNode(.modified(ViewNode(.modified(node, GroupAnchor(origin: .zero, size: size))), modifier))
        }
    }

    /// The name a view of a presented tree is matched by: its own, through the mark of a view entering.
    static func identity(of node: ViewNode) -> String? {
        guard case .modified(let inner, let mark as ViewID) = node.kind, mark.name == enteringID else { return Interpolation.id(of: node) }
        return Interpolation.id(of: inner)
    }

    /// `x` with every child pinned where its own layout put it.
    static func rebuilt(_ x: Placed) -> ViewNode {
        let children = x.children.map { Piece(node: rebuilt($0), origin: $0.origin, size: $0.size).pinned(in: x.origin) }
        switch x.node.kind {
        case .shape, .image, .text, .spacer: return x.node
        case .stack: return ViewNode(.stack(children))
        case .stacked(let layout, _): return ViewNode(.stacked(layout, children))
        case .grid(let layout, _): return ViewNode(.grid(layout, children))
        case .modified(_, let modifier): return ViewNode(.modified(children[0], modifier))
        }
    }

    private static func matched(_ a: Placed, _ b: Placed, origin: SIMD2<Float>, size: SIMD2<Float>, group: Group, _ p: Float) -> ViewNode? {
        func pinned(_ pieces: [Piece]) -> [ViewNode] { pieces.map { $0.pinned(in: origin) } }
        switch (a.node.kind, b.node.kind) {
        case (.shape(let ga, let fa), .shape(let gb, let fb)):
            guard let geometry = Interpolation.lerp(ga, gb, p) else { return nil }
            return ViewNode(.shape(geometry, Interpolation.lerp(fa, fb, p)))
        case (.image, .image), (.spacer, .spacer):
            return b.node
        case (.text(let ta), .text(let tb)):
            return Interpolation.text(ta, tb, p)
        case (.stack, .stack):
            return ViewNode(.stack(pinned(children(a.children, b.children, group: group, p))))
        case (.stacked(let la, _), .stacked(let lb, _)):
            guard la.axis == lb.axis else { return nil }
            return ViewNode(.stacked(lb, pinned(children(a.children, b.children, group: group, p))))
        case (.grid, .grid(let lb, _)):
            return ViewNode(.grid(lb, pinned(children(a.children, b.children, group: group, p))))
        case (.modified(_, let ma), .modified(_, let mb)):
            guard let modifier = ma.interpolated(toward: mb, progress: p, change: group.change) else { return nil }
            let inner = modifier.isGeometryBoundary
                ? Group(origin: origin, old: a.origin, new: b.origin, change: group.change) : group
            let pieces = blend(a.children[0], b.children[0], group: inner, p)
            let child = pieces.count == 1 ? pieces[0].pinned(in: origin)
                : ViewNode(.modified(ViewNode(.stack(pinned(pieces))), GroupAnchor(origin: .zero, size: size)))
            return ViewNode(.modified(child, modifier))
        default:
            return nil
        }
    }

    /// Children of a container: matched ones in the new order, inserted ones entering, removed ones leaving,
    /// drawn at the place in the order they had.
    private static func children(_ a: [Placed], _ b: [Placed], group: Group, _ p: Float) -> [Piece] {
        var unnamedA = a.indices.filter { identity(of: a[$0].node) == nil }[...]
        var named: [String: Int] = [:]
        for (i, child) in a.enumerated() { if let id = identity(of: child.node), named[id] == nil { named[id] = i } }
        var used = Set<Int>()
        var result: [[Piece]] = []
        for child in b {
            let partner: Int?
            if let id = identity(of: child.node) { partner = named[id] } else { partner = unnamedA.popFirst() }
            if let partner, !used.contains(partner) {
                used.insert(partner)
                result.append(blend(a[partner], child, group: group, p))
            } else {
                result.append([alone(child, group: group, entering: true, p)])
            }
        }
        for i in a.indices where !used.contains(i) {
            result.insert([alone(a[i], group: group, entering: false, p)], at: min(i, result.count))
        }
        return result.flatMap { $0 }
    }
}
