/// What layout asks of a view again and again, worked out once when the view is made (its content is immutable).
struct LayoutTraits: Sendable {
    /// Whether the view is a leaf whose size and extent cost less to work out than to look up: a shape or a color
    /// (the size offered), a spacer, an image (its own size). The layout keeps no answers for these.
    var answersWithoutLayout: Bool
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
    /// Whether a `matchedGeometryEffect` is on the view or among its children's (modifiers' held views aside), so a
    /// frame without one skips matched geometry's walk.
    var holdsMatchedGeometry = false

    init(_ kind: ViewNode.Kind) {
        switch kind {
        case .shape:
            answersWithoutLayout = true
        case .image:
            answersWithoutLayout = true
            ignoresHeightOffer = true
        case .spacer(let minLength):
            answersWithoutLayout = true
            spacerLength = minLength
        case .text:
            answersWithoutLayout = false
            ignoresHeightOffer = true
        case .stack(let children, _):
            answersWithoutLayout = false
            ignoresHeightOffer = children.allSatisfy(\.ignoresHeightOffer)
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
        case .stacked(let layout, let children):
            answersWithoutLayout = false
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
            // A column gives its spacers the height it was offered; a row gives them width only.
            ignoresHeightOffer = children.allSatisfy { child in
                child.spacerLength == nil ? child.ignoresHeightOffer : layout.axis == .horizontal
            }
        case .grid(_, let children):
            answersWithoutLayout = false
            holdsMatchedGeometry = children.contains(where: \.holdsMatchedGeometry)
        case .modified(let child, let rule):
            answersWithoutLayout = false
            isPinned = rule is GroupAnchor
            movesOnlyDrawing = rule.movesOnlyDrawing
            spacerLength = rule.keepsSpacer ? child.spacerLength : nil
            ignoresHeightOffer = rule.ignoresHeightOffer(childIgnores: child.ignoresHeightOffer)
            holdsMatchedGeometry = rule is MatchedGeometry || child.holdsMatchedGeometry
        }
    }
}

extension ViewNode {
    package var answersWithoutLayout: Bool { layoutTraits.answersWithoutLayout }
    var isPinned: Bool { layoutTraits.isPinned }
    package var movesOnlyDrawing: Bool { layoutTraits.movesOnlyDrawing }
    package var spacerLength: Float? { layoutTraits.spacerLength }
    var ignoresHeightOffer: Bool { layoutTraits.ignoresHeightOffer }
    var holdsMatchedGeometry: Bool { layoutTraits.holdsMatchedGeometry }
}
