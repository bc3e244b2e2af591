import Weft
import WeftRuntime
import WeftShaders

extension View {
    /// The effect modifier the shader's kind calls for: how a command line applies `--effect`.
    /// `maxSampleOffset` is used by layer and distortion effects; fill shaders cannot modify a view.
    public func effect(_ shader: Shader, maxSampleOffset: Size = .zero) throws(RenderError) -> ModifiedView {
        switch shader.function.kind {
        case .color: colorEffect(shader)
        case .layer: layerEffect(shader, maxSampleOffset: maxSampleOffset)
        case .distortion: distortionEffect(shader, maxSampleOffset: maxSampleOffset)
        case .blend: blendEffect(shader)
        case .fill: throw RenderError.effectKind(shader: shader.function.name, expected: "view-modifying", actual: EffectKind.fill.rawValue)
        }
    }
}
