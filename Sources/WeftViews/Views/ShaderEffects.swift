import WeftRuntime
import WeftShaders

extension Shader {
    /// This shader as a view holds it: its kernel and argument bytes are produced when planned.
    public var effect: EffectShader {
        EffectShader(name: function.name) { _, request in
            let kernels = try passKernels(outputFormat: request.outputFormat)
            let bound = bind(request)
            return BoundEffect(kernel: kernels[0], arguments: bound.argumentBlock, arrayData: bound.arrayData, images: bound.images,
                               stage: FusionStage(library: library, function: function), laterPasses: Array(kernels.dropFirst()))
        }
    }
}

extension Shader: ShapeStyle {
    /// A fill shader as a shape style: evaluated at each point of the shape's user space.
    public var fillStyle: FillStyle { FillStyle(kind: .shader(effect)) }
}

extension View {
    /// Runs a color effect on the view's composed content.
    public func colorEffect(_ shader: Shader) -> ModifiedView { colorEffect(shader.effect) }

    /// Runs a layer effect on the view's composed content, rendered with `maxSampleOffset` of
    /// transparent padding on every side; the result covers the padded area.
    public func layerEffect(_ shader: Shader, maxSampleOffset: Size) -> ModifiedView {
        layerEffect(shader.effect, maxSampleOffset: maxSampleOffset)
    }

    /// Moves the view's composed content: each output point samples where the shader says.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: Size) -> ModifiedView {
        distortionEffect(shader.effect, maxSampleOffset: maxSampleOffset)
    }

    /// Composes the view, then combines it with what lies beneath through a blend function.
    public func blendEffect(_ shader: Shader) -> ModifiedView { blendEffect(shader.effect) }

}
