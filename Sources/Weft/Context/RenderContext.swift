import WeftImage
import WeftRuntime

/// How one frame is rendered.
public struct RenderOptions: Sendable {
    /// Pixels per point.
    public var scale: Float = 1
    /// Seconds, for effects that animate (`$time`); frozen at 0 when `reduceMotion` is on.
    public var time: Float = 0
    public var frame: UInt32 = 0
    public var reduceMotion: Bool = false
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
    /// The pointer, points, top-left origin (`$mouse`; the preview window sets it).
    public var mouse: SIMD2<Float> = .zero

    public init(scale: Float = 1, time: Float = 0, frame: UInt32 = 0, reduceMotion: Bool = false, background: Color = .clear,
                outputFormat: PixelFormat = .rgba8Unorm, workingColorMode: ColorMode = .nonLinear, keepOverflow: Bool = false,
                fusion: Bool = true) {
        self.scale = scale
        self.time = time
        self.frame = frame
        self.reduceMotion = reduceMotion
        self.background = background
        self.outputFormat = outputFormat
        self.workingColorMode = workingColorMode
        self.keepOverflow = keepOverflow
        self.fusion = fusion
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
}

/// A rendered frame.
public struct Rendering: Sendable {
    public var pixels: PixelBuffer
    /// The scene point at the top-left corner of `pixels`, points.
    public var origin: SIMD2<Float>
    /// Findings of the executor's checks (the CPU evaluator's).
    public var reports: [ExecutionReport]
    public var hostTime: Duration
    /// `matchedGeometryEffect` faults found in laying the view out.
    public var warnings: [MatchedGeometryWarning] = []
    /// The pipeline barriers the executor recorded (Vulkan; nil on the CPU evaluator).
    public var barriers: BarrierCounts?
}

/// Renders views on one executor. Owns the compiled engine kernels; safe to share across threads.
public final class RenderContext: Sendable {
    public let executor: any Executor
    let kernels: EngineKernelCache
    let fusedKernels = FusedKernelCache()

    /// `cache` keeps the engine's own kernels, as a `ShaderLibrary`'s keeps author kernels, so a
    /// process that finds them on disk starts no compiler at all.
    public init(executor: any Executor, cache: SPIRVCache = .shared) {
        self.executor = executor
        self.kernels = EngineKernelCache(spirv: cache)
    }

    /// Lowers `view` to a render plan; nothing runs.
    public func plan(_ view: some View, size: Size, options: RenderOptions = RenderOptions()) throws -> PlannedRender {
        try plan(view, size: size, options: options, boundedPasses: true)
    }

    /// `boundedPasses` false draws every pass over its whole output, `scheduled` false keeps lowering order with fusion
    /// on (to compare with bounded passes and with scheduling in tests).
    func plan(_ view: some View, size: Size, options: RenderOptions, boundedPasses: Bool, scheduled: Bool? = nil) throws -> PlannedRender {
        let scale = options.scale
        guard size.width > 0, size.height > 0, scale > 0, size.width.isFinite, size.height.isFinite, scale.isFinite else {
            throw RenderError.invalidSize(width: size.width, height: size.height, scale: scale)
        }
        guard size.width * scale >= 1, size.height * scale >= 1 else {
            throw RenderError.underOnePixel(width: size.width, height: size.height, scale: scale)
        }
        let proposal = size.vector
        let (root, warnings) = MatchedGeometry.resolve(view.node, size: proposal)
        let rootTransform = Layout.rootTransform(root, size: proposal)

        var area = Rect(size: proposal)
        if options.keepOverflow {
            area = area.union(Layout.extent(of: root, proposed: proposal).applying(rootTransform))
        }
        let lo = (area.minimum * scale).rounded(.down)
        let hi = (area.maximum * scale).rounded(.up)
        let mode = options.workingColorMode
        let textureLimit = TextureLimit(of: executor)
        let pixels = try textureLimit.check(pointwiseMax(hi - lo, SIMD2(1, 1)), format: mode.storageFormat)

        // Reduce-motion freezes time where shaders see it (docs/animation.md).
        var lowering = Lowering(kernels: kernels, frameInfo: FrameInfo(time: options.reduceMotion ? 0 : options.time, frame: options.frame,
                                                                       reduceMotion: options.reduceMotion, mouse: options.mouse),
                                textureLimit: textureLimit)
        lowering.readThroughLayers = options.fusion
        var canvas = try lowering.makeCanvas(origin: lo / scale, width: pixels.width, height: pixels.height, scale: scale,
                                             mode: mode, fill: options.background.premultiplied(in: mode))
        try lowering.draw(root, proposed: proposal, transform: rootTransform, distributed: Distributed(), into: &canvas)
        try lowering.flush(&canvas)

        let outputMode: ColorMode = options.outputFormat == .rgba8Unorm ? .nonLinear : .extendedLinear
        // An image drawn alone is still its upload; a readback reads what a pass wrote.
        if canvas.format != options.outputFormat || (canvas.mode == .nonLinear) != (outputMode == .nonLinear)
            || lowering.builder.isUpload(canvas.texture) {
            var output = try lowering.makeCanvas(origin: canvas.origin, width: canvas.width, height: canvas.height,
                                                 scale: scale, mode: outputMode)
            try lowering.emitLayer(canvas.asLayer(toTarget: .identity), mask: nil, opaque: false, opacity: 1,
                                   blendMode: .normal, into: &output, copy: true)
            canvas = output
        }
        let notes = options.fusion ? lowering.builder.fuse(readingBack: [canvas.texture], kernels: fusedKernels) : []
        if boundedPasses { lowering.builder.drawInPlace(readingBack: [canvas.texture]) }
        if options.fusion { lowering.builder.foldComposites(readingBack: [canvas.texture], kernels: fusedKernels, engine: kernels) }
        let (plan, readbacks) = lowering.builder.finish(readingBack: [canvas.texture], scheduled: scheduled ?? options.fusion)
        return PlannedRender(plan: plan, output: readbacks[0], origin: canvas.origin, scale: scale, fusionNotes: notes, warnings: warnings)
    }

    /// Renders `view` offered `size` points.
    public func render(_ view: some View, size: Size, options: RenderOptions = RenderOptions()) throws -> Rendering {
        let planned = try plan(view, size: size, options: options)
        let result = try executor.execute(planned.plan)
        guard let pixels = result.outputs[planned.output] else {
            throw ExecutionError.missingReadback(planned.output, device: executor.device.name)
        }
        return Rendering(pixels: pixels, origin: planned.origin, reports: result.reports, hostTime: result.hostTime, warnings: planned.warnings,
                         barriers: result.barriers)
    }

    /// Renders `scene` as it is `time` seconds in: its state then, and `$time` = `time` for its
    /// effects. `options` default to the scene's own (`Scene.options`).
    public func render(_ scene: Scene, at time: Double, options: RenderOptions? = nil) throws -> Rendering {
        var options = options ?? scene.options()
        options.time = Float(time)
        var rendering = try render(scene.root(at: time), size: scene.size, options: options)
        rendering.warnings += scene.warnings(at: time).filter { !rendering.warnings.contains($0) }
        return rendering
    }
}
