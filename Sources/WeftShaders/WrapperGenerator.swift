import Foundation
import WeftImage
import WeftRuntime

/// Generates the compute kernel that runs one stitchable function per pixel, exactly per
/// docs/kernel-abi.md: the bindings its kind and parameters need (and only those), the
/// frame block, the prelude, the author's file under `#line` directives (so diagnostics
/// point into it), image helpers and the per-kind `main`.
enum WrapperGenerator {
    /// Bumped whenever the generated text changes meaning; part of every cache key.
    static let version = 2

    /// `#line` file names; diagnostics map them back to the author's path or to "generated code".
    static let authorTag = "author"
    static let preludeTag = "weft-prelude"
    static let wrapperTag = "weft-wrapper"
    static let metalPreludeTag = "weft-metal"

    /// The `MetalPrelude` under its `#line` tag, for kernels with a translated `.metal` file among their sources.
    static func metalPrelude(for sources: [AuthorSource]) -> String {
        sources.contains { $0.language == .metal } ? "#line 1 \"\(metalPreludeTag)\"\n" + MetalPrelude.text : ""
    }

    /// The layer's sampler. `WEFT_SNAPPED_SAMPLING=0` in the environment compiles `sampleLayer` without its 1/256 snap, to
    /// measure what the snap costs (docs/benchmarks.md); the SPIR-V cache keys on this text, so both kinds stay cached.
    static var layerDeclaration: String {
        var out = "layout(binding = \(KernelABI.layerBinding)) uniform sampler2D weftLayer;\n#define WEFT_HAS_LAYER 1\n"
        if !snappedSamplingByEnvironment { out += "#define WEFT_UNSNAPPED_SAMPLING 1\n" }
        return out
    }

    private static let snappedSamplingByEnvironment = ProcessInfo.processInfo.environment["WEFT_SNAPPED_SAMPLING"] != "0"

    static let derivativeFunctions: Set<String> = ["dFdx", "dFdy", "fwidth", "dFdxFine", "dFdyFine", "fwidthFine",
                                                    "dFdxCoarse", "dFdyCoarse", "fwidthCoarse"]

    /// Whether the author's file calls a derivative function anywhere (then the wrapper enables
    /// compute-shader derivatives over 2×2 quads so that the call compiles).
    static func mentionsDerivatives(_ source: AuthorSource) -> Bool {
        source.tokens.contains { $0.kind == .identifier && derivativeFunctions.contains($0.text) }
    }

    /// How the kernel treats derivative functions.
    enum Derivatives {
        /// The file calls none.
        case none
        /// Compute-shader derivatives over 2×2 quads (`GL_NV_compute_shader_derivatives`).
        case quads
        /// The file calls them, but not from this function (its quads compile had no
        /// derivative instructions): they are defined away so that every device runs it.
        case unreachable
    }

    /// The compute kernel, or (`fragment: true`) the same effect as a fragment shader for the
    /// fragment-pass fallback: no binding 0, the result goes to colour attachment 0 and
    /// `position` comes from `gl_FragCoord` (pixel centres), so it matches the kernel. `checked`: the kernel's checked
    /// variant (`CheckedHooks`; compute only).
    static func generate(function f: StitchableFunction, source: AuthorSource, markers: [SignatureParser.Marker],
                         outputFormat: PixelFormat, prelude: String, derivatives: Derivatives, fragment: Bool = false,
                         pass: Int = 0, checked: Bool = false) -> String {
        precondition(!(checked && fragment), "checked kernels are compute kernels")
        let kind = f.kind
        var out = "#version 450\n#extension GL_GOOGLE_cpp_style_line_directive : require\n"
        if fragment {
            out += "layout(location = 0) out vec4 weftFragmentColor;\n"
        } else {
            if derivatives == .quads { out += "#extension GL_NV_compute_shader_derivatives : require\n" }
            out += "layout(local_size_x = \(KernelABI.workgroupSize.x), local_size_y = \(KernelABI.workgroupSize.y), local_size_z = 1) in;\n"
            if derivatives == .quads { out += "layout(derivative_group_quadsNV) in;\n" }
            if derivatives == .unreachable {
                for name in derivativeFunctions.sorted() { out += "#define \(name)(x) ((x) * 0.0)\n" }
            }
            out += "layout(binding = \(KernelABI.outputBinding), \(outputFormat.glslQualifier)) uniform writeonly image2D weftOutput;\n"
        }
        if kind.readsLayer {
            out += layerDeclaration
        }
        if kind.readsDestination {
            out += "layout(binding = \(KernelABI.destinationBinding)) uniform sampler2D weftDestination;\n#define WEFT_HAS_DESTINATION 1\n"
        }
        let block = f.blockParameters
        if !block.isEmpty {
            let members = block.map { "    \($0.type.uniformType!.glsl) \($0.name);\n" }.joined()
            out += KernelABI.argumentBlockDeclaration(members: members, instance: "weftArguments")
        }
        if f.readsArrays {
            out += "layout(binding = \(KernelABI.arraysBinding), std430) readonly buffer WeftArrays { float weftArrayData[]; };\n#define WEFT_HAS_ARRAYS 1\n"
        }
        for i in 0..<f.imageCount {
            out += "layout(binding = \(KernelABI.firstImageBinding + UInt32(i))) uniform sampler2D weftImage\(i);\n"
        }
        out += FrameConstants.glslDeclaration + "\n"
        if checked { out += CheckedHooks.storeHook(outputFormat: outputFormat) }
        if pass > 0 { out += "#define WEFT_PASS \(pass)\n" }
        out += "#line 1 \"\(preludeTag)\"\n" + prelude + "\n"
        if checked && kind.readsLayer { out += CheckedHooks.sampleHook }
        out += metalPrelude(for: [source])
        out += "#line 1 \"\(authorTag)\"\n" + compilableText(of: source, markers: markers) + "\n"
        out += "#line 1 \"\(wrapperTag)\"\n"
        out += imageHelpers(count: f.imageCount)
        out += fragment ? fragmentMain(for: f) : main(for: f)
        return out
    }

    /// The author's text with the markers and any `#version` line blanked (columns kept).
    static func compilableText(of source: AuthorSource, markers: [SignatureParser.Marker]) -> String {
        var bytes = Array(source.text.utf8)
        let space = UInt8(ascii: " ")
        for marker in markers {
            for i in marker.range where bytes[i] != UInt8(ascii: "\n") { bytes[i] = space }
        }
        for line in 1...source.lineStarts.count {
            let code = source.codeLine(line)
            guard let first = code.firstIndex(where: { $0 != space && $0 != UInt8(ascii: "\t") }) else { continue }
            if code[first...].starts(with: Array("#version".utf8)) {
                let start = source.lineStarts[line - 1]
                for i in start..<(start + code.count) { bytes[i] = space }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func imageHelpers(count: Int) -> String {
        var sample = "vec4 sampleImage(Image image, vec2 p) {\n"
        var extent = "vec2 imageExtent(Image image) {\n"
        for i in 0..<count {
            sample += "    if (image.index == \(i)u) return textureLod(weftImage\(i), p / vec2(textureSize(weftImage\(i), 0)), 0.0);\n"
            extent += "    if (image.index == \(i)u) return vec2(textureSize(weftImage\(i), 0));\n"
        }
        sample += "    return vec4(0.0);\n}\n"
        extent += "    return vec2(0.0);\n}\n"
        return sample + extent
    }

    private static func main(for f: StitchableFunction) -> String {
        // Every invocation evaluates (so 2×2 quads stay whole for derivatives); only those
        // inside the output store.
        """
        void main() {
            ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
            vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;
            vec4 result = \(resultExpression(for: f));
            if (all(lessThan(pixel, weft.outputSize))) imageStore(weftOutput, pixel, result);
        }

        """
    }

    private static func fragmentMain(for f: StitchableFunction) -> String {
        """
        void main() {
            vec2 position = weft.outputOrigin + gl_FragCoord.xy / weft.scale;
            weftFragmentColor = \(resultExpression(for: f));
        }

        """
    }

    /// The GLSL expressions passing a function's arguments: block members of `block`, images counted from `firstImage`.
    static func argumentExpressions(for f: StitchableFunction, block: String, firstImage: Int) -> [String] {
        f.parameters.map { p in
            switch p.type {
            case .float, .vec2, .vec3, .vec4, .int: "\(block).\(p.name)"
            case .floatArray: "FloatArray(\(block).\(p.name).x, \(block).\(p.name).y)"
            case .colorArray: "ColorArray(\(block).\(p.name).x, \(block).\(p.name).y)"
            case .image: "Image(\(firstImage + p.imageIndex!)u)"
            }
        }
    }

    /// The `Layer` a layer or distortion effect sees: its padded layer's bounds, which are the effect's output grid
    /// (docs/kernel-abi.md, "Coordinates"), also when its first run reads the layer's content unpadded.
    static let layerBounds = "Layer(weft.outputOrigin, vec2(weft.outputSize) / weft.scale)"

    /// The per-kind call of the author's function (docs/kernel-abi.md, "What the wrapper does").
    private static func resultExpression(for f: StitchableFunction) -> String {
        let arguments = argumentExpressions(for: f, block: "weftArguments", firstImage: 0)
        let layerInput = "weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position)"
        let call: (String) -> String = { leading in
            "\(f.name)(\(([leading] + arguments).joined(separator: ", ")))"
        }
        let result: String
        switch f.kind {
        case .color:
            result = call("position, \(layerInput)")
        case .layer:
            result = call("position, \(layerBounds)")
        case .distortion:
            result = "sampleLayer(\(layerBounds), \(call("position")))"
        case .fill:
            result = call("position")
        case .blend:
            result = call("position, \(layerInput), weftLoad(weftDestination, weft.destinationOrigin, weft.destinationSize, position)")
        }
        return result
    }
}
