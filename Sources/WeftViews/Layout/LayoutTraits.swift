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

    init(_ kind: ViewNode.Kind) {
        switch kind {
        case .shape(_, let fill):
            leafSize = .offered
            if case .shader = fill.kind { bindsShaders = true }
        case .image(let image):
            leafSize = .fixed(image.size.vector)
            ignoresHeightOffer = true
            ignoresOffer = true
        case .spacer(let minLength):
            leafSize = .fixed(.zero)
            spacerLength = minLength
        case .text:
            leafSize = .laidOut
            ignoresHeightOffer = true
        case .stack(let children, _):
            leafSize = .laidOut
            ignoresHeightOffer = children.allSatisfy(\.ignoresHeightOffer)
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
        case .stacked(let layout, let children):
            leafSize = .laidOut
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
            // A column gives its spacers the height it was offered; a row gives them width only.
            ignoresHeightOffer = children.allSatisfy { child in
                child.spacerLength == nil ? child.ignoresHeightOffer : layout.axis == .horizontal
            }
        case .grid(_, let children):
            leafSize = .laidOut
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            observesGeometry = children.contains(where: \.observesGeometry)
            bindsShaders = children.contains(where: \.bindsShaders)
        case .modified(let child, let rule):
            leafSize = .laidOut
            isPinned = rule is GroupAnchor
            movesOnlyDrawing = rule.movesOnlyDrawing
            spacerLength = rule.keepsSpacer ? child.spacerLength : nil
            ignoresHeightOffer = rule.ignoresHeightOffer(childIgnores: child.ignoresHeightOffer)
            ignoresOffer = rule.ignoresOffer(childIgnores: child.ignoresOffer)
            holdsMatchedGeometry = rule is MatchedGeometry || child.holdsMatchedGeometry
            if let component = rule as? StateSwitch {
                observesGeometry = component.states.values.contains(where: \.observesGeometry)
            } else {
                observesGeometry = rule is GeometryChange || child.observesGeometry || rule.heldViews.contains(where: \.observesGeometry)
            }
            switch rule.drawing {
            case .effect, .blendEffect: bindsShaders = true
            case .child, .opacity, .blendMode, .shadow, .group, .decoration, .blur:
                bindsShaders = child.bindsShaders || rule.heldViews.contains(where: \.bindsShaders)
            }
        }
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
}
