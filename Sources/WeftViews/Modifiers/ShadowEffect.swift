import WeftImage

/// A shadow as written: color (sRGB, straight alpha), blur radius and offset in points.
public struct Shadow: Sendable, Hashable {
    public var color: Color
    public var radius: Float
    public var x: Float
    public var y: Float
    public init(color: Color = Shadow.defaultColor, radius: Float, x: Float = 0, y: Float = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
    /// SwiftUI's default: black at 33% opacity.
    public static let defaultColor = Color(white: 0, alpha: 0.33)
    /// The Gaussian's standard deviation: the radius is read as 2σ, as CSS reads a blur radius.
    package var sigma: Float { max(radius, 0) / 2 }
}

/// `shadow(color:radius:x:y:)`: the view drawn over its shadow, which reaches beyond its bounds by the blur and offset.
package struct ShadowEffect: ModifierRule, Hashable {
    package var shadow: Shadow

    package init(shadow: Shadow) {
        self.shadow = shadow
    }

    package static let sceneKeys = ["shadow"]

    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        let reach = Blur.reach(sigma: shadow.sigma)
        return inner.union(inner.offset(by: SIMD2(shadow.x, shadow.y)).outset(by: SIMD2(repeating: reach)))
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let y = (other as? ShadowEffect)?.shadow else { return nil }
        let x = shadow
        return ShadowEffect(shadow: Shadow(color: Interpolation.lerp(x.color, y.color, p), radius: max(Interpolation.lerp(x.radius, y.radius, p), 0),
                                           x: Interpolation.lerp(x.x, y.x, p), y: Interpolation.lerp(x.y, y.y, p)))
    }

    package var drawing: ModifierDrawing { .shadow(shadow) }
}

extension View {
    public func shadow(color: Color = Shadow.defaultColor, radius: Float, x: Float = 0, y: Float = 0) -> ModifiedView {
        modified(ShadowEffect(shadow: Shadow(color: color, radius: radius, x: x, y: y)))
    }
}
