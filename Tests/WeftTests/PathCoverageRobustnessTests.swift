import Foundation
import Synchronization
import Testing
@testable import WeftPlanner
@testable import WeftViews

/// Coverage of outlines that rounding makes awkward: edges that cross within rounding of where a piece of a row starts,
/// shapes turned by right angles (where a transform's cosine is not quite 0 and edges come out nearly horizontal,
/// nearly vertical or nearly collinear), degenerate edges and points that are not numbers. Each covering must finish,
/// and its coverage is checked against what can be predicted: a polygon's exact area in each pixel, a turn's pixels
/// being the unturned pixels turned, and the total being the same at any angle.
struct PathCoverageRobustnessTests {
    /// Covers `polygons` on another thread and waits at most `seconds` for it, so that a covering that never finishes
    /// fails its test instead of hanging the suite.
    static func covered(_ polygons: [Polyline], rule: FillRule = .nonZero, limit: SIMD2<Int> = SIMD2(64, 64),
                        within seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> PathCoverage? {
        let result = Outcome()
        Thread.detachNewThread {
            let coverage = PathCoverage(polygons: polygons, rule: rule, limit: limit)
            result.coverage.withLock { $0 = coverage }
            result.finished.signal()
        }
        guard result.finished.wait(timeout: .now() + seconds) == .success else {
            Issue.record("covering did not finish within \(seconds) s", sourceLocation: sourceLocation)
            return nil
        }
        return result.coverage.withLock { $0 }
    }

    /// What the covering thread hands back.
    final class Outcome: Sendable {
        let coverage = Mutex<PathCoverage?>(nil)
        let finished = DispatchSemaphore(value: 0)
    }

    static func total(_ coverage: PathCoverage?) -> Double { coverage?.values.reduce(0) { $0 + Double($1) } ?? 0 }

    /// Two edges of RadarSeal's `wave.3.right` turned by 90° (the stroke of one arc and the round join of another): the
    /// second is 2.3e-8 pixels high and crosses the first within rounding of where the piece of the row starts. Until
    /// the order of edges was kept from one crossing to the next, covering this looped for ever. The polygon crosses
    /// itself where the two edges do: its coverage is the exact area of the two triangles it makes, in every pixel.
    @Test func edgesCrossingWithinRoundingOfAPieceStartAreCoveredExactly() throws {
        let aTop = SIMD2(28.025768427681395, 16.44790131549075), aBottom = SIMD2(30.553297790917885, 20.46960435251095)
        let bTop = SIMD2(28.456480616230962, 16.667112434960817), bBottom = SIMD2(28.152147071322574, 16.66711245793736)
        let polygon = Polyline(points: [aTop, aBottom, bBottom, bTop], closed: true)
        let coverage = try #require(Self.covered([polygon]))
        // Where edge a (aTop–aBottom) crosses edge b (bBottom–bTop).
        let da = aBottom - aTop, db = bTop - bBottom, w = bBottom - aTop
        let s = (w.x * db.y - w.y * db.x) / (da.x * db.y - da.y * db.x)
        let crossing = aTop + da * s
        let triangles = [[aTop, crossing, bTop], [crossing, aBottom, bBottom]]
        var worst = 0.0
        for y in coverage.origin.y..<(coverage.origin.y + coverage.height) {
            for x in coverage.origin.x..<(coverage.origin.x + coverage.width) {
                let exact = triangles.reduce(0) { $0 + ExactArea.inPixel($1, x: x, y: y) }
                worst = max(worst, abs(Double(coverage[x, y]) - exact))
            }
        }
        #expect(worst <= 1e-6, "largest coverage error \(worst)")
    }

    static let symbols = ["star.fill", "heart", "heart.fill", "bell", "house", "wave.3.right"]

    /// The symbol's polygons on a 64-pixel grid: its 24-point grid drawn 2 pixels a point (stroked as a semibold font
    /// strokes it), centred on the grid's middle and turned `degrees` about it.
    static func polygons(_ symbol: String, degrees: Float) throws -> (polygons: [Polyline], rule: FillRule) {
        let entry = try #require(SymbolCatalog.entries[symbol])
        let outline = try Path(svgData: entry.data)
        let stroke = entry.filled ? nil
            : StrokeStyle(lineWidth: Symbol.strokeWidth(for: .semibold), lineCap: .round, lineJoin: .round)
        let shape = PathShape(outline: .fixed(outline), stroke: stroke)
        let toPixels = Affine.translation(SIMD2(32, 32)) * Affine.rotation(degrees * .pi / 180)
            * Affine.scaling(SIMD2(2, 2)) * Affine.translation(SIMD2(-12, -12))
        return shape.polygons(size: SIMD2(24, 24), through: toPixels, tolerance: 0.005)
    }

    /// Every catalog symbol here, stroked and filled, turned by each multiple of 90° (both ways, and past a whole
    /// turn): each pixel is the unturned symbol's pixel it turns onto (the turn maps the grid onto itself), within
    /// what a transform's cosine of 90° in `Float` (−4.4e-8, not 0) moves the outline.
    @Test(arguments: symbols)
    func rightAngleTurnsMoveEveryPixelOntoItsTurnedPixel(symbol: String) throws {
        let (upright, rule) = try Self.polygons(symbol, degrees: 0)
        let reference = try #require(Self.covered(upright, rule: rule))
        for quarterTurns in [1, 2, 3, 4, 5, -1, -2, -3] {
            let turned = try #require(Self.covered(try Self.polygons(symbol, degrees: Float(90 * quarterTurns)).polygons, rule: rule))
            var worst = 0.0
            for y in 0..<64 {
                for x in 0..<64 {
                    // The pixel's centre relative to the grid's middle, turned a quarter at a time: (u, v) → (−v, u).
                    var u = Double(x) + 0.5 - 32, v = Double(y) + 0.5 - 32
                    for _ in 0..<((quarterTurns % 4 + 4) % 4) { (u, v) = (-v, u) }
                    let expected = Self.value(reference, x: x, y: y)
                    let actual = Self.value(turned, x: Int(u + 32 - 0.5), y: Int(v + 32 - 0.5))
                    worst = max(worst, abs(actual - expected))
                }
            }
            #expect(worst <= 1e-4, "\(symbol) turned \(90 * quarterTurns)°: largest difference \(worst)")
        }
    }

    /// A pixel's coverage, 0 outside the covered region.
    static func value(_ coverage: PathCoverage, x: Int, y: Int) -> Double {
        let inside = (coverage.origin.x..<(coverage.origin.x + coverage.width)).contains(x)
            && (coverage.origin.y..<(coverage.origin.y + coverage.height)).contains(y)
        return inside ? Double(coverage[x, y]) : 0
    }

    /// At any angle (45° and right angles among them) the coverage sums to the same area; a filled symbol's is its
    /// outline's shoelace area.
    @Test(arguments: symbols)
    func coverageSumsToTheSameAreaAtEveryAngle(symbol: String) throws {
        let (upright, rule) = try Self.polygons(symbol, degrees: 0)
        let area = Self.total(Self.covered(upright, rule: rule))
        if SymbolCatalog.entries[symbol]?.filled == true {
            let shoelace = upright.reduce(0) { $0 + ExactArea.shoelace($1.points) }
            #expect(abs(area - abs(shoelace)) <= 1e-3, "\(symbol): coverage \(area), shoelace \(shoelace)")
        }
        #expect(area > 50, "\(symbol) covers \(area) pixels")
        for degrees: Float in [45, 90, 135, 180, 270, -90, -45, 360, 450, 30, 89.99999] {
            let turned = Self.total(Self.covered(try Self.polygons(symbol, degrees: degrees).polygons, rule: rule))
            #expect(abs(turned - area) <= 1e-3, "\(symbol) turned \(degrees)°: coverage \(turned), upright \(area)")
        }
    }

    /// A square drawn with every kind of degenerate edge (a repeated point, a vertical, a horizontal and a collinear
    /// one, and a spike out and back along one line) covers exactly its pixels; a polygon with no area covers none.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func degenerateEdgesAddNoArea(rule: FillRule) throws {
        let square: [SIMD2<Double>] = [SIMD2(2, 2), SIMD2(2, 2), SIMD2(4, 2), SIMD2(6, 2), SIMD2(6, 6), SIMD2(6, 8),
                                       SIMD2(6, 6), SIMD2(4, 6), SIMD2(2, 6), SIMD2(2, 4)]
        let coverage = try #require(Self.covered([Polyline(points: square, closed: true)], rule: rule))
        for y in 0..<10 {
            for x in 0..<10 {
                let expected: Double = (2..<6).contains(x) && (2..<6).contains(y) ? 1 : 0
                #expect(abs(Self.value(coverage, x: x, y: y) - expected) <= 1e-6, "(\(x), \(y))")
            }
        }
        let flat = [Polyline(points: [SIMD2(1, 1), SIMD2(5, 5), SIMD2(9, 9), SIMD2(3, 3)], closed: true),
                    Polyline(points: [SIMD2(1, 3), SIMD2(9, 3), SIMD2(4, 3)], closed: true),
                    Polyline(points: [SIMD2(3, 1), SIMD2(3, 1), SIMD2(3, 1)], closed: true)]
        #expect(Self.total(Self.covered(flat, rule: rule)) <= 1e-6)
    }

    /// A polygon with a point that is not a number, infinite, or so far out that coordinates' differences overflow is
    /// left out whole; the others beside it are covered as they would be alone, and none of it traps or hangs.
    @Test func pointsThatAreNotNumbersLeaveTheirPolygonOut() throws {
        let square = Polyline(points: [SIMD2(2, 2), SIMD2(6, 2), SIMD2(6, 6), SIMD2(2, 6)], closed: true)
        let alone = try #require(Self.covered([square]))
        for bad in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude / 2] {
            let broken = Polyline(points: [SIMD2(1, 1), SIMD2(bad, 3), SIMD2(9, 9)], closed: true)
            let both = try #require(Self.covered([square, broken]))
            #expect(both.values == alone.values && both.origin == alone.origin, "beside a point at \(bad)")
            #expect(Self.covered([broken]) == nil, "a point at \(bad)")
        }
        // Far out but within the limit: covered, and every pixel of the grid is inside it.
        let huge = Polyline(points: [SIMD2(-1e300, -1e300), SIMD2(1e300, -1e300), SIMD2(0, 1e300)], closed: true)
        let coverage = try #require(Self.covered([huge], limit: SIMD2(8, 8)))
        #expect(coverage.width == 8 && coverage.height == 8 && coverage.values.allSatisfy { $0 == 1 })
    }
}
