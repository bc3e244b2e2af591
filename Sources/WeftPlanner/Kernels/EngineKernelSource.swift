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
    /// `blur` computed from workgroup tiles in shared memory (docs/kernel-abi.md): the same arguments, the same sums in the
    /// same order, each texel fetched once per workgroup instead of once per tap. Standalone passes only.
    case tiledBlur = "weft.blur.tiled"
    /// Covers a run of glyphs with their coverage from the glyph atlas (`GlyphAtlas`), each in its color, blended
    /// over the destination in order.
    case glyph = "weft.glyph"

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

        init(_ kernel: EngineKernel, _ destination: Destination = .texture) {
            precondition(kernel.destinations.contains(destination), "\(kernel) has no \(destination) variant")
            self.kernel = kernel
            self.destination = destination
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
            }
        }

        /// The closest stitchable kind, for reports (engine kernels are not stitchable effects).
        var reportedKind: EffectKind {
            switch kernel {
            case .solid, .shape, .glyph: .fill
            case .layer: .blend
            case .blur: destination == .texture ? .layer : .blend
            case .tiledBlur: .layer
            }
        }
    }

    /// The destinations this kernel has a variant for (all but the solid fill's, which has no destination, and the tiled
    /// blur's, drawn only into a texture of its own).
    var destinations: [Destination] { self == .solid || self == .tiledBlur ? [.texture] : Destination.allCases }

    /// Texels along the blur's axis that one chunk of `tiledBlur`'s tile holds for each of its 16 lanes; wider windows
    /// (16 + 2·radius texels) are summed chunk after chunk.
    static let tiledBlurChunk = 64
    /// The shared memory `tiledBlur` declares: 16 lanes of `tiledBlurChunk` + 1 texels (the padding keeps a column's
    /// lanes in different banks), each a `vec4`.
    static let tiledBlurSharedBytes = 16 * (tiledBlurChunk + 1) * 16

    /// The blur a standalone pass (a shadow's, each direction) runs on `device` with `workgroupMemory` bytes of shared
    /// memory per workgroup: the tiled one where it fits, except on CPU Vulkan devices (lavapipe), where it measured
    /// slower than the per-tap blur (docs/benchmarks.md). `$WEFT_TILED_BLUR` `0` never tiles, `1` tiles wherever it fits.
    static func standaloneBlur(workgroupMemory: Int, device: DeviceKind) -> EngineKernel {
        guard workgroupMemory >= tiledBlurSharedBytes else { return .blur }
        switch tiledBlurByEnvironment {
        case "0": return .blur
        case "1": return .tiledBlur
        default: return device == .cpuDevice ? .blur : .tiledBlur
        }
    }
    private static let tiledBlurByEnvironment = ProcessInfo.processInfo.environment["WEFT_TILED_BLUR"]

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
        case .shape: return header + text(PackageResources.common_glsl) + text(PackageResources.shape_glsl)
        case .layer: return header + text(PackageResources.common_glsl) + text(PackageResources.layer_glsl)
        case .glyph: return header + text(PackageResources.common_glsl) + text(PackageResources.glyph_glsl)
        case .tiledBlur:
            return header + "#define WEFT_TILED 1\n#define WEFT_BLUR_CHUNK \(EngineKernel.tiledBlurChunk)\n" + text(PackageResources.blur_glsl)
        case .blur:
            guard let composite else { return header + text(PackageResources.blur_glsl) }
            return header + text(PackageResources.common_glsl) + text(PackageResources.blur_glsl)
                + KernelFusion.storedFunction(outputFormat) + FusionComposite.main(destination: composite, block: "args")
        }
    }
}
