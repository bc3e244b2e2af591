import Synchronization
import WeftImage
import WeftRuntime
import WeftViews

/// The texels of paths' coverage layers (`PathCoverage` times one color), by the flattened polygons on the canvas's grid,
/// so that a path that does not move between frames is covered once: a sequence's frames lower it again, and an equal
/// upload (the same buffer) keeps the plan reusable. Keeps the 16 most recently used layers of at most 4 MB each.
final class PathCoverageCache: Sendable {
    struct Key: Hashable, Sendable {
        var polygons: [Polyline]
        var rule: FillRule
        var limit: SIMD2<Int>
        var color: SIMD4<Float>
        var format: PixelFormat
    }

    /// A coverage layer's texels and where its first lies on the canvas, in pixels.
    struct Layer: Sendable {
        var origin: SIMD2<Int>
        var pixels: PixelBuffer
    }

    static let capacity = 16
    static let largestCachedBytes = 4 << 20
    private let layers = Mutex(LRUCache<Key, Layer?>(capacity: capacity))

    /// The coverage of `key.polygons` under `key.rule` inside `0..<key.limit` holding `key.color`; nil when they cover
    /// no pixel there.
    func layer(_ key: Key) -> Layer? {
        if let hit = layers.withLock({ $0[key] }) { return hit }
        let layer = PathCoverage(polygons: key.polygons, rule: key.rule, limit: key.limit).map { Self.layer($0, color: key.color, format: key.format) }
        if (layer?.pixels.bytes.count ?? 0) <= Self.largestCachedBytes { layers.withLock { $0[key] = .some(layer) } }
        return layer
    }

    private static func layer(_ coverage: PathCoverage, color: SIMD4<Float>, format: PixelFormat) -> Layer {
        var pixels = PixelBuffer.blank(width: coverage.width, height: coverage.height, format: format)
        for y in 0..<coverage.height {
            for x in 0..<coverage.width {
                let a = coverage.values[y * coverage.width + x]
                if a > 0 { pixels[x, y] = color * a }
            }
        }
        return Layer(origin: coverage.origin, pixels: pixels)
    }
}
