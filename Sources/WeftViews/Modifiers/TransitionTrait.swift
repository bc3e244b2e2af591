/// `transition(_:)`: how the view enters and leaves (`Interpolation.transition(of:)` reads it); changes nothing drawn.
package struct TransitionTrait: ModifierRule, Hashable {
    package var transition: Transition

    package init(transition: Transition) {
        self.transition = transition
    }

    package static let sceneKeys = ["transition"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? { other as? TransitionTrait }

    package var drawing: ModifierDrawing { .child }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    /// How the view enters and leaves when a change of state inserts or removes it.
    public func transition(_ transition: Transition) -> ModifiedView { modified(TransitionTrait(transition: transition)) }
}
