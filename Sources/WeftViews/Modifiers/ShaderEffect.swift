import WeftRuntime

/// `colorEffect`, `layerEffect`, `distortionEffect` (and SwiftUI's color effects, stock color shaders): the view's
/// layer run through a stitchable shader, grown by `maxSampleOffset` points so that what it samples stays inside.
package struct ShaderEffect: ModifierRule {
    package var kind: EffectKind
    package var shader: EffectShader
    package var maxSampleOffset: SIMD2<Float>

    package init(kind: EffectKind, shader: EffectShader, maxSampleOffset: SIMD2<Float>) {
        self.kind = kind
        self.shader = shader
        self.maxSampleOffset = maxSampleOffset
    }

    package static let sceneKeys = ["colorEffect", "layerEffect", "distortionEffect",
                                    "brightness", "contrast", "saturation", "grayscale", "hueRotation", "colorMultiply",
                                    "colorInvert", "luminanceToAlpha"]

    package func extent(inner: Rect, arranged: FrameLayout.Arrangement, in layout: FrameLayout) -> Rect {
        inner.outset(by: maxSampleOffset)
    }

    package var keepsSpacer: Bool { false }

    package func ignoresHeightOffer(childIgnores: Bool) -> Bool { childIgnores }

    /// The same shader of the same kind, its arguments interpolated; the larger padding, so that whatever either end
    /// samples stays inside the layer.
    package func interpolated(toward other: any ModifierRule, progress p: Float) -> (any ModifierRule)? {
        guard let other = other as? ShaderEffect, kind == other.kind, shader.name == other.shader.name else { return nil }
        return ShaderEffect(kind: other.kind, shader: Interpolation.lerp(shader, other.shader, p),
                            maxSampleOffset: pointwiseMax(maxSampleOffset, other.maxSampleOffset))
    }

    package var drawing: ModifierDrawing { .effect(kind, shader, padding: maxSampleOffset) }
}

extension View {
    public func colorEffect(_ shader: EffectShader) -> ModifiedView {
        modified(ShaderEffect(kind: .color, shader: shader, maxSampleOffset: .zero))
    }
    public func layerEffect(_ shader: EffectShader, maxSampleOffset: Size) -> ModifiedView {
        modified(ShaderEffect(kind: .layer, shader: shader, maxSampleOffset: pointwiseMax(maxSampleOffset.vector, .zero)))
    }
    public func distortionEffect(_ shader: EffectShader, maxSampleOffset: Size) -> ModifiedView {
        modified(ShaderEffect(kind: .distortion, shader: shader, maxSampleOffset: pointwiseMax(maxSampleOffset.vector, .zero)))
    }
}
