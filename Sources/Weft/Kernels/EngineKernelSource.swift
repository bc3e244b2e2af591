import WeftImage
import WeftRuntime
import WeftShaders

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
    /// `shape` drawn in place over part of the canvas: reads and writes its output, runs over the shapes' bounds.
    case shapeInPlace = "weft.shape.inPlace"
    /// `layer` drawn in place over part of the canvas: reads and writes its output, runs over the layer's reach.
    case layerInPlace = "weft.layer.inPlace"
    /// `shape` over a canvas that holds one color (its argument block's last member): the fill folded in.
    case shapeOverSolid = "weft.shape.overSolid"
    /// `layer` over a canvas that holds one color (its argument block's last member): the fill folded in.
    case layerOverSolid = "weft.layer.overSolid"
    /// `blur` folded into the `layerInPlace` composite that draws its result (`FusionComposite`, in place).
    case blurInPlace = "weft.blur+weft.layer.inPlace"
    /// `blur` folded into the composite that draws its result over a canvas holding one color.
    case blurOverSolid = "weft.blur+weft.layer.overSolid"

    /// The variant drawn in place over part of its output, for the kernels that have one.
    var inPlace: EngineKernel? {
        switch self {
        case .shape: .shapeInPlace
        case .layer: .layerInPlace
        default: nil
        }
    }

    /// The variant whose destination is one color given in its arguments, for the kernels that have one.
    var overSolid: EngineKernel? {
        switch self {
        case .shape, .shapeInPlace: .shapeOverSolid
        case .layer, .layerInPlace: .layerOverSolid
        case .blurInPlace: .blurOverSolid
        default: nil
        }
    }

    /// How the kernel composites (`FusionComposite`), for the blur folded into its composite.
    private var composite: FusionComposite.Destination? {
        switch self {
        case .blurInPlace: .inPlace
        case .blurOverSolid: .solid
        default: nil
        }
    }

    private var isInPlace: Bool { self == .shapeInPlace || self == .layerInPlace || self == .blurInPlace }
    private var isOverSolid: Bool { self == .shapeOverSolid || self == .layerOverSolid }

    /// The engine's compositing functions (`weftBlend`, `weftStoreClamp`, color conversion), for generated kernels that
    /// composite (`FusionComposite`).
    static var compositingFunctions: String { text(PackageResources.common_glsl) }

    var interface: KernelInterface {
        switch self {
        case .solid:
            KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16, readsArrays: false, imageCount: 0, usesDerivatives: false)
        case .shape:
            KernelInterface(readsLayer: false, readsDestination: true, argumentBlockSize: 16, readsArrays: true, imageCount: 0, usesDerivatives: false)
        case .layer:
            KernelInterface(readsLayer: true, readsDestination: true, argumentBlockSize: 16 * 8, readsArrays: false, imageCount: 0, usesDerivatives: false)
        case .blur:
            KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 16 * 3, readsArrays: true, imageCount: 0, usesDerivatives: false)
        case .shapeInPlace:
            KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16, readsArrays: true, imageCount: 0, usesDerivatives: false,
                            readsOutput: true)
        case .layerInPlace:
            KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 16 * 8, readsArrays: false, imageCount: 0, usesDerivatives: false,
                            readsOutput: true)
        case .shapeOverSolid:
            KernelInterface(readsLayer: false, readsDestination: false, argumentBlockSize: 16 * 2, readsArrays: true, imageCount: 0, usesDerivatives: false)
        case .layerOverSolid:
            KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 16 * 9, readsArrays: false, imageCount: 0, usesDerivatives: false)
        case .blurInPlace, .blurOverSolid:
            KernelInterface(readsLayer: true, readsDestination: false, argumentBlockSize: 16 * 3 + FusionComposite.blockSize, readsArrays: true,
                            imageCount: 0, usesDerivatives: false, readsOutput: self == .blurInPlace)
        }
    }

    /// The closest stitchable kind, for reports (engine kernels are not stitchable effects).
    var reportedKind: EffectKind {
        switch self {
        case .solid, .shape, .shapeInPlace, .shapeOverSolid: .fill
        case .layer, .layerInPlace, .layerOverSolid: .blend
        case .blur: .layer
        case .blurInPlace, .blurOverSolid: .blend
        }
    }

    func source(outputFormat: PixelFormat) -> String {
        let header = """
        #version 450
        layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;
        layout(binding = 0, \(outputFormat.glslQualifier)) uniform \(isInPlace ? "" : "writeonly ")image2D weftOutput;
        \(FrameConstants.glslDeclaration)
        #define WEFT_SHAPE_RECORD_STRIDE \(ShapeBatch.recordStride)
        \(composite != nil ? "#define WEFT_COMPOSITE 1\n" + FusionComposite.declaration : "")
        \(isInPlace ? "#define WEFT_IN_PLACE 1\n#define weftDestinationTexel(p) imageLoad(weftOutput, p)"
                     : isOverSolid ? "#define WEFT_OVER_SOLID 1\n#define weftDestinationTexel(p) args.solidDestination"
                     : "#define weftDestinationTexel(p) texelFetch(weftDestination, p, 0)")

        """
        switch self {
        case .solid: return header + Self.text(PackageResources.solid_glsl)
        case .shape, .shapeInPlace, .shapeOverSolid: return header + Self.text(PackageResources.common_glsl) + Self.text(PackageResources.shape_glsl)
        case .layer, .layerInPlace, .layerOverSolid: return header + Self.text(PackageResources.common_glsl) + Self.text(PackageResources.layer_glsl)
        case .blur: return header + Self.text(PackageResources.blur_glsl)
        case .blurInPlace, .blurOverSolid:
            return header + Self.text(PackageResources.common_glsl) + Self.text(PackageResources.blur_glsl)
                + KernelFusion.storedFunction(outputFormat) + FusionComposite.main(destination: composite!, block: "args")
        }
    }

    /// The GLSL of Sources/Weft/Resources/EngineKernels, embedded at build time.
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
