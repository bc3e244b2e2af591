import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Effect kernels written by hand against docs/kernel-abi.md, standing in for stitchable
/// shaders so the planner's effect machinery is tested on its own.
public enum TestKernels {
    public static func effect(name: String, kind: EffectKind, body: String) throws -> EffectShader {
        var kernels: [PixelFormat: CompiledKernel] = [:]
        for format in PixelFormat.allCases {
            let source = """
            #version 450
            layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
            layout(binding = 0, \(format.glslQualifier)) uniform writeonly image2D weftOutput;
            layout(binding = 1) uniform sampler2D weftLayer;
            \(FrameConstants.glslDeclaration)
            vec4 weftLoad(vec2 position) {
                ivec2 t = ivec2(floor((position - weft.layerOrigin) * weft.scale));
                if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, ivec2(weft.layerSize)))) return vec4(0.0);
                return texelFetch(weftLayer, t, 0);
            }
            vec4 sampleLayer(vec2 p) {
                return textureLod(weftLayer, (p - weft.layerOrigin) * weft.scale / weft.layerSize, 0.0);
            }
            void main() {
                ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
                if (any(greaterThanEqual(pixel, weft.outputSize))) return;
                vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
                \(body)
                imageStore(weftOutput, pixel, result);
            }
            """
            let interface = KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 0, readsArrays: false,
                                            imageCount: 0, usesDerivatives: false)
            kernels[format] = CompiledKernel(name: name, kind: kind, outputFormat: format,
                                             spirv: try GLSLCompiler.compileCompute(source), interface: interface,
                                             cacheKey: "test.\(name).\(format.rawValue)")
        }
        return .compiled(name: name, kernels: kernels)
    }

    /// Layer effect: the content moved right by `dx` points.
    public static func shift(_ dx: Float) throws -> EffectShader {
        try effect(name: "shift\(dx)", kind: .layer, body: "vec4 result = sampleLayer(position - vec2(\(dx), 0.0));")
    }

    /// Color effect: RGB inverted within alpha.
    public static func invert() throws -> EffectShader {
        try effect(name: "invert", kind: .color, body: "vec4 c = weftLoad(position); vec4 result = vec4(c.a - c.rgb, c.a);")
    }

    /// Color effect: premultiplied color times `factor` (may leave [0, 1]).
    public static func brighten(_ factor: Float) throws -> EffectShader {
        try effect(name: "brighten", kind: .color, body: "vec4 c = weftLoad(position); vec4 result = vec4(c.rgb * \(factor), c.a);")
    }
}
