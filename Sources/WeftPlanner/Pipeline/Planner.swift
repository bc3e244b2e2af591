import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Turns a view into a render plan, nothing run: layout, lowering to passes over logical textures, then the rewrites
/// in their one order — stitch (`Fusion`), bound in-place draws, fold composites (`CompositeFolding`), schedule by level
/// (`PassSchedule`) — and texture allocation. Owns the compiled engine and fused kernels; safe to share across threads.
public final class Planner: Sendable {
    let kernels: EngineKernelCache
    let fusedKernels = FusedKernelCache()
    let pathCoverage = PathCoverageCache()

    /// `cache` keeps the engine's own kernels, as a `ShaderLibrary`'s keeps author kernels, so a process that finds
    /// them on disk starts no compiler at all.
    public init(cache: SPIRVCache = .shared) {
        kernels = EngineKernelCache(spirv: cache)
    }

    /// A planner whose glyph atlas holds at most `glyphAtlasRows` rows, for tests that start the atlas over.
    package init(cache: SPIRVCache = .shared, glyphAtlasRows: Int) {
        kernels = EngineKernelCache(spirv: cache, glyphAtlasRows: glyphAtlasRows)
    }

    /// Which rewrites run after lowering. Every one is on in a render; tests turn single ones off to compare.
    package struct Rewrites: Sendable, Equatable {
        /// Stitching, folding, read-through and scheduling (`RenderOptions.fusion`).
        var fusion: Bool
        /// Draws bounded to the pixels they change, in place.
        var boundedPasses = true
        /// Passes run level by level; nil follows `fusion`.
        var scheduled: Bool?
        /// In-place composites onto one canvas run as one pass (`LayerBatching`), with `fusion`; `WEFT_LAYER_BATCH=0` turns it off.
        var layerBatches = true

        /// The rewrites of a render with `options` on `device`. The layer batch saves dispatches and barriers, which the
        /// CPU evaluator does not pay; there its loop over the items measured slower than the passes (docs/compositing.md).
        init(_ options: RenderOptions, device: DeviceKind) {
            self.init(fusion: options.fusion, layerBatches: options.layerBatches && device != .cpuEvaluator)
        }

        package init(fusion: Bool, boundedPasses: Bool = true, scheduled: Bool? = nil, layerBatches: Bool = true) {
            self.fusion = fusion
            self.layerBatches = layerBatches
            self.boundedPasses = boundedPasses
            self.scheduled = scheduled
        }
    }

    /// Lowers `view`, offered `size` points, to a render plan whose textures fit `textureLimit`.
    public func plan(_ view: some View, size: Size, options: RenderOptions, textureLimit: TextureLimit) throws(RenderError) -> PlannedRender {
        try plan(view, size: size, options: options, textureLimit: textureLimit, rewrites: Rewrites(options, device: textureLimit.device.kind))
    }

    package func plan(_ view: some View, size: Size, options: RenderOptions, textureLimit: TextureLimit,
                      rewrites: Rewrites) throws(RenderError) -> PlannedRender {
        rewrite(try lower(view, size: size, options: options, textureLimit: textureLimit, readThroughLayers: rewrites.fusion),
                rewrites: rewrites)
    }

    /// The deepest view tree a render plans (`ViewNode.deepestLaidOut`); a deeper tree is refused, not left to overflow
    /// the stack.
    public static let deepestViewTree = ViewNode.deepestLaidOut

    /// Refuses `root` when it nests deeper than `deepestViewTree`.
    static func checkDepth(of root: ViewNode) throws(RenderError) {
        guard !root.nestsTooDeep else { throw .viewTreeTooDeep(depth: root.depth, limit: deepestViewTree) }
    }

    /// Layout and lowering: the frame's passes over logical textures, before any rewrite. `layout` is the frame's
    /// (one that reuses the previous frame's answers, in a sequence); by default a fresh one. `previous`, the tree the
    /// previous frame drew (`LoweredFrame.root`), whose equal views this frame's takes (`ViewNode.adopting`) once its
    /// `TimelineView`s are built and again once its views are placed.
    func lower(_ view: some View, size: Size, options: RenderOptions, textureLimit: TextureLimit,
               readThroughLayers: Bool, layout: FrameLayout = FrameLayout(), previous: ViewNode? = nil) throws(RenderError) -> LoweredFrame {
        let scale = options.scale
        guard size.width > 0, size.height > 0, scale > 0, size.width.isFinite, size.height.isFinite, scale.isFinite else {
            throw .invalidSize(width: size.width, height: size.height, scale: scale)
        }
        guard size.width * scale >= 1, size.height * scale >= 1 else {
            throw .underOnePixel(width: size.width, height: size.height, scale: scale)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let proposal = size.vector
        // A `TimelineView` no `Timeline` built is built at the render's clock, so the plan reads the clock; visual
        // effects are given their views' places once the views are where they are drawn.
        let node = view.node
        try Self.checkDepth(of: node)
        // Only what building the clocked content, matching geometry and placing effects made anew is compared again:
        // the tree as given was (`PlanReuse`).
        func adopted(_ tree: ViewNode, madeFrom source: ViewNode) -> ViewNode {
            guard let previous, tree.identity != source.identity else { return tree }
            return tree.adopting(previous)
        }
        let clocked = adopted(node.clocked(at: options.frame.time), madeFrom: node)
        let (matched, warnings) = MatchedGeometry.resolve(clocked, size: proposal, layout: layout)
        let root = adopted(matched.placingVisualEffects(size: proposal, layout: layout), madeFrom: clocked)
        let rootTransform = layout.rootTransform(root, size: proposal)

        var area = Rect(size: proposal)
        if options.keepOverflow {
            area = area.union(layout.extent(of: root, proposed: proposal).applying(rootTransform))
        }
        let lo = (area.minimum * scale).rounded(.down)
        let hi = (area.maximum * scale).rounded(.up)
        let mode = options.workingColorMode
        let pixels = try textureLimit.check(pointwiseMax(hi - lo, SIMD2(1, 1)), format: mode.storageFormat)
        let laidOut = clock.now

        var lowering = Lowering(layout: layout, kernels: kernels, pathCoverage: pathCoverage, frameContext: options.frame,
                                textureLimit: textureLimit)
        lowering.readThroughLayers = readThroughLayers
        lowering.disjointDraws = options.disjointDraws(on: textureLimit.device.kind)
        lowering.engineGaussianMinimumRadius = options.engineGaussianMinimumRadius(on: textureLimit.device.kind)
        var canvas = try lowering.makeCanvas(origin: lo / scale, width: pixels.width, height: pixels.height, scale: scale,
                                             mode: mode, fill: options.background.premultiplied(in: mode))
        try lowering.draw(root, proposed: proposal, transform: rootTransform, distributed: Distributed(), into: &canvas)
        try lowering.flush(&canvas)
        lowering.finishGlyphAtlas()

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
        let lowered = clock.now
        return LoweredFrame(root: root, builder: lowering.builder, output: canvas.texture, origin: canvas.origin, scale: scale, warnings: warnings,
                            textWarnings: lowering.textWarnings, timings: PlanTimings(layout: laidOut - start, lowering: lowered - laidOut),
                            readsClock: lowering.effectsBound > 0 || node.isClocked, glyphAtlasGeneration: kernels.glyphAtlas.generation)
    }

    /// The rewrites in their one order, then texture allocation.
    func rewrite(_ lowered: LoweredFrame, rewrites: Rewrites) -> PlannedRender {
        rewriteTracing(lowered, rewrites: rewrites).planned
    }

    /// `rewrite`, with where each of the plan's passes took its values from, in the plan's order.
    func rewriteTracing(_ lowered: LoweredFrame, rewrites: Rewrites) -> (planned: PlannedRender, provenance: [ValueProvenance?]) {
        let start = ContinuousClock.now
        var builder = lowered.builder
        let readback = [lowered.output]
        var notes: [FusionNote] = []
        if rewrites.fusion {
            (builder.planned, notes) = Fusion.rewrite(builder.planned, readbacks: readback, kernels: fusedKernels)
        }
        if rewrites.boundedPasses { builder.drawInPlace(readingBack: readback) }
        if rewrites.fusion {
            var folding = CompositeFolding(builder.planned, logical: builder.logical, readbacks: readback)
            folding.foldLayers(composites: builder.foldableComposites, kernels: fusedKernels, engine: kernels)
            folding.foldSolids(kernels: fusedKernels, engine: kernels)
            builder.planned = folding.planned
            if rewrites.layerBatches { builder.planned = LayerBatching.batched(builder.planned, engine: kernels) }
        }
        let (plan, readbacks, placements, provenance) = builder.finishPlaced(readingBack: readback, scheduled: rewrites.scheduled ?? rewrites.fusion)
        var timings = lowered.timings
        timings.rewrites = ContinuousClock.now - start
        let planned = PlannedRender(plan: plan, output: readbacks[0], origin: lowered.origin, scale: lowered.scale, fusionNotes: notes,
                                    warnings: lowered.warnings, timings: timings, textWarnings: lowered.textWarnings, placements: placements)
        return (planned, provenance)
    }
}
