import Testing
import WeftImage
@testable import WeftPlanner
@testable import WeftViews

/// A path is covered in the frame of the whole pixel at its map's origin, so its copies a whole number of pixels apart
/// are covered once and drawn with the same texels, moved; a move by a fraction of a pixel, a different cut by the
/// canvas's edge or another shape is covered anew.
struct PathCoverageCacheTests {
    /// A ring and a curve, stroked with round joins: many crossing edges, as a symbol's.
    static let shape: PathShape = {
        var path = Path()
        path.addEllipse(in: Rect(x: 1, y: 1, width: 14, height: 10))
        path.move(to: Point(2, 14))
        path.addCurve(to: Point(15, 3), control1: Point(6, 2), control2: Point(9, 17))
        return PathShape(outline: .fixed(path), stroke: StrokeStyle(lineWidth: 1.5, lineCap: .round, lineJoin: .round))
    }()

    static func key(at origin: SIMD2<Float>, shape: PathShape = shape) -> PathCoverageCache.Key {
        PathCoverageCache.Key(shape: shape, size: SIMD2(16, 16), toPixels: .translation(origin) * .scaling(SIMD2(1.5, 1.5)),
                              tolerance: Lowering.pathTolerance, limit: SIMD2(200, 120),
                              color: SIMD4(1, 1, 1, 1), format: .rgba16Float)
    }

    @Test func copiesAWholeNumberOfPixelsApartAreCoveredOnce() throws {
        let cache = PathCoverageCache()
        let first = try #require(try cache.layer(Self.key(at: SIMD2(10.25, 20.5))))
        for move in [SIMD2<Int>(1, 0), SIMD2(0, 1), SIMD2(57, 33), SIMD2(150, 70)] {
            let moved = try #require(try cache.layer(Self.key(at: SIMD2(10.25, 20.5) + SIMD2<Float>(move))))
            #expect(moved.origin == first.origin &+ move && moved.pixels == first.pixels, "moved by \(move)")
        }
        #expect(cache.coveredCount == 1)
        // A quarter of a pixel further, another shape, or cut off by the canvas's edge: covered anew.
        _ = try cache.layer(Self.key(at: SIMD2(10.5, 20.5)))
        #expect(cache.coveredCount == 2)
        var other = Self.shape
        other.stroke?.lineWidth = 2
        _ = try cache.layer(Self.key(at: SIMD2(10.25, 20.5), shape: other))
        #expect(cache.coveredCount == 3)
        let cut = try #require(try cache.layer(Self.key(at: SIMD2(-5.75, 100.5))))
        #expect(cache.coveredCount == 4 && cut.origin == SIMD2(0, 100) && cut.pixels.width < first.pixels.width)
    }

    /// Covered in the whole pixel's frame or where it lies on the canvas, a path's coverage is the same but for
    /// rounding; cut off by the canvas's edge, it is the uncut coverage's pixels inside the canvas.
    @Test func aLayerCoveredInItsPixelsFrameIsItsCoverageOnTheCanvas() throws {
        for origin in [SIMD2<Float>(10.25, 20.5), SIMD2(-5.75, 100.5), SIMD2(187.5, -3.125)] {
            let layer = try cache(Self.key(at: origin))
            let (polygons, rule) = Self.shape.polygons(size: SIMD2(16, 16), through: .translation(origin) * .scaling(SIMD2(1.5, 1.5)),
                                                       tolerance: Lowering.pathTolerance)
            let direct = try #require(PathCoverage(polygons: polygons, rule: rule, limit: SIMD2(200, 120)))
            #expect(layer.origin == direct.origin && layer.pixels.width == direct.width && layer.pixels.height == direct.height)
            var worst: Float = 0
            for y in 0..<direct.height {
                for x in 0..<direct.width {
                    worst = max(worst, abs(layer.pixels[x, y].w - direct.values[y * direct.width + x]))
                }
            }
            #expect(worst <= 1e-3, "at \(origin): largest difference \(worst)")
        }
    }

    func cache(_ key: PathCoverageCache.Key) throws -> PathCoverageCache.Layer {
        try #require(try PathCoverageCache().layer(key))
    }
}

/// What a frame asks of the cache is found whole the next frame, however many paths it draws.
struct PathCoverageCacheScaleTests {
    /// A small triangle, cheap to cover.
    static let triangle: PathShape = {
        var path = Path()
        path.move(to: Point(1, 1))
        path.addLine(to: Point(7, 2))
        path.addLine(to: Point(3, 6))
        path.closeSubpath()
        return PathShape(outline: .fixed(path))
    }()

    static func key(at origin: SIMD2<Float>) -> PathCoverageCache.Key {
        PathCoverageCache.Key(shape: triangle, size: SIMD2(8, 8), toPixels: .translation(origin), tolerance: Lowering.pathTolerance,
                              limit: SIMD2(1920, 1080), color: SIMD4(1, 1, 1, 1), format: .rgba8Unorm)
    }

    /// A copy a whole number of pixels from one already covered is neither covered nor flattened again: the pixels its
    /// outline reaches in its pixel's frame are kept with the layer's placement.
    @Test func aCopyFoundByItsPlacementIsNotOutlinedAgain() throws {
        let cache = PathCoverageCache()
        _ = try cache.layer(PathCoverageCacheTests.key(at: SIMD2(10.25, 20.5)))
        for move in [SIMD2<Float>(1, 0), SIMD2(0, 1), SIMD2(57, 33)] {
            _ = try cache.layer(PathCoverageCacheTests.key(at: SIMD2(10.25, 20.5) + move))
        }
        #expect(cache.coveredCount == 1 && cache.outlinedCount == 1 && cache.lookupCount == 4,
                "covered \(cache.coveredCount), outlined \(cache.outlinedCount), looked up \(cache.lookupCount)")
    }

    /// 6,000 paths each at its own fraction of a pixel, as a screen of thousands of symbols at fractional places asks:
    /// the second frame covers and flattens none of them (a cache smaller than a frame would push out each path
    /// before the next frame asks for it again, and find none).
    @Test func aFrameOfThousandsOfPathsIsFoundWholeTheNextFrame() throws {
        let cache = PathCoverageCache()
        let origins = (0..<6000).map { i in SIMD2<Float>(Float(i % 200) * 9 + Float(i) / 8192, Float(i / 200) * 9 + 0.5) }
        for origin in origins { _ = try cache.layer(Self.key(at: origin)) }
        let (covered, outlined) = (cache.coveredCount, cache.outlinedCount)
        #expect(covered == 6000 && outlined == 6000)
        for origin in origins { _ = try cache.layer(Self.key(at: origin)) }
        #expect(cache.coveredCount == covered && cache.outlinedCount == outlined,
                "the second frame covered \(cache.coveredCount - covered) and flattened \(cache.outlinedCount - outlined)")
    }
}
