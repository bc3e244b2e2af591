import WeftImage
import WeftRuntime
import WeftViews

/// Paths: exact area coverage computed on the host (`PathCoverage`), uploaded, and composited by the layer kernel.
extension Lowering {
    /// How far a flattened curve may stray from the true one, in canvas pixels.
    static let pathTolerance = 0.005

    /// The polygons of `shape` in a frame of `size` drawn through `transform`, on `canvas`'s pixel grid, as a coverage
    /// layer holding `color` (premultiplied in the canvas's mode) times the coverage; nil when it covers no pixel.
    /// A path whose outline has more than `PathCoverage.maxSegments` segments is refused.
    mutating func coverageLayer(of shape: PathShape, size: SIMD2<Float>, transform: Affine, color: SIMD4<Float>,
                                on canvas: CanvasGrid) throws(RenderError) -> LayerSource? {
        try coverage(of: shape, size: size, transform: transform, color: color, on: canvas).map { uploaded($0, on: canvas) }
    }

    /// The coverage of `shape` on `canvas`'s pixel grid times `color`, in the canvas's format; nil when it covers no pixel.
    private func coverage(of shape: PathShape, size: SIMD2<Float>, transform: Affine, color: SIMD4<Float>,
                          on canvas: CanvasGrid) throws(RenderError) -> PathCoverageCache.Layer? {
        try pathCoverage.layer(coverageKey(of: shape, size: size, transform: transform, color: color, on: canvas))
    }

    /// The cache's key for `shape` drawn at `size`. A custom shape is keyed by the outline it draws at that size (a
    /// path of its own coordinates): `CustomOutline`'s equality compares one reference frame only.
    private func coverageKey(of shape: PathShape, size: SIMD2<Float>, transform: Affine, color: SIMD4<Float>,
                             on canvas: CanvasGrid) -> PathCoverageCache.Key {
        let toPixels = Affine.scaling(SIMD2(repeating: canvas.scale)) * .translation(-canvas.origin) * transform
        var shape = shape
        if case .custom = shape.outline { shape.outline = .fixed(shape.path(in: size)) }
        return PathCoverageCache.Key(shape: shape, size: size, toPixels: toPixels, tolerance: Self.pathTolerance,
                                     limit: SIMD2(canvas.width, canvas.height), color: color, format: canvas.format)
    }

    private mutating func uploaded(_ layer: PathCoverageCache.Layer, on canvas: CanvasGrid) -> LayerSource {
        let origin = canvas.origin + SIMD2(Float(layer.origin.x), Float(layer.origin.y)) / canvas.scale
        return LayerSource(texture: builder.upload(layer.pixels), origin: origin, width: layer.pixels.width, height: layer.pixels.height,
                           scale: canvas.scale, mode: canvas.mode, toTarget: .identity)
    }

    /// Draws a small coverage layer from the glyph atlas, as a record of the pending lines of text (`PendingDraws`), so
    /// that a screen of icons draws in the passes of its text instead of a pass each; false, having drawn nothing, where
    /// the layer is drawn as a layer of its own: draws emitted in order, a canvas of another format, a layer too large
    /// for the atlas, or a clear canvas (which an aligned layer may become, or be held for an effect to read).
    /// The glyph kernel blends the layer's texels, times the opacity, as the layer kernel does: the same pixels.
    /// Returns where the atlas holds the layer — `known`, when that is still so — or nil, having drawn nothing.
    private mutating func drawFromAtlas(_ layer: PathCoverageCache.Layer, known: AtlasPlacement<GlyphAtlas.Entry>?, opacity: Float,
                                        blendMode: BlendMode, into canvas: inout Canvas) throws(RenderError) -> AtlasPlacement<GlyphAtlas.Entry>? {
        let side = GlyphAtlas.largestCoverageSide
        guard disjointDraws, canvas.format == .rgba8Unorm, layer.pixels.format == .rgba8Unorm, !canvas.isUnwrittenClear,
              layer.pixels.width <= side, layer.pixels.height <= side else { return nil }
        let glyphAtlas = kernels.glyphAtlas
        let placement: AtlasPlacement<GlyphAtlas.Entry>
        let snapshot: GlyphAtlas.Snapshot
        if let known, known.atlas == glyphAtlas.owner, let current = glyphAtlas.snapshot(ofGeneration: known.generation) {
            (placement, snapshot) = (known, current)
        } else {
            let (placed, current) = glyphAtlas.place(coverage: layer.id, pixels: layer.pixels)
            guard let entry = placed else { return nil }
            (placement, snapshot) = (AtlasPlacement(atlas: glyphAtlas.owner, generation: current.generation, value: entry), current)
        }
        let entry = placement.value
        let atlas = atlasTexture(for: snapshot)
        try flush(&canvas, before: nil)
        let lo = SIMD2(Int32(layer.origin.x), Int32(layer.origin.y))
        let hi = lo &+ SIMD2(Int32(layer.pixels.width), Int32(layer.pixels.height))
        var run = GlyphRun()
        run.append(GlyphRun.Record(pixels: SIMD4(lowHalf: lo, highHalf: hi), texel: entry.texel, opacity: opacity,
                                   color: SIMD4(repeating: 1)))
        try pend(run, atlas: atlas, blendMode: blendMode, on: &canvas)
        return placement
    }

    /// A path shape: a color fill is its coverage texture composited; any other fill is drawn over the frame into a
    /// layer on the canvas's grid, cut to the coverage (destination-in) and composited.
    /// `node`, the view drawn, keeps the coverage found for a color fill and where the atlas holds it (`DrawnPath`).
    mutating func drawPath(_ shape: PathShape, fill: FillStyle, size: SIMD2<Float>, transform: Affine,
                           distributed: Distributed, drawnBy node: ViewNode?, into canvas: inout Canvas) throws(RenderError) {
        if case .color(let color) = fill.kind {
            let key = coverageKey(of: shape, size: size, transform: transform, color: color.premultiplied(in: canvas.mode), on: canvas.grid)
            let drawn = (node?.drawnMemo as? DrawnPath).flatMap { $0.key == key ? $0 : nil }
            let layer: PathCoverageCache.Layer?
            if let drawn { layer = drawn.layer } else { layer = try pathCoverage.layer(key) }
            var placed: AtlasPlacement<GlyphAtlas.Entry>? = nil
            if let layer {
                placed = try drawFromAtlas(layer, known: drawn?.placed, opacity: distributed.opacity, blendMode: distributed.blendMode,
                                           into: &canvas)
                if placed == nil {
                    try emitLayer(uploaded(layer, on: canvas.grid), mask: nil, opaque: false, opacity: distributed.opacity,
                                  blendMode: distributed.blendMode, into: &canvas)
                }
            }
            // Kept anew when nothing was kept for this key, or the atlas placed the layer where the kept view says not.
            let placedAnew = placed != nil && (placed?.atlas, placed?.generation) != (drawn?.placed?.atlas, drawn?.placed?.generation)
            let keeps = (layer?.pixels.bytes.count ?? 0) <= DrawnPath.largestKeptBytes
            if let node, keeps, drawn == nil || placedAnew {
                node.drawnMemo = DrawnPath(key: key, layer: layer, placed: placed ?? drawn?.placed)
            }
            return
        }
        guard let mask = try coverageLayer(of: shape, size: size, transform: transform, color: SIMD4(repeating: 1), on: canvas.grid) else { return }
        guard var layer = try makeCanvas(covering: mask.targetRect, on: canvas, mode: canvas.mode) else { return }
        // The fill's own frame: the shape's, grown to the path's reach when the path strays outside it, and to what the
        // coverage covers (a mitre can reach several widths past its corner).
        var frame = Rect(size: size).union(shape.path(in: size).boundingRect).outset(by: SIMD2(repeating: Float(max(shape.stroke?.lineWidth ?? 0, 0))))
        if let toLocal = transform.inverted { frame = frame.union(mask.targetRect.applying(toLocal)) }
        let fillTransform = transform * .translation(frame.origin)
        let frameFill = Self.reframed(fill, from: size, to: frame)
        if case .shader(let shader) = frameFill.kind {
            try drawShaderFill(.rectangle, shader: shader, size: frame.size, transform: fillTransform, distributed: Distributed(), into: &layer)
        } else {
            try drawShape(.rectangle, fill: frameFill, size: frame.size, transform: fillTransform, distributed: Distributed(), into: &layer)
        }
        try emitLayer(mask, mask: nil, opaque: false, opacity: 1, blendMode: .normal, into: &layer, keepingInside: true)
        try flush(&layer)
        try emitLayer(layer.asLayer(toTarget: .identity), mask: nil, opaque: false, opacity: distributed.opacity,
                      blendMode: distributed.blendMode, into: &canvas)
    }

    /// A gradient placed for a frame of `size` (unit points relative to it) re-expressed for `frame` (in the same
    /// space), so that it lands where it would have over the shape's own frame.
    static func reframed(_ fill: FillStyle, from size: SIMD2<Float>, to frame: Rect) -> FillStyle {
        func unit(_ p: UnitPoint) -> UnitPoint {
            let v = (p.vector * size - frame.origin) / pointwiseMax(frame.size, SIMD2(repeating: 1e-6))
            return UnitPoint(x: v.x, y: v.y)
        }
        switch fill.kind {
        case let .linear(g, s, e): return FillStyle(kind: .linear(g, start: unit(s), end: unit(e)))
        case let .radial(g, c, r0, r1): return FillStyle(kind: .radial(g, center: unit(c), startRadius: r0, endRadius: r1))
        case let .angular(g, c, a0, a1): return FillStyle(kind: .angular(g, center: unit(c), startAngle: a0, endAngle: a1))
        case .color, .shader: return fill
        }
    }
}
