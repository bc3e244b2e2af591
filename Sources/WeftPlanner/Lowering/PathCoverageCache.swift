import Synchronization
import WeftImage
import WeftRuntime
import WeftViews

/// The texels of paths' coverage layers (`PathCoverage` times one color), by what they are made from — the path shape,
/// its frame and its map to the canvas's pixels — so that a path that does not move between frames is flattened,
/// stroked and covered once: a sequence's frames lower it again, and an equal upload (the same buffer) keeps the plan
/// reusable. A path is covered in the frame of the whole pixel at its map's origin, so that copies of it a whole number
/// of pixels apart (a symbol repeated down a list, a view scrolled by whole pixels) are covered once: they are flattened
/// to the same polygons there, covered to the same bits, and found by `Placement`. Keeps the most recently used layers
/// of each kind, up to `capacity` of them and `byteLimit` bytes of texels in all, each of at most `largestCachedBytes`:
/// a screen's worth of symbols and icons stays covered from one frame to the next.
final class PathCoverageCache: Sendable {
    struct Key: Hashable, Sendable {
        var shape: PathShape
        /// The shape's frame, in points.
        var size: SIMD2<Float>
        /// From the shape's user space to the canvas's pixels.
        var toPixels: Affine
        /// How far a flattened curve may stray from the true one, in canvas pixels.
        var tolerance: Double
        var limit: SIMD2<Int>
        var color: SIMD4<Float>
        var format: PixelFormat

        /// What tells keys apart in practice — the outline, its trim and line width, the frame, the map, the color —
        /// without the enums whose raw values are strings: a frame looks up every path it draws.
        func hash(into hasher: inout Hasher) {
            hasher.combine(shape.outline)
            hasher.combine(SIMD4(shape.trimFrom, shape.trimTo, shape.stroke?.lineWidth ?? -1, shape.inset))
            hasher.combine(size)
            hasher.combine(toPixels)
            hasher.combine(color)
        }
    }

    /// What a layer is covered from in the frame of the whole pixel at its map's origin: the key with its map's
    /// translation cut to the fraction of a pixel and no limit, and the pixels covered there (which say where the
    /// canvas cuts it off).
    private struct Placement: Hashable, Sendable {
        var cut: Key
        var origin: SIMD2<Int>
        var extent: SIMD2<Int>
    }

    /// A coverage layer's texels and where its first lies on the canvas, in pixels. `id` names the texels: copies of a
    /// layer a whole number of pixels apart share it (the glyph atlas keeps a layer by it).
    struct Layer: Sendable {
        var origin: SIMD2<Int>
        var pixels: PixelBuffer
        var id: UInt64
    }

    /// A key with its hash worked out once and its parts held once: a lookup probes slots, and each probe would
    /// otherwise copy the key and hash or compare its path again.
    private final class StoredKey: Hashable, Sendable {
        let key: Key
        let hash: Int
        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }
        static func == (a: StoredKey, b: StoredKey) -> Bool { a === b || (a.hash == b.hash && a.key == b.key) }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// Layers kept: more than a screen of thousands of symbols draws (a cache smaller than what one frame draws
    /// would find none of them the next frame).
    static let capacity = 16384
    static let byteLimit = 64 << 20
    static let largestCachedBytes = 4 << 20
    private let layers = Mutex(LRUCache<StoredKey, Layer?>(capacity: capacity, costLimit: byteLimit))
    /// The layers by placement, their origins in the frame of the whole pixel at their map's origin.
    private let placed = Mutex(LRUCache<Placement, Layer>(capacity: capacity, costLimit: byteLimit))
    /// The pixel bounds of outlines in the frame of the whole pixel at their map's origin (keys cut as `Placement`'s),
    /// so that a path found in `placed` is not flattened and stroked again to learn which pixels it covers.
    private let outlineBounds = Mutex(LRUCache<StoredKey, PathCoverage.Bounds?>(capacity: capacity))
    /// How many layers were covered (found in neither cache), over the cache's life: the last one's `id`.
    private let coverings = Atomic<UInt64>(0)
    /// How many of those were accumulated by cells, their exact covering over `PathCoverage.exactWorkBudget`.
    private let accumulations = Atomic<Int>(0)
    /// How many layers were asked for, and how many outlines flattened and stroked, over the cache's life.
    private let lookups = Atomic<Int>(0)
    private let outlines = Atomic<Int>(0)

    var coveredCount: Int { Int(coverings.load(ordering: .relaxed)) }
    var accumulatedCount: Int { accumulations.load(ordering: .relaxed) }
    var lookupCount: Int { lookups.load(ordering: .relaxed) }
    var outlinedCount: Int { outlines.load(ordering: .relaxed) }

    /// The coverage of `key.shape` in its frame mapped by `key.toPixels`, inside `0..<key.limit`, holding `key.color`;
    /// nil when it covers no pixel there. An outline of more than `PathCoverage.maxSegments` segments is refused.
    func layer(_ key: Key) throws(RenderError) -> Layer? {
        lookups.add(1, ordering: .relaxed)
        let stored = StoredKey(key)
        if let hit = layers.withLock({ $0[stored] }) { return hit }
        let layer = try cover(key)
        let bytes = layer?.pixels.bytes.count ?? 0
        if bytes <= Self.largestCachedBytes { layers.withLock { $0.insert(layer, for: stored, cost: bytes) } }
        return layer
    }

    /// Covers `key.shape` in the frame of the whole pixel at its map's origin unless `placed` holds its layer; flattens
    /// and strokes it there only to cover it or to learn which pixels it reaches, when `outlineBounds` does not say.
    private func cover(_ key: Key) throws(RenderError) -> Layer? {
        var local = key.toPixels
        let whole = SIMD2(local.tx, local.ty).rounded(.down)
        // A translation too large (or not finite) for whole pixels to be counted in `Int` is covered where it is.
        let counted = abs(whole.x) < Float(1 << 24) && abs(whole.y) < Float(1 << 24)
        let shift: SIMD2<Int> = counted ? SIMD2(Int(whole.x), Int(whole.y)) : .zero
        local.tx -= Float(shift.x)
        local.ty -= Float(shift.y)
        var cut = key
        cut.toPixels = local
        cut.limit = .zero
        let stored = StoredKey(cut)
        var flattened: (polygons: [Polyline], rule: FillRule)?
        let bounds: PathCoverage.Bounds?
        if let known = outlineBounds.withLock({ $0[stored] }) {
            bounds = known
        } else {
            let made = try outline(of: key, through: local)
            flattened = made
            bounds = PathCoverage.Bounds(of: made.polygons)
            outlineBounds.withLock { $0.insert(bounds, for: stored, cost: 0) }
        }
        let lower = SIMD2<Int>.zero &- shift, upper = key.limit &- shift
        guard let region = bounds?.region(within: lower, upper) else { return nil }
        let placement = Placement(cut: cut, origin: region.origin, extent: region.size)
        let relative: Layer
        if let hit = placed.withLock({ $0[placement] }) {
            relative = hit
        } else {
            if flattened == nil { flattened = try outline(of: key, through: local) }
            let (polygons, rule) = flattened!
            let id = coverings.add(1, ordering: .relaxed).newValue
            let coverage = PathCoverage(polygons: polygons, rule: rule, region: region)
            if coverage.method == .accumulated { accumulations.add(1, ordering: .relaxed) }
            relative = Self.layer(coverage, color: key.color, format: key.format, id: id)
            let bytes = relative.pixels.bytes.count
            if bytes <= Self.largestCachedBytes { placed.withLock { $0.insert(relative, for: placement, cost: bytes) } }
        }
        return Layer(origin: relative.origin &+ shift, pixels: relative.pixels, id: relative.id)
    }

    /// `key.shape` flattened and stroked in its frame through `toPixels`; refused past `PathCoverage.maxSegments`.
    private func outline(of key: Key, through toPixels: Affine) throws(RenderError) -> (polygons: [Polyline], rule: FillRule) {
        outlines.add(1, ordering: .relaxed)
        let (polygons, rule) = key.shape.polygons(size: key.size, through: toPixels, tolerance: key.tolerance)
        let segments = polygons.reduce(0) { $0 + $1.points.count }
        guard segments <= PathCoverage.maxSegments else { throw .pathTooComplex(segments: segments, limit: PathCoverage.maxSegments) }
        return (polygons, rule)
    }

    private static func layer(_ coverage: PathCoverage, color: SIMD4<Float>, format: PixelFormat, id: UInt64) -> Layer {
        var pixels = PixelBuffer.blank(width: coverage.width, height: coverage.height, format: format)
        for y in 0..<coverage.height {
            for x in 0..<coverage.width {
                let a = coverage.values[y * coverage.width + x]
                if a > 0 { pixels[x, y] = color * a }
            }
        }
        return Layer(origin: coverage.origin, pixels: pixels, id: id)
    }
}
