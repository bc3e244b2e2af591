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

    static let capacity = 4096
    static let byteLimit = 64 << 20
    static let largestCachedBytes = 4 << 20
    private let layers = Mutex(LRUCache<StoredKey, Layer?>(capacity: capacity, costLimit: byteLimit))
    /// The layers by placement, their origins in the frame of the whole pixel at their map's origin.
    private let placed = Mutex(LRUCache<Placement, Layer>(capacity: capacity, costLimit: byteLimit))
    /// How many layers were covered (found in neither cache), over the cache's life: the last one's `id`.
    private let coverings = Atomic<UInt64>(0)
    /// How many of those were accumulated by cells, their exact covering over `PathCoverage.exactWorkBudget`.
    private let accumulations = Atomic<Int>(0)

    var coveredCount: Int { Int(coverings.load(ordering: .relaxed)) }
    var accumulatedCount: Int { accumulations.load(ordering: .relaxed) }

    /// The coverage of `key.shape` in its frame mapped by `key.toPixels`, inside `0..<key.limit`, holding `key.color`;
    /// nil when it covers no pixel there. An outline of more than `PathCoverage.maxSegments` segments is refused.
    func layer(_ key: Key) throws(RenderError) -> Layer? {
        let stored = StoredKey(key)
        if let hit = layers.withLock({ $0[stored] }) { return hit }
        let layer = try cover(key)
        let bytes = layer?.pixels.bytes.count ?? 0
        if bytes <= Self.largestCachedBytes { layers.withLock { $0.insert(layer, for: stored, cost: bytes) } }
        return layer
    }

    /// Flattens and strokes `key.shape` in the frame of the whole pixel at its map's origin, and covers it there unless
    /// `placed` holds its layer.
    private func cover(_ key: Key) throws(RenderError) -> Layer? {
        var local = key.toPixels
        let whole = SIMD2(local.tx, local.ty).rounded(.down)
        // A translation too large (or not finite) for whole pixels to be counted in `Int` is covered where it is.
        let counted = abs(whole.x) < Float(1 << 24) && abs(whole.y) < Float(1 << 24)
        let shift: SIMD2<Int> = counted ? SIMD2(Int(whole.x), Int(whole.y)) : .zero
        local.tx -= Float(shift.x)
        local.ty -= Float(shift.y)
        let (polygons, rule) = key.shape.polygons(size: key.size, through: local, tolerance: key.tolerance)
        let segments = polygons.reduce(0) { $0 + $1.points.count }
        guard segments <= PathCoverage.maxSegments else { throw .pathTooComplex(segments: segments, limit: PathCoverage.maxSegments) }
        let lower = SIMD2<Int>.zero &- shift, upper = key.limit &- shift
        guard let region = PathCoverage.region(of: polygons, within: lower, upper) else { return nil }
        var cut = key
        cut.toPixels = local
        cut.limit = .zero
        let placement = Placement(cut: cut, origin: region.origin, extent: region.size)
        let relative: Layer
        if let hit = placed.withLock({ $0[placement] }) {
            relative = hit
        } else {
            let id = coverings.add(1, ordering: .relaxed).newValue
            let coverage = PathCoverage(polygons: polygons, rule: rule, region: region)
            if coverage.method == .accumulated { accumulations.add(1, ordering: .relaxed) }
            relative = Self.layer(coverage, color: key.color, format: key.format, id: id)
            let bytes = relative.pixels.bytes.count
            if bytes <= Self.largestCachedBytes { placed.withLock { $0.insert(relative, for: placement, cost: bytes) } }
        }
        return Layer(origin: relative.origin &+ shift, pixels: relative.pixels, id: relative.id)
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
