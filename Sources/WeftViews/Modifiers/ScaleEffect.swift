/// `scaleEffect`: scales what the view draws about its centre by `factors` without changing its layout.
package struct ScaleEffect: ModifierRule, Hashable {
    package var factors: SIMD2<Float>

    package init(factors: SIMD2<Float>) {
        self.factors = factors
    }

    package static let sceneKeys = ["scaleEffect"]

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        movingDrawing(child, proposed: proposed, in: layout) { size in
            .translation(size / 2) * .scaling(factors) * .translation(-size / 2)
        }
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var movesOnlyDrawing: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? ScaleEffect else { return nil }
        return ScaleEffect(factors: Interpolation.lerp(factors, other.factors, p))
    }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    /// Scales what the view draws about its centre, without changing its layout.
    public func scaleEffect(_ s: Float) -> ModifiedView { modified(ScaleEffect(factors: SIMD2(s, s))) }
    public func scaleEffect(x: Float = 1, y: Float = 1) -> ModifiedView { modified(ScaleEffect(factors: SIMD2(x, y))) }
}
