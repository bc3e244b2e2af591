/// `blendEffect(_:)`: the composed view combined with what lies beneath through a blend function instead of a blend
/// mode (beyond SwiftUI; docs/compositing.md).
package struct BlendEffect: ModifierRule {
    package var shader: EffectShader

    package init(shader: EffectShader) {
        self.shader = shader
    }

    package static let sceneKeys = ["blendEffect"]

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? BlendEffect, shader.name == other.shader.name else { return nil }
        return BlendEffect(shader: Interpolation.lerp(shader, other.shader, p))
    }

    package var drawing: ModifierDrawing { .blendEffect(shader) }
}

extension View {
    /// Composes the view, then combines it with what lies beneath through a blend function
    /// instead of a blend mode (beyond SwiftUI; docs/compositing.md).
    public func blendEffect(_ shader: EffectShader) -> ModifiedView { modified(BlendEffect(shader: shader)) }
}
