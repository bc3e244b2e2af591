import Foundation
import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// The engine's own kernels: hand-written GLSL compute shaders that follow docs/kernel-abi.md.
/// Argument blocks hold only `vec4`/`ivec4` members, so their std140 offsets are 16·i.
enum EngineKernel: String, Sendable, CaseIterable {
    /// Writes one color everywhere.
    case solid = "weft.solid"
    /// Covers a batch of shapes (signed-distance anti-aliasing), filling each with a color or
    /// gradient and blending it over the destination in order.
    case shape = "weft.shape"
    /// Samples a layer through an affine map, converts its color mode, optionally masks it
    /// with a shape and blends it over the destination.
    case layer = "weft.layer"
    /// One direction of a separable Gaussian blur, optionally tinting the blurred alpha.
    case blur = "weft.blur"
    /// `blur` summing a run of outputs along its axis in each invocation, in registers (docs/kernel-abi.md): the same
    /// arguments, the same sums in the same order, each texel fetched once per run instead of once per tap. Standalone
    /// passes only, dispatched with `KernelPass.outputsPerInvocation` = `tiledBlurOutputs(step:run:)`.
    case tiledBlur = "weft.blur.tiled"
    /// Covers a run of glyphs with their coverage from the glyph atlas (`GlyphAtlas`), each in its color, blended
    /// over the destination in order.
    case glyph = "weft.glyph"
    /// Writes a frame's straight colors as the planes of YUV (`YUVPlanes`: 4:2:0, 4:2:2, 4:4:4; 8 or 10 bits), four bytes a
    /// texel, for a video encoder.
    case yuv = "weft.yuv"

    /// What a draw writes over (docs/fusion.md): a new texture reading its destination, its destination's own texture in
    /// place over part of it, or a canvas that holds one color (its argument block's last member: the fill folded in).
    /// The blur has no destination of its own: drawn in place or over a solid, it is folded into the composite that draws
    /// its result (`FusionComposite`).
    enum Destination: String, Sendable, CaseIterable {
        case texture, inPlace, overSolid
    }

    /// A kernel with the destination it draws onto; the unit the cache compiles.
    struct Variant: Hashable, Sendable, CaseIterable {
        var kernel: EngineKernel
        var destination: Destination
        /// `tiledBlur`'s outputs an invocation (`EngineKernel.blurRun(outputs:)`); 1 for every other kernel.
        var blurRun: Int

        init(_ kernel: EngineKernel, _ destination: Destination = .texture, blurRun: Int = 1) {
            precondition(kernel.destinations.contains(destination), "\(kernel) has no \(destination) variant")
            precondition(blurRun == 1 || kernel == .tiledBlur, "only the tiled blur sums a run of outputs")
            self.kernel = kernel
            self.destination = destination
            self.blurRun = blurRun
        }

        static var allCases: [Variant] {
            EngineKernel.allCases.flatMap { kernel in kernel.destinations.map { Variant(kernel, $0) } }
        }

        /// The name plans show: `weft.shape.inPlace`; a blur folded into its composite, `weft.blur+weft.layer.inPlace`.
        var name: String {
            switch (kernel, destination) {
            case (_, .texture): kernel.rawValue
            case (.blur, _): "\(kernel.rawValue)+\(EngineKernel.layer.rawValue).\(destination.rawValue)"
            default: "\(kernel.rawValue).\(destination.rawValue)"
            }
        }

        /// How the kernel composites (`FusionComposite`), for the blur folded into its composite.
        var composite: FusionComposite.Destination? {
            guard kernel == .blur else { return nil }
            switch destination {
            case .texture: return nil
            case .inPlace: return .inPlace
            case .overSolid: return .solid
            }
        }

        var interface: KernelInterface {
            let inPlace = destination == .inPlace, overSolid = destination == .overSolid
            switch kernel {
            case .solid:
                return KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16, readsArrays: false, imageCount: 0,
                                       usesDerivatives: false)
            case .shape:
                return KernelInterface(readsLayer: false, readsDestination: destination == .texture, argumentBlockSize: 16 * (overSolid ? 2 : 1),
                                       readsArrays: true, imageCount: 0, usesDerivatives: false, readsOutput: inPlace)
            case .layer:
                return KernelInterface(readsLayer: true, readsDestination: destination == .texture, argumentBlockSize: 16 * (overSolid ? 9 : 8),
                                       readsArrays: false, imageCount: 0, usesDerivatives: false, readsOutput: inPlace)
            case .glyph:
                return KernelInterface(readsLayer: true, readsDestination: destination == .texture, argumentBlockSize: 16 * (overSolid ? 2 : 1),
                                       readsArrays: true, imageCount: 0, usesDerivatives: false, readsOutput: inPlace)
            case .blur, .tiledBlur:
                return KernelInterface(readsLayer: true, readsDestination: false,
                                       argumentBlockSize: 16 * 3 + (composite == nil ? 0 : FusionComposite.blockSize),
                                       readsArrays: true, imageCount: 0, usesDerivatives: false, readsOutput: inPlace)
            case .yuv:
                return KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 32, readsArrays: false, imageCount: 0,
                                       usesDerivatives: false)
            }
        }

        /// The closest stitchable kind, for reports (engine kernels are not stitchable effects).
        var reportedKind: EffectKind {
            switch kernel {
            case .solid, .shape, .glyph: .fill
            case .layer: .blend
            case .blur: destination == .texture ? .layer : .blend
            case .tiledBlur, .yuv: .layer
            }
        }
    }

    /// The destinations this kernel has a variant for (all but the solid fill's, which has no destination, and the tiled
    /// blur's and the YUV planes', drawn only into a texture of their own).
    var destinations: [Destination] { self == .solid || self == .tiledBlur || self == .yuv ? [.texture] : Destination.allCases }

    /// The blur a standalone pass (a shadow's, each direction) runs on `device`: the tiled one, except on the CPU evaluator
    /// (whose native blur runs either) and on devices of unknown kind. `$WEFT_TILED_BLUR` `0` never tiles, `1` always does.
    static func standaloneBlur(device: DeviceKind) -> EngineKernel {
        switch tiledBlurByEnvironment {
        case "0": return .blur
        case "1": return .tiledBlur
        default: return device == .cpuEvaluator || device == .other ? .blur : .tiledBlur
        }
    }
    private static let tiledBlurByEnvironment = ProcessInfo.processInfo.environment["WEFT_TILED_BLUR"]

    /// Consecutive outputs one invocation of `tiledBlur` sums along the blur's axis, for a pass of `outputs` pixels: 8
    /// from 512 × 512 pixels up, 4 from 256 × 256, 1 below, where fewer invocations would leave a GPU idle (on an H100, 4K
    /// blurs ran fastest at 8, shadows of 140 × 140 pixels at 1: docs/benchmarks.md). `$WEFT_BLUR_RUN` (1–32) sets
    /// every pass's, to measure.
    static func blurRun(outputs: Int) -> Int {
        if let blurRunByEnvironment { return blurRunByEnvironment }
        return outputs >= 512 * 512 ? 8 : outputs >= 256 * 256 ? 4 : 1
    }
    private static let blurRunByEnvironment: Int? = {
        guard let text = ProcessInfo.processInfo.environment["WEFT_BLUR_RUN"], let run = Int(text), (1...32).contains(run) else { return nil }
        return run
    }()

    /// `KernelPass.outputsPerInvocation` of a `tiledBlur` pass of `run` stepping `step`: `run` along x for a step along x,
    /// along y otherwise, as the kernel lays its run.
    static func tiledBlurOutputs(step: SIMD2<Float>, run: Int) -> SIMD2<Int> { step.y == 0 ? SIMD2(run, 1) : SIMD2(1, run) }

    /// The engine's compositing functions (`weftBlend`, `weftStoreClamp`, color conversion), for generated kernels that
    /// composite (`FusionComposite`).
    static var compositingFunctions: String { text(PackageResources.common_glsl) }

    /// The GLSL of Sources/WeftPlanner/Resources/EngineKernels, embedded at build time.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension EngineKernel.Variant {
    func source(outputFormat: PixelFormat) -> String {
        let header = """
        #version 450
        layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
        layout(binding = 0, \(outputFormat.glslQualifier)) uniform \(destination == .inPlace ? "" : "writeonly ")image2D weftOutput;
        \(FrameConstants.glslDeclaration)
        #define WEFT_SHAPE_RECORD_STRIDE \(ShapeBatch.recordStride)
        #define WEFT_GLYPH_RECORD_STRIDE \(GlyphRun.recordStride)
        \(composite != nil ? "#define WEFT_COMPOSITE 1\n" + FusionComposite.declaration : "")
        \(destination == .inPlace ? "#define WEFT_IN_PLACE 1\n#define weftDestinationTexel(p) imageLoad(weftOutput, p)"
                     : destination == .overSolid && kernel != .blur ? "#define WEFT_OVER_SOLID 1\n#define weftDestinationTexel(p) args.solidDestination"
                     : "#define weftDestinationTexel(p) texelFetch(weftDestination, p, 0)")

        """
        let text = EngineKernel.text
        switch kernel {
        case .solid: return header + text(PackageResources.solid_glsl)
        case .yuv: return header + text(PackageResources.yuv_glsl)
        case .shape: return header + text(PackageResources.common_glsl) + text(PackageResources.shape_glsl)
        case .layer: return header + text(PackageResources.common_glsl) + text(PackageResources.layer_glsl)
        case .glyph: return header + text(PackageResources.common_glsl) + text(PackageResources.glyph_glsl)
        case .tiledBlur:
            let run = blurRun
            let each = (0..<run).map { "F(\($0))" }.joined(separator: " ")
            let slide = (0..<run - 1).map { "F(\($0), \($0 + 1))" }.joined(separator: " ")
            return header + """
                #define WEFT_TILED 1
                #define WEFT_BLUR_RUN \(run)
                #define WEFT_BLUR_EACH(F) \(each)
                #define WEFT_BLUR_SLIDE(F) \(slide)
                #define WEFT_BLUR_LAST texel\(run - 1)

                """ + text(PackageResources.blur_glsl)
        case .blur:
            guard let composite else { return header + text(PackageResources.blur_glsl) }
            return header + text(PackageResources.common_glsl) + text(PackageResources.blur_glsl)
                + KernelFusion.storedFunction(outputFormat) + FusionComposite.main(destination: composite, block: "args")
        }
    }
}
