import Foundation
import WeftImage
import WeftRuntime

/// One stage of a fused kernel: a stitchable function of a library.
public struct FusionStage: Sendable, Equatable {
    public let library: ShaderLibrary
    public let function: StitchableFunction
    /// Which run of a multi-pass function (`weftPass()`); 0 for the others.
    public let pass: Int

    public init(library: ShaderLibrary, function: StitchableFunction, pass: Int = 0) {
        self.library = library
        self.function = function
        self.pass = pass
    }

    public static func == (a: FusionStage, b: FusionStage) -> Bool {
        a.library === b.library && a.function == b.function && a.pass == b.pass
    }
}

/// A layer composite folded onto the end of a fused kernel (docs/fusion.md, "Folded composites"): the stages' result,
/// rounded as the layer's texture would store it, faded by the composite's opacity and blended over the destination
/// pixel it lands on, which is read in place or is a solid color. The kernel then runs in the destination's pixel grid.
public struct FusionComposite: Sendable, Hashable {
    public enum Destination: String, Sendable, Hashable {
        /// The destination is the output texture itself, read and written in place over a region.
        case inPlace
        /// The destination was filled with one color (the block's `solid`); the kernel writes the whole output.
        case solid
    }

    public var destination: Destination
    /// GLSL defining `vec4 weftBlend(int mode, vec4 source, vec4 destination)` and
    /// `vec4 weftStoreClamp(vec4 color, int clamp)`, the engine's compositing functions.
    public var helpers: String

    public init(destination: Destination, helpers: String) {
        self.destination = destination
        self.helpers = helpers
    }

    /// Bytes of the composite's member at the end of the argument block, after every stage's:
    /// `ivec4 grid` (destination pixel of the stages' pixel (0, 0), then the stages' grid size), `ivec4 modes` (blend
    /// mode code, 1 to clamp stores), `vec4 fade` (opacity, then the user-space point at the top-left corner of the
    /// stages' pixel (0, 0)), `vec4 solid` (the solid destination, premultiplied). The pass's own `outputOrigin` is the
    /// destination grid's, so that a position is the same point whichever grid computes it.
    public static let blockSize = 64

    /// The user-space point at the top-left corner of the producer's pixel (0, 0), from the block named `block`.
    public static func producerOrigin(block: String) -> String { "\(block).composite.fade.yz" }

    /// `main` of a composite kernel. `vec4 weftProduce(ivec2 pixel)`, defined before it, gives the producer's color at
    /// one of its pixels; `weftStored`, `weftBlend` and `weftStoreClamp` are defined too; `block` names the argument
    /// block whose member `composite` is a `WeftCompositeArguments`.
    public static func main(destination: Destination, block: String) -> String {
        let c = "\(block).composite"
        return """
        void main() {
            ivec2 canvasPixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;
            if (any(greaterThanEqual(canvasPixel, weft.outputSize))) return;
            vec4 destination = \(destination == .inPlace ? "imageLoad(weftOutput, canvasPixel)" : "\(c).solid");
            vec4 source = vec4(0.0);
            ivec2 pixel = canvasPixel - \(c).grid.xy;
            // As the composite kernel reads the layer's texture: stored, then faded (a mask-free coverage of 1).
            if (all(greaterThanEqual(pixel, ivec2(0))) && all(lessThan(pixel, \(c).grid.zw))) {
                source = weftStored(weftProduce(pixel)) * \(c).fade.x;
            }
            imageStore(weftOutput, canvasPixel, weftStoreClamp(weftBlend(\(c).modes.x, source, destination), \(c).modes.y));
        }

        """
    }

    public static let declaration = """
    struct WeftCompositeArguments {
        ivec4 grid;
        ivec4 modes;
        vec4 fade;
        vec4 solid;
    };

    """
}

/// Stitches a chain of stitchable functions into one compute kernel (docs/kernel-abi.md, "Fused kernels").
///
/// The first stage runs as its own kernel would (a color, layer, distortion or fill effect); each later stage is a
/// color effect given the previous stage's result where its own kernel would have read the layer's texel, after the
/// rounding that the texture between them would have applied (RGBA8 stores), so fused equals unfused. Each stage's
/// file is included once with its top-level names prefixed `weftS<i>_` (two files' helpers cannot collide, and one
/// file used twice is two copies); its arguments are member `s<i>` of the argument block, at the running sum of the
/// earlier stages' block sizes, and its images follow the earlier stages' images.
public enum KernelFusion {
    /// Bumped whenever the generated text changes meaning; part of every cache key.
    static let version = 3

    /// Why `stages`, whose own kernels are `kernels`, cannot be one kernel; nil when they can.
    public static func refusal(_ stages: [FusionStage], kernels: [CompiledKernel]) -> String? {
        guard let first = stages.first else { return "no stages" }
        if first.function.kind == .blend { return "a blend effect reads two inputs" }
        for stage in stages.dropFirst() where stage.function.kind != .color {
            return "\(stage.function.name) is a \(stage.function.kind.rawValue) effect: it samples its input at other positions"
        }
        for (stage, kernel) in zip(stages, kernels) {
            guard (try? stage.library.parsedFile(of: stage.function)) != nil else {
                return "\(stage.function.name) is not a function of its library"
            }
            if kernel.interface.usesDerivatives { return "\(stage.function.name) uses derivatives (2×2 quads of its own input)" }
        }
        return nil
    }

    /// The fused kernel, from the first stage's library's SPIR-V cache when it is there.
    /// `stages` must have passed `refusal(_:kernels:)`.
    public static func compile(_ stages: [FusionStage], outputFormat: PixelFormat,
                               composite: FusionComposite? = nil) throws(GLSLCompiler.Failure) -> ShaderLibrary.Compilation {
        let clock = ContinuousClock()
        let start = clock.now
        let generated = source(stages, outputFormat: outputFormat, composite: composite)
        var hasher = SHA256()
        hasher.update("weft fused \(version) \(WrapperGenerator.version)")
        hasher.update(GLSLCompiler.identity)
        hasher.update(outputFormat.rawValue)
        hasher.update(generated)
        let key = hasher.finalize()
        let cache = stages[0].library.cache
        let words: [UInt32]
        let outcome: SPIRVCache.Outcome
        if let hit = cache.lookup(key) {
            (words, outcome) = hit
        } else {
            words = try GLSLCompiler.compileCompute(generated)
            cache.store(words, for: key)
            outcome = .compiled
        }
        let functions = stages.map(\.function)
        let interface = KernelInterface(readsLayer: functions[0].kind.readsLayer, readsDestination: false,
                                        argumentBlockSize: functions.map(\.argumentBlockSize).reduce(0, +)
                                            + (composite == nil ? 0 : FusionComposite.blockSize),
                                        readsArrays: functions.contains(where: \.readsArrays),
                                        imageCount: functions.map(\.imageCount).reduce(0, +), usesDerivatives: false,
                                        readsOutput: composite?.destination == .inPlace)
        let stitched = functions.map(\.name).joined(separator: "+")
        let name = switch composite?.destination {
        case nil: stitched
        case .inPlace: stitched + "+weft.layer.inPlace"
        case .solid: stitched + "+weft.layer.overSolid"
        }
        // The chain's kind is its first stage's (what it reads); a folded composite shows in the name.
        let checkedKey = CheckedHooks.key(key)
        let checked = CheckedKernel(cacheKey: checkedKey) {
            let text = source(stages, outputFormat: outputFormat, composite: composite, checked: true)
            if let hit = cache.lookup(checkedKey) { return hit.words }
            let words = try GLSLCompiler.compileCompute(text)
            cache.store(words, for: checkedKey)
            return words
        }
        let kernel = CompiledKernel(name: name, kind: functions[0].kind,
                                    outputFormat: outputFormat, spirv: words, interface: interface, cacheKey: key, checked: checked)
        return ShaderLibrary.Compilation(kernel: kernel, outcome: outcome, duration: clock.now - start)
    }

    /// The generated GLSL compute shader.
    /// `checked`: the kernel's checked variant (`CheckedHooks`).
    public static func source(_ stages: [FusionStage], outputFormat: PixelFormat, composite: FusionComposite? = nil,
                              checked: Bool = false) -> String {
        let functions = stages.map(\.function)
        let files = stages.map { stage in
            guard let file = try? stage.library.parsedFile(of: stage.function) else {
                preconditionFailure("\(stage.function.name) is not a function of its library; refusal(_:kernels:) says so first")
            }
            return file
        }
        var out = "#version 450\n#extension GL_GOOGLE_cpp_style_line_directive : require\n"
        out += "layout(local_size_x = \(KernelABI.workgroupSize.x), local_size_y = \(KernelABI.workgroupSize.y), local_size_z = 1) in;\n"
        if files.contains(where: \.mentionsDerivatives) {
            // No stage's kernel reaches them (`refusal`); defined away as in those kernels.
            for name in WrapperGenerator.derivativeFunctions.sorted() { out += "#define \(name)(x) ((x) * 0.0)\n" }
        }
        let access = composite?.destination == .inPlace ? "" : "writeonly "
        out += "layout(binding = \(KernelABI.outputBinding), \(outputFormat.glslQualifier)) uniform \(access)image2D weftOutput;\n"
        if functions[0].kind.readsLayer {
            out += WrapperGenerator.layerDeclaration
        }
        let blocks = functions.enumerated().filter { !$0.element.blockParameters.isEmpty }
        for (i, f) in blocks {
            out += "struct WeftStageArguments\(i) {\n"
            for p in f.blockParameters { out += "    \(p.type.uniformType!.glsl) \(p.name);\n" }
            out += "};\n"
        }
        if composite != nil { out += FusionComposite.declaration }
        if !blocks.isEmpty || composite != nil {
            var members = blocks.map { "    WeftStageArguments\($0.offset) s\($0.offset);\n" }.joined()
            if composite != nil { members += "    WeftCompositeArguments composite;\n" }
            out += KernelABI.argumentBlockDeclaration(members: members, instance: "weftArguments")
        }
        if functions.contains(where: \.readsArrays) {
            out += "layout(binding = \(KernelABI.arraysBinding), std430) readonly buffer WeftArrays { float weftArrayData[]; };\n#define WEFT_HAS_ARRAYS 1\n"
        }
        let imageCount = functions.map(\.imageCount).reduce(0, +)
        for i in 0..<imageCount {
            out += "layout(binding = \(KernelABI.firstImageBinding + UInt32(i))) uniform sampler2D weftImage\(i);\n"
        }
        out += FrameConstants.glslDeclaration + "\n"
        if checked { out += CheckedHooks.storeHook(outputFormat: outputFormat) }
        // Only the first stage can be a layer effect, so only it can be a run of a multi-pass function.
        if stages[0].pass > 0 { out += "#define WEFT_PASS \(stages[0].pass)\n" }
        let prelude = stages[0].library.prelude
        out += "#line 1 \"\(WrapperGenerator.preludeTag)\"\n" + prelude + "\n"
        if checked && functions[0].kind.readsLayer { out += CheckedHooks.sampleHook }
        out += WrapperGenerator.metalPrelude(for: files.map(\.source))
        let reserved = StageRenaming.declaredNames(in: AuthorSource(path: WrapperGenerator.preludeTag, text: prelude))
        for (i, file) in files.enumerated() {
            let renaming = StageRenaming(source: file.source, prefix: "weftS\(i)_", keeping: reserved)
            out += "#line 1 \"\(WrapperGenerator.authorTag)\"\n"
            out += renaming.apply(to: WrapperGenerator.compilableText(of: file.source, markers: file.markers)) + "\n"
            for name in renaming.macros { out += "#undef \(name)\n" }
        }
        out += "#line 1 \"\(WrapperGenerator.wrapperTag)\"\n"
        out += WrapperGenerator.imageHelpers(count: imageCount)
        out += storedFunction(outputFormat)
        let layer: String
        if let composite {
            out += composite.helpers + "\n"
            layer = "Layer(\(FusionComposite.producerOrigin(block: "weftArguments")), vec2(weftArguments.composite.grid.zw) / weft.scale)"
            out += "vec4 weftProduce(ivec2 pixel) {\n"
            out += "    vec2 position = \(FusionComposite.producerOrigin(block: "weftArguments")) + (vec2(pixel) + 0.5) / weft.scale;\n"
        } else {
            layer = WrapperGenerator.layerBounds
            out += "void main() {\n"
            out += "    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy) + weft.dispatchOrigin;\n"
            out += "    if (any(greaterThanEqual(pixel, weft.outputSize))) return;\n"
            out += "    vec2 position = weft.outputOrigin + (vec2(pixel) + 0.5) / weft.scale;\n"
        }
        var firstImage = 0
        for (i, f) in functions.enumerated() {
            let arguments = WrapperGenerator.argumentExpressions(for: f, block: "weftArguments.s\(i)", firstImage: firstImage)
            firstImage += f.imageCount
            func call(_ leading: String) -> String { "weftS\(i)_\(f.name)(\(([leading] + arguments).joined(separator: ", ")))" }
            switch (i, f.kind) {
            case (0, .color): out += "    vec4 result = \(call("position, weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position)"));\n"
            case (0, .layer): out += "    vec4 result = \(call("position, \(layer)"));\n"
            case (0, .distortion): out += "    vec4 result = sampleLayer(\(layer), \(call("position")));\n"
            case (0, .fill): out += "    vec4 result = \(call("position"));\n"
            case (_, .color): out += "    result = \(call("position, weftStored(result)"));\n"
            default: preconditionFailure("refusal(_:) admits no \(f.kind) stage here")
            }
        }
        if let composite {
            out += "    return result;\n}\n"
            out += FusionComposite.main(destination: composite.destination, block: "weftArguments")
        } else {
            out += "    imageStore(weftOutput, pixel, result);\n}\n"
        }
        return out
    }

    /// `vec4 weftStored(vec4 c)`: what storing `c` in a texture of `format` and reading it back gives (clamped and
    /// rounded to 1/255, or rounded to half precision), so that an effect that quantizes sees what it would have read
    /// from the texture. `WEFT_STORE_ROUNDING=0` in the environment leaves the color as it is, to measure what the
    /// rounding costs a fused chain; it is not for rendering (fused then differs from unfused).
    public static func storedFunction(_ format: PixelFormat) -> String {
        if !storeRoundingByEnvironment { return "vec4 weftStored(vec4 c) { return c; }\n" }
        return "vec4 weftStored(vec4 c) { \(storeRounding(format)) }\n"
    }

    private static let storeRoundingByEnvironment = ProcessInfo.processInfo.environment["WEFT_STORE_ROUNDING"] != "0"

    private static func storeRounding(_ format: PixelFormat) -> String {
        switch format {
        // Rounded to the nearest of 256 levels without conversion instructions (packUnorm4x8/unpackUnorm4x8 cost eight
        // a stage, which bound a fused RGBA8 chain on the H200): adding 2^23 leaves the rounded level n in the low bits,
        // 0x4B000000 | n. Rebuilding that float from its masked bits keeps a compiler from folding the add and the
        // subtraction of 2^23 into nothing, as NVIDIA's does with plain float arithmetic. `precise` keeps the product
        // and the sum two roundings, as a texture store rounds the product: contracted into one fused multiply-add
        // (NVIDIA's compiler does where it may), a product within an ulp of a half level rounds the other way.
        case .rgba8Unorm: """
            precise vec4 level = clamp(c, 0.0, 1.0) * 255.0; precise vec4 shifted = level + 8388608.0; \
            uvec4 bits = floatBitsToUint(shifted) & 0x4B0000FFu; \
            return (uintBitsToFloat(bits) - 8388608.0) * (1.0 / 255.0);
            """
        case .rgba16Float: "return vec4(unpackHalf2x16(packHalf2x16(c.xy)), unpackHalf2x16(packHalf2x16(c.zw)));"
        }
    }

    /// The argument block of a fused pass: each stage's block in turn, with each array handle's offset moved by the
    /// floats of the earlier stages' arrays (`arrayData` is theirs concatenated in the same order).
    public static func concatenate(arguments: [[UInt8]], arrayData: [[Float]], of stages: [FusionStage]) -> (arguments: [UInt8], arrayData: [Float]) {
        var block = [UInt8]()
        var arrays = [Float]()
        for (stage, (bytes, data)) in zip(stages, zip(arguments, arrayData)) {
            var patched = bytes
            for p in stage.function.parameters where p.isArray {
                let at = p.blockOffset!
                var offset = UInt32(0)
                for b in 0..<4 { offset |= UInt32(patched[at + b]) << UInt32(8 * b) }
                offset += UInt32(arrays.count)
                for b in 0..<4 { patched[at + b] = UInt8(truncatingIfNeeded: offset >> UInt32(8 * b)) }
            }
            block += patched
            arrays += data
        }
        return (block, arrays)
    }
}
