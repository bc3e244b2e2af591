/// `offset(x:y:)`: moves what the view draws by `delta` points without changing its layout.
package struct OffsetEffect: ModifierRule, Hashable {
    package var delta: SIMD2<Float>

    package init(delta: SIMD2<Float>) {
        self.delta = delta
    }

    package static let sceneKeys = ["offset"]

    package func arrange(_ child: ViewNode, proposed: SIMD2<Float>, in layout: FrameLayout) -> FrameLayout.Arrangement {
        movingDrawing(child, proposed: proposed, in: layout) { _ in .translation(delta) }
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package var movesOnlyDrawing: Bool { true }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? OffsetEffect else { return nil }
        return OffsetEffect(delta: Interpolation.lerp(delta, other.delta, p))
    }

    package var drawing: ModifierDrawing { .child }
}

extension View {
    /// Moves what the view draws without changing its layout.
    public func offset(x: Float = 0, y: Float = 0) -> ModifiedView { modified(OffsetEffect(delta: SIMD2(x, y))) }
}
