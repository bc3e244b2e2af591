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

/// Where glyph atlases hold a text layout's glyphs, kept with the layout (`TextLayout.drawn`): drawn again at the same
/// pixel size while the atlas has not started over — by the same view, or by a view built anew whose text lays out
/// the same — the text places no glyph and looks none up. One draw per atlas: planners of their own (each with its
/// atlas) draw the layouts that the font library's cache shares between them. The draws of atlases let go are dropped
/// first, so the planners alive do not push out each other's (a process holds a few at once, and may make many).
final class DrawnGlyphs: Sendable {
    struct Draw: Sendable {
        /// The pixel size the glyphs were drawn at.
        var pixelSize: Float
        var placed: AtlasPlacement<[GlyphAtlas.Entry?]>
        /// The atlas `placed` lies in, while it lives.
        weak let atlas: GlyphAtlas?
    }

    /// How many atlases' draws a layout keeps.
    static let atlasesKept = 8

    /// The latest draw first.
    let draws: [Draw]

    init(_ draws: [Draw] = []) { self.draws = draws }

    /// The draw in the atlas `atlas` (`GlyphAtlas.owner`) at `pixelSize`, if it is kept.
    func placed(in atlas: UInt64, pixelSize: Float) -> AtlasPlacement<[GlyphAtlas.Entry?]>? {
        draws.first { $0.placed.atlas == atlas && $0.pixelSize == pixelSize }?.placed
    }

    /// These draws with `draw` the latest, in place of its atlas's, and without those of atlases let go.
    func adding(_ draw: Draw) -> DrawnGlyphs {
        DrawnGlyphs([draw] + draws.filter { $0.atlas != nil && $0.placed.atlas != draw.placed.atlas }.prefix(Self.atlasesKept - 1))
    }
}
