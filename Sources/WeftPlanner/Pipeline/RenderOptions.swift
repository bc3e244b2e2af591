import Foundation
import WeftImage
import WeftRuntime
import WeftText
import WeftViews

/// How one frame is rendered.
public struct RenderOptions: Sendable, Hashable {
    /// Pixels per point.
    public var scale: Float = 1
    /// The frame effects see: time, frame index, reduce-motion, pointer (`$time`, `$frame`, `$reduceMotion`, `$mouse`).
    public var frame = FrameContext()
    /// Fills the canvas before anything is drawn.
    public var background: Color = .clear
    /// The output's format: RGBA8 holds sRGB-encoded values, RGBA16F extended-linear ones.
    public var outputFormat: PixelFormat = .rgba8Unorm
    /// The color mode the root of the scene is composed in.
    public var workingColorMode: ColorMode = .nonLinear
    /// Grow the output to everything the scene draws beyond its size (shadows, offsets,
    /// effect padding) instead of clipping it.
    public var keepOverflow: Bool = false
    /// Stitch effect chains that need no intermediate texture into one kernel and run independent passes level by level
    /// (docs/fusion.md, "Scheduling"); off only to compare.
    public var fusion: Bool = true
    /// Run the stock `gaussianBlur` as the engine's blur passes where its taps land on whole pixels (docs/fusion.md, "The
    /// stock gaussianBlur as the engine's blur"); false, it runs as the stitchable everywhere. nil (the default) uses the
    /// engine's blur where it measured faster: on the CPU evaluator, and on GPUs from a radius of 12 pixels
    /// (`engineGaussianMinimumRadius(on:)`). `$WEFT_ENGINE_GAUSSIAN` `1` or `0` sets it (to measure both).
    public var engineGaussian: Bool? = RenderOptions.engineGaussianByEnvironment

    /// Run in-place layer composites that follow each other on one canvas as one `weft.layer.batch.N` pass (docs/
    /// compositing.md, "Layer batches"); off, one pass each. Default: on unless `$WEFT_LAYER_BATCH` is `0`.
    public var layerBatches: Bool = RenderOptions.layerBatchesByEnvironment

    /// Draw shapes and lines of text that meet no pixel of the draws between them in the same pass (docs/compositing.md,
    /// "Draws that meet no pixel of each other"): the same pixels, in fewer passes; false, every draw is emitted in order.
    /// nil (the default) does it on GPUs only (`disjointDraws(on:)`). `$WEFT_DISJOINT_DRAWS` `1` or `0` sets it.
    public var disjointDraws: Bool? = RenderOptions.disjointDrawsByEnvironment

    // Read once: a sequence makes options for every frame, and reading the environment copies all of it.
    public static let engineGaussianByEnvironment: Bool? = switch ProcessInfo.processInfo.environment["WEFT_ENGINE_GAUSSIAN"] {
    case "1": true
    case "0": false
    default: nil
    }
    static let layerBatchesByEnvironment = ProcessInfo.processInfo.environment["WEFT_LAYER_BATCH"] != "0"
    static let disjointDrawsByEnvironment: Bool? = switch ProcessInfo.processInfo.environment["WEFT_DISJOINT_DRAWS"] {
    case "1": true
    case "0": false
    default: nil
    }

    /// Whether draws that meet no pixel of each other share passes on `device` (`disjointDraws`). By default on GPUs,
    /// where a pass costs a dispatch and a barrier; not on the CPU evaluator nor lavapipe, which evaluate every pixel of
    /// a pass's rectangle and every shape of a batch at each pixel, so that fewer, larger passes measured slower there
    /// (docs/benchmarks.md, "Draws that meet no pixel of each other").
    public func disjointDraws(on device: DeviceKind) -> Bool {
        disjointDraws ?? [.discreteGPU, .integratedGPU, .virtualGPU].contains(device)
    }

    /// The smallest radius in pixels at which the stock `gaussianBlur` runs as the engine's blur on `device`, or nil where
    /// it never does (`engineGaussian`). By default: every radius on the CPU evaluator; from 12 on GPUs, where the
    /// sliding-window blur measured faster than the stitchable's paired bilinear taps at 12 and 24 and slower at 6
    /// (docs/benchmarks.md, "The sliding-window blur on the GPU"); never on lavapipe, where the stitchable was faster.
    public func engineGaussianMinimumRadius(on device: DeviceKind) -> Int? {
        switch engineGaussian {
        case true?: 1
        case false?: nil
        case nil:
            switch device {
            case .cpuEvaluator: 1
            case .discreteGPU, .integratedGPU, .virtualGPU: 12
            default: nil
            }
        }
    }

    public init(scale: Float = 1, frame: FrameContext = FrameContext(), background: Color = .clear,
                outputFormat: PixelFormat = .rgba8Unorm, workingColorMode: ColorMode = .nonLinear, keepOverflow: Bool = false,
                fusion: Bool = true, engineGaussian: Bool? = RenderOptions.engineGaussianByEnvironment) {
        self.scale = scale
        self.frame = frame
        self.background = background
        self.outputFormat = outputFormat
        self.workingColorMode = workingColorMode
        self.keepOverflow = keepOverflow
        self.fusion = fusion
        self.engineGaussian = engineGaussian
    }
}

/// A planned render: the plan an executor runs, and where its output lies.
public struct PlannedRender: Sendable {
    public var plan: RenderPlan
    public var output: TextureID
    /// The scene point at the output's top-left corner: (0, 0), or negative when overflow is kept.
    public var origin: SIMD2<Float>
    public var scale: Float
    /// Why each effect pass that was not stitched onto its input's producer stayed apart (empty without fusion).
    public var fusionNotes: [FusionNote] = []
    /// `matchedGeometryEffect` faults found in laying the view out.
    public var warnings: [MatchedGeometryWarning] = []
    /// How long planning took, by phase; `reused` or `rebound` when `PlanReuse` ran the previous frame's plan again.
    public var timings = PlanTimings()
    /// What drawing the texts warned of: families not installed, characters no installed font has.
    public var textWarnings: [TextWarning] = []
    /// Each pass's `PlannedPass.placement`, in the plan's order (`passPixel`).
    package var placements: [Affine?] = []
}
