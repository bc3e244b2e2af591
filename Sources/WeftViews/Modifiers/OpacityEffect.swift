/// `opacity(_:)`: the view's alpha scaled by `value` (in [0, 1]).
package struct OpacityEffect: ModifierRule, Hashable {
    package var value: Float

    package init(value: Float) {
        self.value = value
    }

    package static let sceneKeys = ["opacity"]

    package var keepsSpacer: Bool { true }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? OpacityEffect else { return nil }
        return OpacityEffect(value: min(max(Interpolation.lerp(value, other.value, p), 0), 1))
    }

    package var drawing: ModifierDrawing { .opacity(value) }

    package func overhang(of child: ViewNode) -> Float { child.overhang }
}

extension View {
    public func opacity(_ value: Float) -> ModifiedView { modified(OpacityEffect(value: min(max(value, 0), 1))) }
}
