import WeftRuntime
import WeftViews

/// Shapes and lines of text drawn on a canvas but not yet emitted as passes, kept so that draws which meet no pixel of
/// each other run together: a screen of cells (a text, a symbol and a shape each) draws all its shapes in a few passes
/// and its lines of text in a few more, where drawing in order made a pass of every one.
///
/// Painter's order matters only where draws meet, so a draw may run before pending draws it meets no pixel of. Pending
/// draws of one kind are batched as drawing them in order batches them — *runs*: the shapes drawn one after another with
/// nothing else drawn on the canvas between them are one batch, a line of text is one run — and runs that meet no pixel
/// of each other ride in one pass. Every pixel then sees the same draws, in the same order, blended and rounded at the
/// same points as in order, so the pixels are bit for bit the same.
struct PendingDraws {
    /// A canvas rectangle of whole pixels, `lower` included, `upper` not.
    struct Region {
        var lower: SIMD2<Int32>
        var upper: SIMD2<Int32>

        init(_ region: PixelRegion) {
            lower = region.origin
            upper = region.origin &+ region.size
        }

        /// The canvas pixels whose centres lie in `rect` (canvas points), as a shape record's bounds test admits them,
        /// with a thousandth of a pixel to spare for rounding; nil when there are none.
        init?(centresIn rect: Rect, on canvas: CanvasGrid) {
            var lo = (((rect.minimum - canvas.origin) * canvas.scale) - 0.501).rounded(.up)
            var hi = (((rect.maximum - canvas.origin) * canvas.scale) - 0.499).rounded(.up)
            // Bounds that are not numbers may admit any pixel.
            if lo.x.isNaN || lo.y.isNaN || hi.x.isNaN || hi.y.isNaN { (lo, hi) = (.zero, canvas.pixelSize) }
            let clippedLo = pointwiseMax(lo, .zero), clippedHi = pointwiseMin(hi, canvas.pixelSize)
            guard clippedHi.x > clippedLo.x, clippedHi.y > clippedLo.y else { return nil }
            lower = SIMD2(Int32(clippedLo.x), Int32(clippedLo.y))
            upper = SIMD2(Int32(clippedHi.x), Int32(clippedHi.y))
        }

        var area: Int { Int(upper.x - lower.x) * Int(upper.y - lower.y) }

        func meets(_ other: Region) -> Bool {
            lower.x < other.upper.x && other.lower.x < upper.x && lower.y < other.upper.y && other.lower.y < upper.y
        }

        func union(_ other: Region) -> Region {
            var joined = self
            joined.lower = pointwiseMin(lower, other.lower)
            joined.upper = pointwiseMax(upper, other.upper)
            return joined
        }
    }

    /// Regions of several draws, with their bounding box and total area.
    struct Regions {
        private(set) var items: [Region] = []
        private(set) var bounds: Region?
        private(set) var area = 0

        var isEmpty: Bool { items.isEmpty }

        /// Appends `region`, or no pixel (which meets nothing) for nil.
        mutating func append(_ region: Region?) {
            items.append(region ?? Region(PixelRegion(origin: .zero, size: .zero)))
            guard let region else { return }
            bounds = bounds.map { $0.union(region) } ?? region
            area += region.area
        }

        /// No regions, keeping the room the items had.
        mutating func removeAll() {
            items.removeAll(keepingCapacity: true)
            bounds = nil
            area = 0
        }

        mutating func append(contentsOf other: Regions) {
            for region in other.items { append(region.area > 0 ? region : nil) }
        }

        func meets(_ region: Region) -> Bool {
            guard let bounds, bounds.meets(region) else { return false }
            return items.contains { $0.meets(region) }
        }

        /// Whether one pass over the bounding box of these regions and `more` would spend most of its pixels on
        /// pixels none of them changes (`PendingDraws.sparseness`).
        func wouldBeSparse(with more: Regions) -> Bool {
            guard let bounds, let other = more.bounds else { return false }
            return bounds.union(other).area > PendingDraws.sparseness * (area + more.area) + PendingDraws.sparseSlack
        }
    }

    /// How much larger than the pixels its draws change the rectangle of one pass may be; beyond it the runs are
    /// emitted as separate passes (a pass runs over every pixel of its rectangle).
    static let sparseness = 4
    /// Pixels a pass's rectangle may waste whatever its draws' size.
    static let sparseSlack = 64 * 64
    /// Glyphs one pass of several lines holds at most (a line alone may hold more).
    static let glyphCapacity = 1024

    /// Shapes of finished runs, in one batch: no two of its runs meet.
    private(set) var settledShapes = ShapeBatch()
    private(set) var settledShapeRegions = Regions()
    /// The settled shapes' bounds as their records hold them (canvas points): a shape's record admits a pixel only
    /// where the pixel's centre lies in them, so shapes of two runs whose bounds do not overlap share no pixel, whatever
    /// the rounding of the centre (bounds that only touch included).
    private(set) var settledShapeBounds: [Rect] = []
    private(set) var settledShapeBoundsUnion: Rect?
    private(set) var openShapeBounds: [Rect] = []
    /// The shapes drawn since anything else was last drawn on the canvas: one run, batched as drawn.
    private(set) var openShapes = ShapeBatch()
    private(set) var openShapeRegions = Regions()
    /// Lines of text, one run each, in one batch: no two of them meet, and all read one atlas with one blend mode.
    private(set) var glyphs = GlyphRun()
    private(set) var glyphRegions = Regions()
    private(set) var glyphKey: (atlas: TextureID, blendMode: BlendMode)?

    var isEmpty: Bool { settledShapes.isEmpty && openShapes.isEmpty && glyphs.isEmpty }
    var isOpenRunFull: Bool { openShapes.isFull }

    func shapesMeet(_ region: Region) -> Bool {
        settledShapeRegions.meets(region) || openShapeRegions.meets(region)
    }

    /// Whether a shape with record bounds `bounds`, admitting the pixels `region`, may share a pixel with a settled
    /// shape: only where both their bounds and their pixels overlap.
    func settledShapesMeet(_ bounds: Rect, region: Region?) -> Bool {
        func overlap(_ a: Rect, _ b: Rect) -> Bool {
            all(a.minimum .< b.maximum) && all(b.minimum .< a.maximum)
        }
        guard let region, let union = settledShapeBoundsUnion, overlap(union, bounds) else { return false }
        return settledShapeBounds.indices.contains { i in
            overlap(settledShapeBounds[i], bounds) && settledShapeRegions.items[i].meets(region)
        }
    }

    func glyphsMeet(_ region: Region) -> Bool { glyphRegions.meets(region) }

    /// Whether a line of text can join the pending lines: the same atlas and blend mode, meeting none of them, and
    /// the pass staying small and dense enough.
    func glyphsAccept(_ run: GlyphRun, region: Region, atlas: TextureID, blendMode: BlendMode) -> Bool {
        guard let key = glyphKey else { return true }
        var added = Regions()
        added.append(region)
        return key.atlas == atlas && key.blendMode == blendMode && glyphs.count + run.count <= Self.glyphCapacity
            && !glyphRegions.meets(region) && !glyphRegions.wouldBeSparse(with: added)
    }

    /// Whether the open run can join the settled shapes in one pass: room for both, and not too sparse.
    var openRunFitsSettled: Bool {
        settledShapes.count + openShapes.count <= ShapeBatch.capacity && !settledShapeRegions.wouldBeSparse(with: openShapeRegions)
    }

    mutating func appendShape(_ append: (inout ShapeBatch) -> Void, bounds: Rect, region: Region?) {
        append(&openShapes)
        openShapeBounds.append(bounds)
        openShapeRegions.append(region)
    }

    /// Ends the open run of shapes (something else is drawn on the canvas), adding it to the settled shapes; the
    /// caller emits the settled shapes first when the run does not fit them (`openRunFitsSettled`).
    mutating func endShapeRun() {
        guard !openShapes.isEmpty else { return }
        settledShapes.append(contentsOf: openShapes)
        settledShapeRegions.append(contentsOf: openShapeRegions)
        settledShapeBounds += openShapeBounds
        for bounds in openShapeBounds { settledShapeBoundsUnion = settledShapeBoundsUnion.map { $0.union(bounds) } ?? bounds }
        // Emptied keeping their room: the next run (a cell's shape after its text) fills them again.
        openShapes.removeAll()
        openShapeRegions.removeAll()
        openShapeBounds.removeAll(keepingCapacity: true)
    }

    mutating func takeSettledShapes() -> ShapeBatch {
        defer { settledShapes = ShapeBatch(); settledShapeRegions = Regions(); settledShapeBounds = []; settledShapeBoundsUnion = nil }
        return settledShapes
    }

    /// Every pending shape, the settled runs and the open one, as at most two batches (each within capacity).
    mutating func takeAllShapes() -> [ShapeBatch] {
        if openRunFitsSettled { endShapeRun() }
        defer {
            settledShapes = ShapeBatch(); settledShapeRegions = Regions(); settledShapeBounds = []; settledShapeBoundsUnion = nil
            openShapes = ShapeBatch(); openShapeRegions = Regions(); openShapeBounds = []
        }
        return [settledShapes, openShapes].filter { !$0.isEmpty }
    }

    mutating func appendGlyphs(_ run: GlyphRun, region: Region, atlas: TextureID, blendMode: BlendMode) {
        glyphs.append(contentsOf: run)
        glyphRegions.append(region)
        glyphKey = (atlas, blendMode)
    }

    mutating func takeGlyphs() -> (run: GlyphRun, atlas: TextureID, blendMode: BlendMode)? {
        guard let key = glyphKey, !glyphs.isEmpty else { return nil }
        defer { glyphs = GlyphRun(); glyphRegions = Regions(); glyphKey = nil }
        return (glyphs, key.atlas, key.blendMode)
    }
}
