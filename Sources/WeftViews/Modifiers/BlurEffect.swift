/// `blur(radius:)`: a Gaussian blur of the composed view, the radius read as 2σ (as shadows read theirs).
package struct BlurEffect: ModifierRule, Hashable {
    package var radius: Float

    package init(radius: Float) {
        self.radius = radius
    }

    package static let sceneKeys = ["blur"]

    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        inner.outset(by: SIMD2(repeating: Blur.reach(sigma: radius / 2)))
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? BlurEffect else { return nil }
        return BlurEffect(radius: max(Interpolation.lerp(radius, other.radius, p), 0))
    }

    package var drawing: ModifierDrawing { .blur(sigma: radius / 2) }
}

extension View {
    /// A Gaussian blur of the composed view; the radius is read as 2σ, as shadows read theirs.
    public func blur(radius: Float) -> ModifiedView { modified(BlurEffect(radius: max(radius, 0))) }
}
