/// `compositingGroup()`: the view's content composed first, so that modifiers outside act once on the result.
package struct CompositingGroup: ModifierRule, Hashable {
    package init() {}

    package static let sceneKeys = ["compositingGroup"]

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? CompositingGroup }

    package var drawing: ModifierDrawing { .group(mode: nil, opaque: false) }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    /// Composes the view's content first; modifiers after this act once on the result.
    public func compositingGroup() -> ModifiedView { modified(CompositingGroup()) }
}
