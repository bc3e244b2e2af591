import WeftViews

/// What a glyph atlas held for a view: its value, valid in the atlas `atlas` (`GlyphAtlas.owner`) while the atlas is
/// of `generation` (entries of one generation stay where they are).
struct AtlasPlacement<Value: Sendable>: Sendable {
    var atlas: UInt64
    var generation: Int
    var value: Value
}

/// What drawing a path view found — its coverage layer, and where the glyph atlas holds it — kept with the view
/// (`ViewNode.drawnMemo`): drawn again through the same map onto a canvas of the same grid and format (a plan made
/// again, a frame that moves other views), the view takes it from here instead of looking it up by its key.
final class DrawnPath: Sendable {
    /// The largest layer a view keeps (a symbol's or an icon's, the size the atlas holds, in 16-bit floats): a view
    /// keeps its layer beyond the cache's own bounds, so views of large paths, few and costly to draw whatever a
    /// lookup costs, keep none and hold no texels.
    static let largestKeptBytes = GlyphAtlas.largestCoverageSide * GlyphAtlas.largestCoverageSide * 8

    let key: PathCoverageCache.Key
    let layer: PathCoverageCache.Layer?
    let placed: AtlasPlacement<GlyphAtlas.Entry>?

    init(key: PathCoverageCache.Key, layer: PathCoverageCache.Layer?, placed: AtlasPlacement<GlyphAtlas.Entry>?) {
        self.key = key
        self.layer = layer
        self.placed = placed
    }
}

/// Where the glyph atlas holds a text view's glyphs, kept with the view (`ViewNode.drawnMemo`): drawn again from the
/// same layout (the same width offered) at the same pixel size while the atlas has not started over, the text places
/// no glyph and looks none up.
final class DrawnGlyphs: Sendable {
    /// The width the text was offered (its layout's), as bits, and the pixel size its glyphs were drawn at.
    let width: UInt32
    let pixelSize: Float
    let placed: AtlasPlacement<[GlyphAtlas.Entry?]>

    init(width: UInt32, pixelSize: Float, placed: AtlasPlacement<[GlyphAtlas.Entry?]>) {
        self.width = width
        self.pixelSize = pixelSize
        self.placed = placed
    }
}
