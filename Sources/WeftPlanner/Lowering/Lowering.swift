import WeftImage
import WeftRuntime
import WeftShaders
import WeftText
import WeftViews

/// Lowers a view tree to passes over logical textures (docs/compositing.md).
///
/// Every draw is a full pass over its canvas that reads the canvas's current texture as the
/// destination and writes a new one; the exceptions are a layer drawn with no change over a
/// clear canvas it covers exactly (an image, an effect's result), which becomes the canvas, and such a layer alone in
/// an effect's padded layer, which the effect reads directly (`Canvas.holdUncomposited`). Stitching effect chains
/// (`Fusion`) and bounding draws to what they change (`PlanBuilder.drawInPlace`) rewrite `builder.passes` afterwards.
struct Lowering {
    var builder = PlanBuilder()
    /// The frame's layout, which every view's size, placement and extent come from.
    let layout: FrameLayout
    let kernels: EngineKernelCache
    let pathCoverage: PathCoverageCache
    let frameContext: FrameContext
    let textureLimit: TextureLimit
    /// Whether an effect's first run may read a lone aligned layer drawn into its padded layer directly, instead of a
    /// padded copy (`Canvas.holdUncomposited`); off with fusion, to compare.
    var readThroughLayers = true
    /// Whether shapes and lines of text that meet no pixel of the draws between them are drawn in one pass
    /// (`PendingDraws`); off, every draw is emitted in order (`RenderOptions.disjointDraws`).
    var disjointDraws = true
    /// The smallest radius in pixels at which the stock gaussianBlur runs as the engine's blur, nil for none
    /// (`RenderOptions.engineGaussianMinimumRadius(on:)`).
    var engineGaussianMinimumRadius: Int? = 1
    /// The plan's glyph atlas texture, made resident once the lowering is done (`finishGlyphAtlas`) with the atlas as the
    /// last text left it: every glyph of the plan is in it.
    var glyphAtlas: (texture: TextureID, atlas: GlyphAtlas.Snapshot)?
    /// What drawing the texts warned of (families not installed, characters no installed font has), each once.
    var textWarnings: [TextWarning] = []
    /// The records of the line of text being drawn, kept for the next line's (`drawGlyphs`).
    var lineRun = GlyphRun()
    /// How many effects were bound: the only values of a frame's passes that its clock (time, frame index, pointer,
    /// reduce-motion) can change, other than the frame constants every pass gets.
    private(set) var effectsBound = 0

    init(layout: FrameLayout, kernels: EngineKernelCache, pathCoverage: PathCoverageCache, frameContext: FrameContext,
         textureLimit: TextureLimit) {
        self.layout = layout
        self.kernels = kernels
        self.pathCoverage = pathCoverage
        self.frameContext = frameContext
        self.textureLimit = textureLimit
    }

    // MARK: Canvases

    /// A new canvas filled with `color` (premultiplied in `mode`). The fill pass is emitted
    /// when the canvas is first read or drawn over (`flush`), and not at all when a layer
    /// that covers it exactly becomes its contents (`emitLayer`).
    mutating func makeCanvas(origin: SIMD2<Float>, width: Int, height: Int, scale: Float, mode: ColorMode,
                             fill color: SIMD4<Float> = .zero) throws(RenderError) -> Canvas {
        _ = try textureLimit.check(SIMD2(Float(width), Float(height)), format: mode.storageFormat)
        return Canvas(filledWith: color, origin: origin, width: width, height: height, scale: scale, mode: mode)
    }

    /// A transparent canvas on `target`'s pixel grid covering `rect` (target user space), clipped to `area` — by
    /// default the target's own; where content outside the target reaches it through shadows or a blur, the area it
    /// reaches from (`reachingArea`) — nil when nothing of it would be visible.
    mutating func makeCanvas(covering rect: Rect, on target: Canvas, within area: Rect? = nil, mode: ColorMode) throws(RenderError) -> Canvas? {
        func pixels(_ p: SIMD2<Float>, _ rule: FloatingPointRoundingRule) -> SIMD2<Float> { ((p - target.origin) * target.scale).rounded(rule) }
        let lo = pixels(rect.minimum, .down), hi = pixels(rect.maximum, .up)
        let clippedLo = pointwiseMax(lo, area.map { pixels($0.minimum, .down) } ?? .zero)
        let clippedHi = pointwiseMin(hi, area.map { pixels($0.maximum, .up) } ?? target.pixelSize)
        let size = clippedHi - clippedLo
        guard size.x >= 1, size.y >= 1 else { return nil }
        var canvas = try makeCanvas(origin: target.origin + clippedLo / target.scale, width: Int(size.x), height: Int(size.y),
                                    scale: target.scale, mode: mode)
        canvas.toOutput = target.toOutput
        return canvas
    }

    /// Where content can lie and still reach `canvas`'s pixels (in its user space): the canvas, grown by where `shadows`
    /// bring content from (each moving it by its offset and spreading it by its blur), then by a blur of `blurSigma`
    /// points over the content, and by a pixel.
    static func reachingArea(of canvas: CanvasGrid, shadows: [PlacedShadow], blurSigma: Float = 0) -> Rect {
        var area = canvas.rect
        for shadow in shadows {
            area = area.union(area.offset(by: -shadow.offset).outset(by: SIMD2(repeating: Blur.reach(sigma: shadow.sigma))))
        }
        return area.outset(by: SIMD2(repeating: Blur.reach(sigma: blurSigma) + 1 / canvas.scale))
    }

    func frameConstants(for canvas: CanvasGrid) -> FrameConstants {
        var f = FrameConstants()
        f.outputOrigin = canvas.origin
        f.outputSize = SIMD2(Int32(canvas.width), Int32(canvas.height))
        f.viewSize = canvas.pixelSize / canvas.scale
        f.scale = canvas.scale
        frameContext.write(into: &f)
        return f
    }

    /// `shader` bound for one use as a `kind` effect writing `format` in `mode`, modifying a view of `size` points: the
    /// one place an effect's arguments meet the frame, and where its kind is checked.
    mutating func bind(_ shader: EffectShader, as kind: EffectKind, format: PixelFormat, mode: ColorMode, size: SIMD2<Float>) throws(RenderError)
        -> BoundEffect {
        effectsBound += 1
        let request = EffectRequest(outputFormat: format, colorMode: mode, viewSize: size, frame: frameContext)
        let bound: BoundEffect
        do {
            bound = try shader.bind(kind, request)
        } catch {
            throw .effect(shader: shader.name, error: error)
        }
        guard bound.kernel.kind == kind else {
            throw .effectKind(shader: shader.name, expected: kind.rawValue, actual: bound.kernel.kind.rawValue)
        }
        // A hand-compiled kernel's inputs are the caller's to get right; a plan that binds them wrongly is never made.
        for kernel in [bound.kernel] + bound.laterPasses {
            let interface = kernel.interface
            if bound.arguments.count != interface.argumentBlockSize {
                throw .invalidBinding(shader: shader.name, problem: "\(bound.arguments.count) bytes of arguments for kernel '\(kernel.name)', "
                                      + "whose argument block is \(interface.argumentBlockSize) bytes")
            }
            if bound.images.count != interface.imageCount {
                throw .invalidBinding(shader: shader.name, problem: "\(bound.images.count) images for kernel '\(kernel.name)', which reads \(interface.imageCount)")
            }
            if interface.readsArrays && bound.arrayData.isEmpty {
                throw .invalidBinding(shader: shader.name, problem: "no array data for kernel '\(kernel.name)', which reads arrays")
            }
        }
        return bound
    }

    // MARK: The walk

    /// Draws `node`, whose user space maps to `canvas`'s through `transform`; `known`, its arrangement at `proposed` where
    /// its parent's placement holds it (`Layout.Placement.arrangement`).
    mutating func draw(_ node: ViewNode, proposed: SIMD2<Float>, known: FrameLayout.Arrangement? = nil, transform: Affine,
                       distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        guard transform.isInvertible else { return }
        let (size, arranged) = known.map { ($0.size, $0) } ?? layout.answer(of: node, proposed: proposed)
        let children = arranged?.children ?? []
        if liesOffCanvas(node, size: size, proposed: proposed, transform: transform, distributed: distributed, canvas: canvas.grid) { return }
        if node.drawsOnlyChildren {
            // Each child is read where the arrangement keeps it: a copy would retain its view and arrangement, and a
            // frame walks every child of the screen.
            try children.withUnsafeBufferPointer { (placed) throws(RenderError) in
                for index in placed.indices {
                    try draw(placed[index].node, proposed: placed[index].proposal, known: placed[index].arrangement,
                             transform: transform * placed[index].transform, distributed: distributed, into: &canvas)
                }
            }
            return
        }
        // The leaves are drawn out of line: this function recurses once per level of the tree, and its frame is what a
        // deep tree's stack holds (the leaves' inlined work made it 19 KB, and stacks nested 900 deep overflowed).
        switch node.kind {
        case .shape:
            try drawShapeLeaf(node, size: size, transform: transform, distributed: distributed, into: &canvas)
        case .image(let image):
            try drawImage(image, transform: transform, distributed: distributed, into: &canvas)
        case .text(let text):
            try drawTextLeaf(text, lines: arranged?.text, proposed: proposed, size: size, transform: transform, distributed: distributed,
                             into: &canvas)
        case .spacer:
            break
        case .stack, .stacked, .grid:
            preconditionFailure("a container draws only its children (LayoutTraits.drawsOnlyChildren)")
        case .modified(_, let modifier):
            let child = children[0]
            let childTransform = transform * child.transform
            var d = distributed
            switch modifier.drawing {
            case .child:
                break
            case .opacity(let value):
                d.opacity *= value
            case .blendMode(let mode):
                d.blendMode = mode
            case .shadow(let shadow):
                d.shadows.insert(PlacedShadow(shadow, through: transform), at: 0)
            case .group(let mode, let opaque):
                try drawGroup(child, transform: childTransform, mode: mode ?? canvas.mode,
                              opaqueBounds: opaque ? LayerMask(geometry: .rectangle, size: size, toTarget: transform) : nil,
                              distributed: d, into: &canvas)
                return
            case .blendEffect(let shader):
                try drawBlendEffect(shader, child: child, transform: childTransform, size: size, distributed: d, into: &canvas)
                return
            case .effect(let kind, let shader, let padding):
                try drawEffect(kind, shader: shader, padding: padding, child: child, size: size, transform: transform,
                               distributed: d, into: &canvas)
                return
            case .decoration(let role):
                try drawDecorated(child, role, other: children[1], transform: transform, distributed: d, into: &canvas)
                return
            case .blur(let sigma):
                try drawBlurred(child, sigma: sigma, transform: transform, distributed: d, into: &canvas)
                return
            }
            try draw(child, transform: childTransform, distributed: d, into: &canvas)
        }
    }

    @inline(never) private mutating func drawShapeLeaf(_ node: ViewNode, size: SIMD2<Float>, transform: Affine, distributed: Distributed,
                                                       into canvas: inout Canvas) throws(RenderError) {
        guard case .shape(let geometry, let fill) = node.kind else { return }
        try drawLeaf(reach: FrameLayout.leafExtent(node, size: size).applying(transform), distributed: distributed, into: &canvas) { (this: inout Lowering, d: Distributed, target: inout Canvas) throws(RenderError) in
            try this.drawShape(geometry, fill: fill, size: size, transform: transform, distributed: d, drawnBy: node, into: &target)
        }
    }

    @inline(never) private mutating func drawImage(_ image: Image, transform: Affine, distributed: Distributed,
                                                   into canvas: inout Canvas) throws(RenderError) {
        let texture = builder.upload(image.pixels)
        let source = LayerSource(texture: texture, origin: .zero, width: image.pixels.width, height: image.pixels.height,
                                 scale: image.scale, mode: image.colorMode, toTarget: transform)
        try composite(source, distributed: distributed, into: &canvas)
    }

    /// A text, in `lines` where its arrangement holds them, else laid out at `proposed`.
    @inline(never) private mutating func drawTextLeaf(_ text: Text, lines: TextLayout?, proposed: SIMD2<Float>, size: SIMD2<Float>,
                                                      transform: Affine, distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        let fontWarning = try Self.fontWarning(of: text)
        let lines = lines ?? text.layout(width: proposed.x)
        if let fontWarning { warn(fontWarning) }
        for warning in lines.warnings { warn(warning) }
        try drawLeaf(reach: FrameLayout.textExtent(size: size, pointSize: text.size).applying(transform), distributed: distributed, into: &canvas) { (this: inout Lowering, d: Distributed, target: inout Canvas) throws(RenderError) in
            try this.drawText(lines, color: text.color, transform: transform, distributed: d, into: &target)
        }
    }

    /// Draws a child where its parent placed it, `transform` mapping its user space to `canvas`'s.
    mutating func draw(_ placed: Layout.Placement, transform: Affine, distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        try draw(placed.node, proposed: placed.proposal, known: placed.arrangement, transform: transform, distributed: distributed, into: &canvas)
    }

    /// Whether `node`, of `size` at `proposed`, draws no pixel of `canvas` through `transform`: where it can draw lies
    /// outside where content reaches the canvas from through the shadows distributed to it (`reachingArea`), and no
    /// shader inside it (`ViewNode.bindsShaders`) has to be bound anyway. Where it can draw is its frame grown by its
    /// overhang (`ViewNode.overhang`) when that misses, else its measured extent (`FrameLayout.extent`), asked only
    /// when its frame misses. Such a view is not lowered: a screen taller than its canvas lowers only what shows.
    private func liesOffCanvas(_ node: ViewNode, size: SIMD2<Float>, proposed: SIMD2<Float>, transform: Affine,
                               distributed: Distributed, canvas: CanvasGrid) -> Bool {
        guard !node.bindsShaders else { return false }
        let visible = Self.reachingArea(of: canvas, shadows: distributed.shadows)
        func misses(_ rect: Rect) -> Bool {
            let a = rect.applying(transform)
            return a.maximum.x < visible.minimum.x || a.minimum.x > visible.maximum.x
                || a.maximum.y < visible.minimum.y || a.minimum.y > visible.maximum.y
        }
        guard misses(Rect(size: size)) else { return false }
        let overhang = node.overhang
        if overhang < .infinity, misses(Rect(size: size).outset(by: SIMD2(repeating: overhang))) { return true }
        return misses(layout.extent(of: node, proposed: proposed))
    }

    /// Draws a leaf directly, or — when shadows reach it — into a layer covering `reach` (worked out only then) that is
    /// then composited with its shadows.
    private mutating func drawLeaf(reach: @autoclosure () -> Rect, distributed: Distributed, into canvas: inout Canvas,
                                   _ body: (inout Lowering, Distributed, inout Canvas) throws(RenderError) -> Void) throws(RenderError) {
        guard !distributed.shadows.isEmpty else {
            try body(&self, distributed, &canvas)
            return
        }
        try drawLeafWithShadows(reach: reach(), distributed: distributed, into: &canvas, body)
    }

    @inline(never) private mutating func drawLeafWithShadows(reach: Rect, distributed: Distributed, into canvas: inout Canvas,
                                                             _ body: (inout Lowering, Distributed, inout Canvas) throws(RenderError) -> Void) throws(RenderError) {
        guard var layer = try makeCanvas(covering: reach.outset(by: SIMD2(repeating: 1 / canvas.scale)), on: canvas,
                                         within: Self.reachingArea(of: canvas.grid, shadows: distributed.shadows), mode: canvas.mode) else { return }
        try body(&self, Distributed(), &layer)
        try flush(&layer)
        try composite(layer.asLayer(toTarget: .identity), distributed: distributed, into: &canvas)
    }

    /// `compositingGroup()` and `drawingGroup()`: the subtree composed alone on the canvas's
    /// pixel grid (in `mode`), then composited once with the modifiers that stand outside.
    @inline(never) private mutating func drawGroup(_ child: Layout.Placement, transform: Affine, mode: ColorMode, opaqueBounds: LayerMask?,
                                    distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        var reach = layout.extent(of: child.node, proposed: child.proposal).applying(transform)
        if let opaqueBounds { reach = reach.union(Rect(size: opaqueBounds.size).applying(opaqueBounds.toTarget)) }
        guard var layer = try makeCanvas(covering: reach, on: canvas, within: Self.reachingArea(of: canvas.grid, shadows: distributed.shadows),
                                         mode: mode) else { return }
        try draw(child, transform: transform, distributed: Distributed(), into: &layer)
        try flush(&layer)
        try composite(layer.asLayer(toTarget: .identity), mask: opaqueBounds, opaque: opaqueBounds != nil,
                      distributed: distributed, into: &canvas)
    }

    /// A shader effect on the composed content of `child`: the content rendered into a layer
    /// in the modified view's user space, grown by `padding`, then the effect kernel over it.
    @inline(never) private mutating func drawEffect(_ kind: EffectKind, shader: EffectShader, padding: SIMD2<Float>, child: Layout.Placement,
                                     size: SIMD2<Float>, transform: Affine, distributed: Distributed,
                                     into canvas: inout Canvas) throws(RenderError) {
        let scale = canvas.scale * transform.lengthScale
        let area = layout.extent(of: child.node, proposed: child.proposal).applying(child.transform).outset(by: padding)
        let lo = (area.minimum * scale).rounded(.down)
        let hi = (area.maximum * scale).rounded(.up)
        let pixels = try textureLimit.check(pointwiseMax(hi - lo, SIMD2(1, 1)), format: canvas.format)
        var layer = try makeCanvas(origin: lo / scale, width: pixels.width, height: pixels.height, scale: scale, mode: canvas.mode)
        layer.allowsReadThrough = readThroughLayers
        layer.toOutput = canvas.toOutput * transform
        try draw(child, transform: child.transform, distributed: Distributed(), into: &layer)

        let bound = try bind(shader, as: kind, format: layer.format, mode: layer.mode, size: size)
        // A lone aligned layer (an image, an inner effect's result) left uncomposited: the first run reads its texture,
        // which is the padded layer wherever a stitchable function can sample it (`sampleLayer` and the color input are
        // transparent beyond a texture's edge; docs/fusion.md, "Read-through"). Hand-compiled kernels sample as they like.
        let direct = layer.pending.isEmpty && bound.stage != nil ? layer.readThroughSource : nil
        if direct == nil { try flush(&layer) }
        var frame = frameConstants(for: layer.grid)
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        // The stock gaussianBlur with whole-pixel taps runs as the engine's blur, one pass per axis.
        let engineBlurRadius = kind == .layer ? engineGaussianRadius(bound, scale: layer.scale) : nil
        // A multi-pass effect runs each pass over the layer's grid, each reading the one before.
        for (pass, kernel) in ([bound.kernel] + bound.laterPasses).enumerated() {
            let input: TextureID
            if pass == 0, let direct, let texel = direct.texelOrigin(on: layer) {
                input = direct.texture
                frame.layerOrigin = layer.origin + SIMD2(Float(texel.x), Float(texel.y)) / layer.scale
                frame.layerSize = direct.pixelSize
            } else {
                input = layer.texture
                frame.layerOrigin = layer.origin
                frame.layerSize = layer.pixelSize
            }
            let output = builder.texture(width: layer.width, height: layer.height, format: layer.format)
            if let radius = engineBlurRadius {
                try addBlurPass(step: pass == 0 ? SIMD2(1, 0) : SIMD2(0, 1), radius: radius,
                                weights: Blur.weights(sigma: Float(radius) / 3, radius: radius), tint: nil, layer: input,
                                frame: frame, output: output, format: layer.format, placement: layer.toOutput)
            } else {
                builder.add(KernelPass(kernel: kernel, output: output, layer: input, images: images, frame: frame,
                                       arguments: bound.arguments, arrayData: bound.arrayData,
                                       maxSampleOffset: kind.samplesNeighbourhood ? padding : nil),
                            origin: bound.origin(pass: pass, kernel: kernel), placement: layer.toOutput)
            }
            layer.texture = output
        }
        try composite(layer.asLayer(toTarget: transform), distributed: distributed, into: &canvas)
    }

    /// A blend function: the composed child (on the canvas's grid, faded by the distributed
    /// opacity, its distributed shadows drawn beneath first) as the source, the canvas as the
    /// destination. Positions are the canvas's user space.
    @inline(never) private mutating func drawBlendEffect(_ shader: EffectShader, child: Layout.Placement, transform: Affine, size: SIMD2<Float>,
                                          distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        let reach = layout.extent(of: child.node, proposed: child.proposal).applying(transform)
        guard var layer = try makeCanvas(covering: reach, on: canvas, within: Self.reachingArea(of: canvas.grid, shadows: distributed.shadows),
                                         mode: canvas.mode) else { return }
        try draw(child, transform: transform, distributed: Distributed(), into: &layer)
        try flush(&layer)
        if !distributed.shadows.isEmpty {
            var shadowsOnly = distributed
            shadowsOnly.blendMode = .normal
            try compositeShadows(of: layer.asLayer(toTarget: .identity), distributed: shadowsOnly, into: &canvas)
        }
        if distributed.opacity < 1 {
            guard var faded = try makeCanvas(covering: layer.rect, on: canvas, mode: canvas.mode) else { return }
            try emitLayer(layer.asLayer(toTarget: .identity), mask: nil, opaque: false, opacity: distributed.opacity,
                          blendMode: .normal, into: &faded)
            layer = faded
        }
        let bound = try bind(shader, as: .blend, format: canvas.format, mode: canvas.mode, size: size)
        try flush(&canvas)
        var frame = frameConstants(for: canvas.grid)
        frame.layerOrigin = layer.origin
        frame.layerSize = layer.pixelSize
        frame.destinationOrigin = canvas.origin
        frame.destinationSize = canvas.pixelSize
        frame.viewSize = size
        let images = bound.images.map { builder.upload($0) }
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: bound.kernel, output: output, layer: layer.texture, destination: canvas.texture,
                               images: images, frame: frame, arguments: bound.arguments, arrayData: bound.arrayData),
                    origin: bound.origin(), placement: canvas.toOutput)
        canvas.texture = output
    }
}

extension ColorMode {
    /// The mode's number in the engine kernels' `weftConvert`.
    var kernelCode: Int32 {
        switch self {
        case .nonLinear: 0
        case .linear: 1
        case .extendedLinear: 2
        }
    }
}
