import WeftImage
import WeftRuntime
import WeftText
import WeftViews

/// Text: glyph coverage from the atlas, drawn by `weft.glyph` a line per pass, or several lines that meet no pixel of
/// each other in one (`PendingDraws`).
extension Lowering {
    /// What the font `text` is drawn in warns of (a family not installed); `RenderError.font` when no installed font can
    /// draw it (its layout is then empty).
    static func fontWarning(of text: Text) throws(RenderError) -> TextWarning? {
        do { return try text.face.warning } catch { throw .font(error) }
    }

    /// Keeps `warning` for the render's result, once.
    mutating func warn(_ warning: TextWarning) {
        if !textWarnings.contains(warning) { textWarnings.append(warning) }
    }

    /// Draws `layout` in `color`, its user space mapped to `canvas`'s by `transform`. Glyphs are rasterised for the
    /// pixel size they land at and placed on whole pixels, so an axis-aligned text is drawn straight onto the canvas;
    /// a rotated or skewed one is drawn on its own grid, then composited through the transform. The layout keeps where
    /// the atlas holds its glyphs (`DrawnGlyphs`).
    mutating func drawText(_ layout: TextLayout, color: Color, transform: Affine, distributed: Distributed,
                           into canvas: inout Canvas) throws(RenderError) {
        guard !layout.lines.isEmpty else { return }
        let axisAligned = transform.b == 0 && transform.c == 0 && transform.a > 0 && abs(transform.a - transform.d) <= 1e-6 * transform.a
        if axisAligned {
            try drawGlyphs(layout, color: color.premultiplied(in: canvas.mode), transform: transform, opacity: distributed.opacity,
                           blendMode: distributed.blendMode, into: &canvas)
            return
        }
        let reach = Rect(size: layout.size).outset(by: SIMD2(repeating: layout.pointSize / 4))
        let scale = canvas.scale * transform.lengthScale
        let lo = (reach.minimum * scale).rounded(.down), hi = (reach.maximum * scale).rounded(.up)
        let pixels = try textureLimit.check(pointwiseMax(hi - lo, SIMD2(1, 1)), format: canvas.format)
        var layer = try makeCanvas(origin: lo / scale, width: pixels.width, height: pixels.height, scale: scale, mode: canvas.mode)
        try drawGlyphs(layout, color: color.premultiplied(in: layer.mode), transform: .identity, opacity: 1, blendMode: .normal,
                       into: &layer)
        try flush(&layer)
        try emitLayer(layer.asLayer(toTarget: transform), mask: nil, opaque: false, opacity: distributed.opacity,
                      blendMode: distributed.blendMode, into: &canvas)
    }

    private mutating func drawGlyphs(_ layout: TextLayout, color: SIMD4<Float>, transform: Affine, opacity: Float,
                                     blendMode: BlendMode, into canvas: inout Canvas) throws(RenderError) {
        let pixelSize = layout.pointSize * canvas.scale * transform.a
        let (entries, snapshot) = placedGlyphs(of: layout, pixelSize: pixelSize)
        let atlas = atlasTexture(for: snapshot)
        try flush(&canvas, before: nil)
        var next = 0
        // One run reused line after line (pending lines copy what they take): no allocation a line.
        var run = GlyphRun()
        swap(&run, &lineRun)
        defer { swap(&run, &lineRun) }
        for line in layout.lines {
            run.removeAll()
            for glyph in line.glyphs {
                let placed = entries.indices.contains(next) ? entries[next] : nil
                next += 1
                guard let entry = placed else {
                    warn(.tooLargeToDraw(pixelSize: pixelSize))
                    continue
                }
                guard entry.bitmap.width > 0, entry.bitmap.height > 0 else { continue }
                let pen = ((transform.apply(glyph.position) - canvas.origin) * canvas.scale).rounded(.toNearestOrEven)
                guard pen.x.magnitude < 1e7, pen.y.magnitude < 1e7 else { continue }
                let x0 = Int32(pen.x) + entry.bitmap.left, y0 = Int32(pen.y) - entry.bitmap.top
                run.append(GlyphRun.Record(pixels: SIMD4(x0, y0, x0 + entry.bitmap.width, y0 + entry.bitmap.height),
                                           texel: entry.texel, opacity: opacity, color: color))
            }
            try pend(run, atlas: atlas, blendMode: blendMode, on: &canvas)
        }
    }

    /// Where the atlas holds `layout`'s glyphs at `pixelSize`, placing those it lacks, and the atlas to read them from;
    /// what the layout kept of its last draw (`TextLayout.drawn`, shared by every text of that layout) when that was at
    /// the same size in this generation of this atlas.
    private func placedGlyphs(of layout: TextLayout, pixelSize: Float) -> (entries: [GlyphAtlas.Entry?], atlas: GlyphAtlas.Snapshot) {
        let atlas = kernels.glyphAtlas
        let drawn = layout.drawn.value as? DrawnGlyphs
        if let placed = drawn?.placed(in: atlas.owner, pixelSize: pixelSize), let snapshot = atlas.snapshot(ofGeneration: placed.generation) {
            return (placed.value, snapshot)
        }
        let keys = layout.lines.flatMap { line in line.glyphs.map { GlyphKey(face: $0.face, glyph: $0.glyph, pixelSize: pixelSize) } }
        let (entries, snapshot) = atlas.place(keys)
        // A glyph the atlas could not hold may fit a later plan's.
        if entries.count == keys.count, !entries.contains(where: { $0 == nil }) {
            let draw = DrawnGlyphs.Draw(pixelSize: pixelSize, placed: AtlasPlacement(atlas: atlas.owner, generation: snapshot.generation, value: entries),
                                        atlas: atlas)
            layout.drawn.value = (drawn ?? DrawnGlyphs()).adding(draw)
        }
        return (entries, snapshot)
    }

    /// Adds `run` (a line of text, or a path's layer from the atlas) to the canvas's pending lines, where it meets pixels
    /// of the canvas: lines that meet no pixel of each other or of the pending shapes are drawn together (`PendingDraws`).
    mutating func pend(_ run: GlyphRun, atlas: TextureID, blendMode: BlendMode, on canvas: inout Canvas) throws(RenderError) {
        guard let bounds = run.bounds else { return }
        let lo = SIMD2(max(bounds.x, 0), max(bounds.y, 0))
        let hi = SIMD2(min(bounds.z, Int32(canvas.width)), min(bounds.w, Int32(canvas.height)))
        guard hi.x > lo.x, hi.y > lo.y else { return }
        let region = PendingDraws.Region(PixelRegion(origin: lo, size: hi &- lo))
        try flush(&canvas, beforeGlyphs: run, in: region, atlas: atlas, blendMode: blendMode)
        canvas.pending.appendGlyphs(run, region: region, atlas: atlas, blendMode: blendMode)
    }

    /// The plan's texture of the glyph atlas as `snapshot` left it, which draws from now on read.
    mutating func atlasTexture(for snapshot: GlyphAtlas.Snapshot) -> TextureID {
        let atlas: TextureID
        if let current = glyphAtlas, current.atlas.generation == snapshot.generation {
            atlas = current.texture
        } else {
            if let earlier = glyphAtlas {
                // The atlas started over: the passes drawn so far read the old generation, uploaded whole for this plan.
                builder.fill(earlier.texture, with: earlier.atlas.pixels)
            }
            atlas = builder.texture(width: snapshot.pixels.width, height: snapshot.pixels.height, format: snapshot.pixels.format)
        }
        glyphAtlas = (atlas, snapshot)
        return atlas
    }

    /// Makes the plan's glyph atlas its resident texture, whatever number of texts drew from it: the executor keeps it
    /// across plans and uploads only the rows it lacks.
    mutating func finishGlyphAtlas() {
        guard let current = glyphAtlas else { return }
        builder.makeResident(current.texture, kernels.glyphAtlas.resident(current.atlas))
        glyphAtlas = nil
    }
}
