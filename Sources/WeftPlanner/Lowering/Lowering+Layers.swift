import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Compositing finished layers: shadows, conversion, masks, blending.
extension Lowering {
    /// Composites `source` with the distributed modifiers: shadows beneath (each blurred from
    /// the content with the inner shadows already drawn), then the content.
    @inline(never) mutating func composite(_ source: LayerSource, mask: LayerMask? = nil, opaque: Bool = false,
                                           distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        guard let outer = distributed.shadows.last else {
            try emitLayer(source, mask: mask, opaque: opaque, opacity: distributed.opacity, blendMode: distributed.blendMode,
                          into: &canvas)
            return
        }
        guard let content = try contentSeenByShadow(source, mask: mask, opaque: opaque, distributed: distributed, on: canvas) else { return }
        if let shadow = try blurredShadow(of: content, shadow: outer, on: canvas) {
            try emitLayer(shadow, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
        }
        try emitLayer(content, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
    }

    /// Only the shadows `composite` would draw beneath `source` (aligned with `canvas`).
    mutating func compositeShadows(of source: LayerSource, distributed: Distributed, into canvas: inout Canvas) throws(RenderError) {
        guard let outer = distributed.shadows.last,
              let content = try contentSeenByShadow(source, mask: nil, opaque: false, distributed: distributed, on: canvas) else { return }
        if let shadow = try blurredShadow(of: content, shadow: outer, on: canvas) {
            try emitLayer(shadow, mask: nil, opaque: false, opacity: distributed.opacity, blendMode: distributed.blendMode, into: &canvas)
        }
    }

    /// `source` as the outermost of `distributed`'s shadows sees it: masked, made opaque, with the inner shadows drawn
    /// beneath, on `canvas`'s grid — `source` itself where it needs none of that; nil when none of it reaches where
    /// that shadow brings content onto the canvas.
    private mutating func contentSeenByShadow(_ source: LayerSource, mask: LayerMask?, opaque: Bool, distributed: Distributed,
                                              on canvas: Canvas) throws(RenderError) -> LayerSource? {
        guard let outer = distributed.shadows.last else { return source }
        let inner = Array(distributed.shadows.dropLast())
        guard mask != nil || opaque || !inner.isEmpty || !source.isAligned(with: canvas) else { return source }
        var reach = source.targetRect
        for s in inner { reach = reach.union(reach.offset(by: s.offset).outset(by: SIMD2(repeating: Blur.reach(sigma: s.sigma)))) }
        guard var flat = try makeCanvas(covering: reach, on: canvas, within: Self.reachingArea(of: canvas.grid, shadows: [outer]),
                                        mode: canvas.mode) else { return nil }
        try composite(source, mask: mask, opaque: opaque, distributed: Distributed(shadows: inner), into: &flat)
        return flat.asLayer(toTarget: .identity)
    }

    /// The shadow of `content` (aligned with `canvas`): its alpha blurred, tinted, offset.
    mutating func blurredShadow(of content: LayerSource, shadow: PlacedShadow, on canvas: Canvas) throws(RenderError) -> LayerSource? {
        guard var blurred = try gaussian(of: content, sigma: shadow.sigma, tint: shadow.color.premultiplied(in: canvas.mode), on: canvas) else {
            return nil
        }
        blurred.toTarget = .translation(shadow.offset)
        return blurred
    }

    /// `content` (aligned with `canvas`) blurred by a Gaussian of `sigma` canvas points, on the canvas's grid, grown by the
    /// blur's reach: two passes of the blur kernel, the second tinting the blurred alpha with `tint` when given.
    mutating func gaussian(of content: LayerSource, sigma: Float, tint: SIMD4<Float>?, on canvas: Canvas) throws(RenderError) -> LayerSource? {
        let sigmaPixels = sigma * canvas.scale
        let radius = Blur.reach(sigma: sigmaPixels)
        let area = content.targetRect.outset(by: SIMD2(repeating: radius / canvas.scale))
        let lo = ((area.minimum - canvas.origin) * canvas.scale).rounded(.down)
        let hi = ((area.maximum - canvas.origin) * canvas.scale).rounded(.up)
        let pixels = hi - lo
        guard pixels.x >= 1, pixels.y >= 1 else { return nil }
        let origin = canvas.origin + lo / canvas.scale
        var blurred = Canvas(texture: content.texture, origin: content.toTarget.apply(content.origin), width: content.width,
                             height: content.height, scale: canvas.scale, mode: canvas.mode)
        for (step, tinted) in [(SIMD2<Float>(1, 0), false), (SIMD2<Float>(0, 1), tint != nil)] {
            _ = try textureLimit.check(pixels, format: canvas.format)
            let output = builder.texture(width: Int(pixels.x), height: Int(pixels.y), format: canvas.format)
            let target = Canvas(texture: output, origin: origin, width: Int(pixels.x), height: Int(pixels.y),
                                scale: canvas.scale, mode: canvas.mode)
            var frame = frameConstants(for: target.grid)
            frame.layerOrigin = blurred.origin
            frame.layerSize = blurred.pixelSize
            try addBlurPass(step: step, radius: Int(radius), weights: Blur.weights(sigma: sigmaPixels, radius: Int(radius)),
                            tint: tinted ? tint : nil, layer: blurred.texture, frame: frame, output: output, format: canvas.format)
            blurred = target
        }
        return blurred.asLayer(toTarget: .identity)
    }

    /// One direction (`step`, a texel along x or y) of the engine's separable blur of `layer` into `output`, on the grid
    /// `frame` gives: `weft.blur.tiled` where `EngineKernel.standaloneBlur` tiles, `weft.blur` elsewhere; `tint` tints the
    /// blurred alpha.
    mutating func addBlurPass(step: SIMD2<Float>, radius: Int, weights: [Float], tint: SIMD4<Float>?, layer: TextureID,
                              frame: FrameConstants, output: TextureID, format: PixelFormat, placement: Affine? = nil) throws(RenderError) {
        var block = ArgumentBlock()
        block.vec4(step, SIMD2(0, Float(radius)))
        block.vec4(tint ?? .zero)
        block.ivec4(tint != nil ? 1 : 0)
        let kernel = EngineKernel.standaloneBlur(device: textureLimit.device.kind)
        let size = builder.logical[output.index]
        let run = kernel == .tiledBlur ? EngineKernel.blurRun(outputs: size.width * size.height) : 1
        let variant = EngineKernel.Variant(kernel, blurRun: run)
        var pass = KernelPass(kernel: try kernels.kernel(variant, outputFormat: format), output: output, layer: layer, frame: frame,
                              arguments: block.bytes, arrayData: weights)
        if kernel == .tiledBlur { pass.outputsPerInvocation = EngineKernel.tiledBlurOutputs(step: step, run: run) }
        builder.add(pass, origin: .engine(variant), placement: placement)
    }

    /// One layer pass: `source` sampled through its map, converted to the canvas's color mode,
    /// masked, faded and blended over the canvas. `keepingInside`: the canvas is kept only where the source covers it
    /// (destination-in; masks and clips), and cleared beyond the source's reach.
    mutating func emitLayer(_ source: LayerSource, mask: LayerMask?, opaque: Bool, opacity: Float, blendMode: BlendMode,
                            into canvas: inout Canvas, copy: Bool = false, keepingInside: Bool = false) throws(RenderError) {
        if !copy, !keepingInside, mask == nil, !opaque, opacity == 1, blendMode == .normal,
           source.mode == canvas.mode, canvas.mode != .linear, builder.format(of: source.texture) == canvas.format,
           canvas.isUnwrittenClear {
            // Normal blending over transparent black is the source itself, bit for bit (an
            // aligned layer is fetched, not filtered); `.linear` canvases clamp, so they copy.
            if source.coversExactly(canvas) {
                canvas.texture = source.texture
                return
            }
            if canvas.holdUncomposited(source) { return }
        }
        guard let toLayer = source.toTarget.inverted else { preconditionFailure("a layer is drawn only through an invertible transform") }
        var flags: Int32 = 0
        if source.isAligned(with: canvas) { flags |= 1 }
        if opaque { flags |= 2 }
        if canvas.clampsOutput { flags |= 4 }
        var block = ArgumentBlock()
        block.linear(toLayer)
        block.vec4(toLayer.translation, SIMD2(source.scale, opacity))
        let blendCode = copy ? BlendMode.copyKernelCode : keepingInside ? BlendMode.destinationInKernelCode : blendMode.kernelCode
        block.ivec4(blendCode, source.mode.kernelCode, canvas.mode.kernelCode, flags)
        var reach = source.targetRect
        if let mask {
            guard let toMask = mask.toTarget.inverted else { preconditionFailure("a mask is drawn only through an invertible transform") }
            block.linear(toMask)
            block.vec4(toMask.translation, mask.size)
            block.ivec4(mask.geometry.kernelCode)
            block.vec4(mask.geometry.cornerRadius, 0, 0, 0)
            let maskRect = Rect(size: mask.size).applying(mask.toTarget)
            // An opaque layer covers its whole mask, transparent texels included.
            reach = opaque ? maskRect : reach.intersection(maskRect)
        } else {
            block.linear(.identity)
            block.vec4(0, 0, 0, 0)
            block.ivec4(ShapeGeometry.noShapeKernelCode)
            block.vec4(0, 0, 0, 0)
        }
        block.bounds(reach, scale: canvas.scale)
        var frame = frameConstants(for: canvas.grid)
        frame.layerOrigin = source.origin
        frame.layerSize = source.pixelSize
        // Outside its reach the layer is transparent, which every blend mode but an unclamped plusLighter leaves as is.
        let changes = keepingInside || (blendMode == .plusLighter && !canvas.clampsOutput)
            ? PixelRegion(origin: .zero, size: SIMD2(Int32(canvas.width), Int32(canvas.height)))
            : pixelRegion(reach.outset(by: SIMD2(repeating: 1 / canvas.scale)), on: canvas.grid)
        try flush(&canvas, before: changes)
        guard let changes else { return }
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: try kernels.kernel(.layer, outputFormat: canvas.format), output: output,
                               layer: source.texture, destination: canvas.textureBeneathPending, frame: frame, arguments: block.bytes),
                    origin: .engine(EngineKernel.Variant(.layer)),
                    changingOnly: changes, inPlaceKernel: try kernels.kernel(.layer, .inPlace, outputFormat: canvas.format),
                    foldable: copy || keepingInside || mask != nil || opaque ? nil : foldable(source, opacity: opacity, blendMode: blendMode, on: canvas))
        canvas.texture = output
    }

    /// How `source` composites onto `canvas` when its texels land on the canvas's texels with no conversion between
    /// them, so the composite can be folded into the pass that produces the layer (`CompositeFolding`); nil otherwise.
    private func foldable(_ source: LayerSource, opacity: Float, blendMode: BlendMode, on canvas: Canvas) -> CompositeFold? {
        guard source.isAligned(with: canvas), (source.mode == .nonLinear) == (canvas.mode == .nonLinear),
              builder.format(of: source.texture) == canvas.format else { return nil }
        let shift = ((source.toTarget.translation + source.origin - canvas.origin) * canvas.scale).rounded(.toNearestOrEven)
        return CompositeFold(offset: SIMD2(Int32(shift.x), Int32(shift.y)), opacity: opacity, blendCode: blendMode.kernelCode,
                             clamps: canvas.clampsOutput)
    }

    /// Emits the canvas's fill (when no pass has written it yet), then everything pending on it.
    mutating func flush(_ canvas: inout Canvas) throws(RenderError) {
        try flushFill(&canvas)
        for batch in canvas.pending.takeAllShapes() { try emitShapes(batch, on: &canvas) }
        try emitGlyphs(on: &canvas)
    }

    /// Readies the canvas for a draw that changes only `region` (nil: no pixel): emits its fill and the pending draws
    /// the region meets, and ends the open run of shapes, as drawing anything does (`PendingDraws`). The draw then reads
    /// and draws over `canvas.textureBeneathPending`.
    mutating func flush(_ canvas: inout Canvas, before region: PixelRegion?) throws(RenderError) {
        guard disjointDraws else { return try flush(&canvas) }
        try flushFill(&canvas)
        try endShapeRun(&canvas)
        guard let region else { return }
        let changed = PendingDraws.Region(region)
        if canvas.pending.shapesMeet(changed) {
            for batch in canvas.pending.takeAllShapes() { try emitShapes(batch, on: &canvas) }
        }
        if canvas.pending.glyphsMeet(changed) { try emitGlyphs(on: &canvas) }
    }

    /// Readies the canvas for a shape with record bounds `bounds` that changes only `region` (nil: no pixel), to be
    /// added to the open run.
    mutating func flush(_ canvas: inout Canvas, beforeShapeIn region: PendingDraws.Region?, bounds: Rect) throws(RenderError) {
        // A full run is emitted alone, as drawing in order emits it.
        if canvas.pending.isOpenRunFull { try endShapeRun(&canvas) }
        guard disjointDraws else { return try emitGlyphs(on: &canvas) }
        guard let region else { return }
        if canvas.pending.glyphsMeet(region) { try emitGlyphs(on: &canvas) }
        if canvas.pending.settledShapesMeet(bounds, region: region) { try emitShapes(canvas.pending.takeSettledShapes(), on: &canvas) }
    }

    /// Readies the canvas for a line of text that changes only `region`, to be added to the pending lines.
    mutating func flush(_ canvas: inout Canvas, beforeGlyphs run: GlyphRun, in region: PendingDraws.Region, atlas: TextureID,
                        blendMode: BlendMode) throws(RenderError) {
        guard disjointDraws else { return try flush(&canvas) }
        if canvas.pending.shapesMeet(region) {
            for batch in canvas.pending.takeAllShapes() { try emitShapes(batch, on: &canvas) }
        }
        if !canvas.pending.glyphsAccept(run, region: region, atlas: atlas, blendMode: blendMode) { try emitGlyphs(on: &canvas) }
    }

    private mutating func endShapeRun(_ canvas: inout Canvas) throws(RenderError) {
        if !canvas.pending.openRunFitsSettled { try emitShapes(canvas.pending.takeSettledShapes(), on: &canvas) }
        canvas.pending.endShapeRun()
    }

    /// Composites a held read-through layer, then the canvas's fill, when no pass has written the canvas yet.
    private mutating func flushFill(_ canvas: inout Canvas) throws(RenderError) {
        if let source = canvas.takeReadThroughSource() {
            // Composited onto the clear canvas before the draws pending after it.
            let later = canvas.pending
            canvas.pending = PendingDraws()
            try emitLayer(source, mask: nil, opaque: false, opacity: 1, blendMode: .normal, into: &canvas)
            canvas.pending = later
        }
        if let color = canvas.unwrittenFill {
            let texture = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
            var block = ArgumentBlock()
            block.vec4(color)
            builder.add(KernelPass(kernel: try kernels.kernel(.solid, outputFormat: canvas.format), output: texture,
                                   frame: frameConstants(for: canvas.grid), arguments: block.bytes),
                        origin: .engine(EngineKernel.Variant(.solid), PlannedPass.EngineFacts(fill: color)))
            canvas.texture = texture
        }
    }

    /// One `weft.shape` pass of `batch`, over the pending draws' canvas.
    private mutating func emitShapes(_ batch: ShapeBatch, on canvas: inout Canvas) throws(RenderError) {
        guard let bounds = batch.bounds, let changes = pixelRegion(bounds, on: canvas.grid) else { return }
        try flushFill(&canvas)
        var block = ArgumentBlock()
        block.ivec4(Int32(batch.count), canvas.clampsOutput ? 1 : 0)
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: try kernels.kernel(.shape, outputFormat: canvas.format), output: output,
                               destination: canvas.textureBeneathPending, frame: frameConstants(for: canvas.grid),
                               arguments: block.bytes, arrayData: batch.arrayData),
                    origin: .engine(EngineKernel.Variant(.shape), PlannedPass.EngineFacts(shapes: batch.count)),
                    changingOnly: changes, inPlaceKernel: try kernels.kernel(.shape, .inPlace, outputFormat: canvas.format))
        canvas.texture = output
    }

    /// One `weft.glyph` pass of the pending lines of text.
    private mutating func emitGlyphs(on canvas: inout Canvas) throws(RenderError) {
        guard let (run, atlas, blendMode) = canvas.pending.takeGlyphs(), let bounds = run.bounds else { return }
        let lo = SIMD2(max(bounds.x, 0), max(bounds.y, 0))
        let hi = SIMD2(min(bounds.z, Int32(canvas.width)), min(bounds.w, Int32(canvas.height)))
        guard hi.x > lo.x, hi.y > lo.y else { return }
        try flushFill(&canvas)
        var block = ArgumentBlock()
        block.ivec4(Int32(run.count), canvas.clampsOutput ? 1 : 0, blendMode.kernelCode, run.widest)
        let output = builder.texture(width: canvas.width, height: canvas.height, format: canvas.format)
        builder.add(KernelPass(kernel: try kernels.kernel(.glyph, outputFormat: canvas.format), output: output, layer: atlas,
                               destination: canvas.textureBeneathPending, frame: frameConstants(for: canvas.grid),
                               arguments: block.bytes, arrayData: run.arrayData),
                    origin: .engine(EngineKernel.Variant(.glyph), PlannedPass.EngineFacts(shapes: run.count)),
                    changingOnly: PixelRegion(origin: lo, size: hi &- lo),
                    inPlaceKernel: try kernels.kernel(.glyph, .inPlace, outputFormat: canvas.format))
        canvas.texture = output
    }

    /// The canvas's pixels whose centres lie in `rect` (canvas points), clipped to the canvas; nil when none do.
    func pixelRegion(_ rect: Rect, on canvas: CanvasGrid) -> PixelRegion? {
        let lo = pointwiseMax(((rect.minimum - canvas.origin) * canvas.scale).rounded(.down), .zero)
        let hi = pointwiseMin(((rect.maximum - canvas.origin) * canvas.scale).rounded(.up), canvas.pixelSize)
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else {
            return PixelRegion(origin: .zero, size: SIMD2(Int32(canvas.width), Int32(canvas.height)))
        }
        guard hi.x > lo.x, hi.y > lo.y else { return nil }
        return PixelRegion(origin: SIMD2(Int32(lo.x), Int32(lo.y)), size: SIMD2(Int32(hi.x - lo.x), Int32(hi.y - lo.y)))
    }
}
