import WeftImage
import WeftRuntime
import WeftShaders

/// Kernels written the way Weft's wrapper generates them (docs/kernel-abi.md), for executor
/// tests and the speed measurements.
enum EffectKernels {
    static let header = """
    #version 450
    layout(local_size_x = 16, local_size_y = 16) in;
    \(FrameConstants.glslDeclaration)
    vec4 weftLoad(sampler2D tex, vec2 origin, vec2 size, vec2 position) {
        vec2 t = floor((position - origin) * weft.scale);
        if (any(lessThan(t, vec2(0.0))) || any(greaterThanEqual(t, size))) return vec4(0.0);
        return texelFetch(tex, ivec2(t), 0);
    }
    """

    static func output(_ format: PixelFormat) -> String {
        "layout(binding = 0, \(format.glslQualifier)) uniform writeonly image2D weftOutput;"
    }

    static let mainPrologue = """
        ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
        if (any(greaterThanEqual(pixel, weft.outputSize))) return;
        vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
    """

    /// A color effect: tints toward `tint` with distance from `center`.
    static func radialTint(_ format: PixelFormat = .rgba8Unorm) -> String {
        """
        \(header)
        \(output(format))
        layout(binding = 1) uniform sampler2D weftLayer;
        layout(binding = 3, std140) readonly buffer WeftArguments { vec4 tint; vec2 center; float radius; } weftArguments;
        vec4 radialTint(vec2 position, vec4 color, vec4 tint, vec2 center, float radius) {
            float d = clamp(distance(position, center) / radius, 0.0, 1.0);
            return mix(color, tint * color.a, d * 0.5);
        }
        void main() {
        \(mainPrologue)
            vec4 color = weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position);
            imageStore(weftOutput, pixel, radialTint(position, color, weftArguments.tint, weftArguments.center, weftArguments.radius));
        }
        """
    }

    /// A layer effect: 9 bilinear taps, `spacing` points apart horizontally.
    static func blur(_ format: PixelFormat = .rgba8Unorm) -> String {
        """
        \(header)
        \(output(format))
        layout(binding = 1) uniform sampler2D weftLayer;
        layout(binding = 3, std140) readonly buffer WeftArguments { float spacing; } weftArguments;
        vec4 sampleLayer(vec2 p) { return textureLod(weftLayer, (p - weft.layerOrigin) * weft.scale / weft.layerSize, 0.0); }
        vec4 blur(vec2 position, float spacing) {
            vec4 sum = vec4(0.0);
            for (int i = -4; i <= 4; i++) sum += sampleLayer(position + vec2(float(i) * spacing, 0.0));
            return sum / 9.0;
        }
        void main() {
        \(mainPrologue)
            imageStore(weftOutput, pixel, blur(position, weftArguments.spacing));
        }
        """
    }

    /// A fill: a constant premultiplied color.
    static func fill(_ format: PixelFormat = .rgba8Unorm) -> String {
        """
        \(header)
        \(output(format))
        layout(binding = 3, std140) readonly buffer WeftArguments { vec4 color; } weftArguments;
        void main() {
        \(mainPrologue)
            imageStore(weftOutput, pixel, weftArguments.color);
        }
        """
    }

    /// A blend: source-over, `source + destination × (1 − source.a)`.
    static func sourceOver(_ format: PixelFormat = .rgba8Unorm) -> String {
        """
        \(header)
        \(output(format))
        layout(binding = 1) uniform sampler2D weftLayer;
        layout(binding = 2) uniform sampler2D weftDestination;
        vec4 over(vec2 position, vec4 s, vec4 d) { return s + d * (1.0 - s.a); }
        void main() {
        \(mainPrologue)
            vec4 s = weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position);
            vec4 d = weftLoad(weftDestination, weft.destinationOrigin, weft.destinationSize, position);
            imageStore(weftOutput, pixel, over(position, s, d));
        }
        """
    }

    static func kernel(_ name: String, _ kind: EffectKind, _ source: String, format: PixelFormat = .rgba8Unorm,
                       argumentBlockSize: Int = 0, images: Int = 0, derivatives: Bool = false) throws -> CompiledKernel {
        let spirv = try GLSLCompiler.compileCompute(source)
        let interface = KernelInterface(readsLayer: kind.readsLayer, readsDestination: kind.readsDestination,
                                        argumentBlockSize: argumentBlockSize, readsArrays: false, imageCount: images,
                                        usesDerivatives: derivatives)
        return CompiledKernel(name: name, kind: kind, outputFormat: format, spirv: spirv, interface: interface,
                              cacheKey: "\(name)-\(format)-\(source.hashValue)")
    }

    static func floats(_ values: [Float]) -> [UInt8] {
        values.flatMap { v in withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }
    }

    /// Frame constants for an output of `width × height` pixels over a layer of the same size at scale 1.
    static func frame(width: Int, height: Int, scale: Float = 1) -> FrameConstants {
        var f = FrameConstants()
        f.outputSize = SIMD2(Int32(width), Int32(height))
        f.layerSize = SIMD2(Float(width), Float(height))
        f.destinationSize = f.layerSize
        f.viewSize = f.layerSize / scale
        f.scale = scale
        return f
    }

    /// A deterministic premultiplied test image.
    static func image(width: Int, height: Int, format: PixelFormat = .rgba8Unorm) -> PixelBuffer {
        var p = PixelBuffer.blank(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width {
                let a = Float((x * 7 + y * 13) % 256) / 255
                let c = SIMD4<Float>(Float((x * 31) % 256) / 255, Float((y * 17) % 256) / 255, Float((x + y) % 256) / 255, 1) * a
                p[x, y] = SIMD4(c.x, c.y, c.z, a)
            }
        }
        return p
    }
}
