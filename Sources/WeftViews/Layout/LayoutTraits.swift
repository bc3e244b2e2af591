/// What layout asks of a view again and again, worked out once when the view is made (its content is immutable).
struct LayoutTraits: Sendable {
    /// How a leaf whose size and extent cost less to work out than to look up is sized: a shape or a color takes the
    /// size offered, a spacer none, an image its own. The layout keeps no answers for these.
    enum LeafSize: Sendable {
        /// Not such a leaf: the view is laid out by its rule, and its answers kept.
        case laidOut
        case offered
        case fixed(SIMD2<Float>)
    }
    var leafSize: LeafSize
    /// Whether an animation pinned the view where it stands (`GroupAnchor`).
    var isPinned = false
    /// Whether the view's child has the view's own frame and is only drawn moved (offset, rotation, scale).
    var movesOnlyDrawing = false
    /// A `Spacer`'s minimum length, when the view is one (named, given a transition or other modifiers that change
    /// nothing of its layout, it still takes its room in a stack).
    var spacerLength: Float?
    /// Whether the view's size and its children's placements are the same at every height it is offered: a text (it
    /// wraps by width), an image, a frame of fixed height, stacks and modifiers of such views. Layout then answers every
    /// height as one (`FrameLayout`): a row asked at three heights arranges its cells once.
    var ignoresHeightOffer = false
    /// Whether the view's size and its children's placements are the same whatever it is offered: an image, a frame
    /// of fixed width and height, modifiers of such views that pass the offer on. Layout then answers every offer as
    /// one (`FrameLayout`): a symbol in a stack is arranged once, not once per probe.
    var ignoresOffer = false
    /// Whether a `matchedGeometryEffect` is on the view or among its children's (modifiers' held views aside), so a
    /// frame without one skips matched geometry's walk.
    var holdsMatchedGeometry = false
    /// Whether an `onGeometryChange` is on the view or anywhere inside it — its children, a component's states, a
    /// modifier's held views — so a frame asks whether a scene needs a geometry sweep without walking it.
    var observesGeometry = false
    /// Whether drawing the view binds a shader anywhere inside it — an effect, a blend effect, a shader fill — in its
    /// children and in the views its modifiers hold. Such a view is drawn wherever it stands, on the canvas or not, so
    /// that a frame binds what it always binds and a shader's error shows wherever its view is (`Lowering.draw`).
    var bindsShaders = false
    /// How far beyond its frame the view can draw, in points of its own space, whatever it is offered: its extent
    /// (`FrameLayout.extent`) lies inside its frame grown by this. Infinite where no bound is known — a view moved,
    /// rotated, grown by a shadow or a blur, a frame its child may overflow. Finite only where every size inside is
    /// at least zero, so that a stack's children lie inside it. Lowering passes over a view whose grown frame misses
    /// the canvas without measuring where it draws.
    var overhang: Float = .infinity
    /// Whether drawing the view is drawing its children where its arrangement places them, nothing more: a stack, a
    /// grid, a modifier drawn as its child (`ModifierDrawing.child`). Lowering then reads no more of the view.
    var drawsOnlyChildren = false
    /// How many views deep the tree under the view goes, the view itself counted: its children's, its modifier's child
    /// and held views' and states', one more. Layout and lowering recurse once a level, so planning refuses a tree
    /// deeper than a thread's stack holds (`ViewNode.deepestLaidOut`).
    var depth: Int = 1

    init(_ kind: ViewNode.Kind) {
        switch kind {
        case .shape(let geometry, let fill):
            leafSize = .offered
            if case .shader = fill.kind { bindsShaders = true }
            if case .path(let shape) = geometry { overhang = shape.overhang } else { overhang = 0 }
        case .image(let image):
            leafSize = .fixed(image.size.vector)
            ignoresHeightOffer = true
            ignoresOffer = true
            overhang = image.size.vector.min() >= 0 ? 0 : .infinity
        case .spacer(let minLength):
            leafSize = .fixed(.zero)
            spacerLength = minLength
            overhang = minLength >= 0 ? 0 : .infinity
        case .text(let text):
            leafSize = .laidOut
            ignoresHeightOffer = true
            overhang = text.size >= 0 ? text.size / 4 : .infinity
        case .stack(let children, let alignment):
            leafSize = .laidOut
            depth = Self.depth(under: children)
            drawsOnlyChildren = true
            overhang = (0...1).contains(alignment.x) && (0...1).contains(alignment.y) ? Self.overhang(of: children) : .infinity
            ignoresHeightOffer = children.allSatisfy(\.ignoresHeightOffer)
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
        case .stacked(let layout, let children):
            leafSize = .laidOut
            depth = Self.depth(under: children)
            drawsOnlyChildren = true
            // Children lie one after another from the stack's start, each inside its thickness, unless spacing
            // goes back.
            overhang = layout.spacing >= 0 && (0...1).contains(layout.alignment) ? Self.overhang(of: children) : .infinity
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
            // A column gives its spacers the height it was offered; a row gives them width only.
            ignoresHeightOffer = children.allSatisfy { child in
                child.spacerLength == nil ? child.ignoresHeightOffer : layout.axis == .horizontal
            }
        case .grid(_, let children):
            leafSize = .laidOut
            depth = Self.depth(under: children)
            drawsOnlyChildren = true
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
        case .modified(let child, let rule):
            leafSize = .laidOut
            isPinned = rule is GroupAnchor
            movesOnlyDrawing = rule.movesOnlyDrawing
            overhang = rule.overhang(of: child)
            if overhang.isNaN || overhang < 0 { overhang = .infinity }
            spacerLength = rule.keepsSpacer ? child.spacerLength : nil
            ignoresHeightOffer = rule.ignoresHeightOffer(childIgnores: child.ignoresHeightOffer)
            ignoresOffer = rule.ignoresOffer(childIgnores: child.ignoresOffer)
            holdsMatchedGeometry = rule is MatchedGeometry || child.holdsMatchedGeometry
            let held = rule.heldViews
            depth = max(child.depth + 1, Self.depth(under: held))
            if let component = rule as? StateSwitch {
                observesGeometry = component.states.values.contains(where: \.observesGeometry)
            } else {
                observesGeometry = rule is GeometryChange || child.observesGeometry || held.contains(where: \.observesGeometry)
            }
            let drawing = rule.drawing
            if case .child = drawing, rule.drawnViews.isEmpty { drawsOnlyChildren = true }
            switch drawing {
            case .effect, .blendEffect: bindsShaders = true
            case .child, .opacity, .blendMode, .shadow, .group, .decoration, .blur:
                bindsShaders = child.bindsShaders || held.contains(where: \.bindsShaders)
            }
        }
    }
}

extension LayoutTraits {
    /// One more than the deepest of `children`.
    private static func depth(under children: [ViewNode]) -> Int {
        1 + children.reduce(0) { max($0, $1.depth) }
    }

    /// The most any of `children` can draw beyond its frame.
    private static func overhang(of children: [ViewNode]) -> Float {
        children.reduce(0) { max($0, $1.overhang) }
    }
}

extension ViewNode {
    /// Whether the view is a leaf sized without layout (`LayoutTraits.leafSize`), whose answers are not kept.
    package var answersWithoutLayout: Bool {
        if case .laidOut = layoutTraits.leafSize { return false }
        return true
    }
    /// The view's size at `proposed` when it is a leaf sized without layout; nil for every other view.
    func leafSize(proposed: SIMD2<Float>) -> SIMD2<Float>? {
        switch layoutTraits.leafSize {
        case .laidOut: nil
        case .offered: pointwiseMax(proposed, .zero)
        case .fixed(let size): size
        }
    }
    var isPinned: Bool { layoutTraits.isPinned }
    package var movesOnlyDrawing: Bool { layoutTraits.movesOnlyDrawing }
    package var spacerLength: Float? { layoutTraits.spacerLength }
    var ignoresHeightOffer: Bool { layoutTraits.ignoresHeightOffer }
    var ignoresOffer: Bool { layoutTraits.ignoresOffer }
    var holdsMatchedGeometry: Bool { layoutTraits.holdsMatchedGeometry }
    var observesGeometry: Bool { layoutTraits.observesGeometry }
    package var bindsShaders: Bool { layoutTraits.bindsShaders }
    package var overhang: Float { layoutTraits.overhang }
    package var drawsOnlyChildren: Bool { layoutTraits.drawsOnlyChildren }
    package var depth: Int { layoutTraits.depth }
    /// The deepest view tree laid out, interpolated or planned: each recurses once a level, and a tree this deep is
    /// within a thread's 8 MB stack (Weft's render threads', a main thread's by default) in a debug build, whose frames
    /// are the larger, whatever its views — shadows and overlays a level each take the most.
    public static let deepestLaidOut = 512
    /// Whether the tree under the view nests deeper than `deepestLaidOut`: nothing walks it a level a call then.
    package var nestsTooDeep: Bool { depth > Self.deepestLaidOut }
    /// What is wrong with a tree `depth` views deep, deeper than `limit`, worded once for whoever refuses it (the
    /// planner, the scene reader, a script's host), each saying first what nests so.
    package static func nesting(_ depth: Int, beyond limit: Int) -> String {
        "nests \(depth) views deep (each modifier a view around the one it modifies), more than the \(limit) a render lays out"
    }
    /// Whether the view is a leaf that takes the size it is offered (a shape, a color), at least zero.
    var takesOffer: Bool {
        if case .offered = layoutTraits.leafSize { return true }
        return false
    }
}
