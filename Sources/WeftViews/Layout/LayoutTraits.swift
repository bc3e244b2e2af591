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

    init(_ kind: ViewNode.Kind) {
        switch kind {
        case .shape, .image:
            answersWithoutLayout = true
        case .spacer(let minLength):
            answersWithoutLayout = true
            spacerLength = minLength
        case .text, .stack, .stacked, .grid:
            answersWithoutLayout = false
        case .modified(let child, let rule):
            answersWithoutLayout = false
            isPinned = rule is GroupAnchor
            movesOnlyDrawing = rule.movesOnlyDrawing
            spacerLength = rule.keepsSpacer ? child.spacerLength : nil
        }
    }
}

extension ViewNode {
    package var answersWithoutLayout: Bool { layoutTraits.answersWithoutLayout }
    var isPinned: Bool { layoutTraits.isPinned }
    package var movesOnlyDrawing: Bool { layoutTraits.movesOnlyDrawing }
    package var spacerLength: Float? { layoutTraits.spacerLength }
}
