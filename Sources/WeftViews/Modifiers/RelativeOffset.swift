/// An offset in sizes of the view (what `Transition.move` draws): moves the drawing by `fraction` × the view's size.
package struct RelativeOffset: ModifierRule, Hashable {
    package var fraction: SIMD2<Float>

    package init(fraction: SIMD2<Float>) {
        self.fraction = fraction
    }

    package static let sceneKeys: [String] = []

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        movingDrawing(child, proposed: proposed, in: layout) { .translation(fraction * $0) }
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var movesOnlyDrawing: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? RelativeOffset else { return nil }
        return RelativeOffset(fraction: Interpolation.lerp(fraction, other.fraction, p))
    }

    package var drawing: ModifierDrawing { .child }
}
