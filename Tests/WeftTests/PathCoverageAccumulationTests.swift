import Foundation
import Testing
@testable import Weft
@testable import WeftPlanner
import WeftTestSupport
@testable import WeftViews

/// A path whose exact covering would cost more than `PathCoverage.exactWorkBudget` is covered by cells instead
/// (docs/paths.md, "How paths are covered"). Each test covers seeded random polygons both ways — the exact covering
/// with no budget, the covering by cells with none left — and measures the pixels against what the rule predicts: the
/// same area wherever the outline passes through a pixel once, the sum of overlapping pieces' areas under the rule where
/// they overlap; and a path is covered exactly under the budget, to the bits of `ReferencePathCoverage`, by cells over it.
struct PathCoverageAccumulationTests {
    static let limit = SIMD2(160, 120)

    static func exact(_ polygons: [Polyline], _ rule: FillRule) -> PathCoverage? {
        PathCoverage(polygons: polygons, rule: rule, limit: limit, budget: .max)
    }

    /// Covered by cells: no budget, so not even the estimate of the exact covering's work fits.
    static func accumulated(_ polygons: [Polyline], _ rule: FillRule) -> PathCoverage? {
        PathCoverage(polygons: polygons, rule: rule, limit: limit, budget: -1)
    }

    /// A polygon that does not cross itself: `count` (at least 4) points around `center` at increasing angles, less
    /// than a half turn apart, each between half `radius` and `radius` from it (its edges at least a quarter `radius`),
    /// wound either way.
    static func starShaped(_ rng: inout SplitMix64, center: SIMD2<Double>, radius: Double, count: Int, reversed: Bool) -> Polyline {
        let points = (0..<count).map { i in
            let angle = 2 * Double.pi * (Double(i) + 0.9 * Double.random(in: 0..<1, using: &rng)) / Double(count)
            return center + radius * Double.random(in: 0.5...1, using: &rng) * SIMD2(cos(angle), sin(angle))
        }
        return Polyline(points: reversed ? points.reversed() : points, closed: true)
    }

    static func shoelace(_ polygon: Polyline) -> Double {
        let p = polygon.points
        return p.indices.reduce(0) { sum, i in
            let a = p[i], b = p[(i + 1) % p.count]
            return sum + (a.x * b.y - b.x * a.y) / 2
        }
    }

    /// Star-shaped polygons with a hole wound the other way, from a pixel across to larger than the grid, some
    /// reaching past its sides: covered by cells, every pixel holds the exact area (to rounding), and where the polygon
    /// lies inside the grid the coverage sums to its area.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func polygonsThatDoNotCrossThemselvesAreCoveredExactly(rule: FillRule) {
        var rng = SplitMix64(seed: rule == .nonZero ? 3701 : 3702)
        var inside = 0
        for trial in 0..<120 {
            let radius = [Double.random(in: 0.3...3, using: &rng), .random(in: 3...30, using: &rng),
                          .random(in: 30...70, using: &rng), .random(in: 70...300, using: &rng)][trial % 4]
            let center = SIMD2(Double.random(in: -10...170, using: &rng), Double.random(in: -10...130, using: &rng))
            let reversed = Bool.random(using: &rng)
            let outer = Self.starShaped(&rng, center: center, radius: radius, count: Int.random(in: 12...80, using: &rng), reversed: reversed)
            let hole = Self.starShaped(&rng, center: center, radius: 0.25 * radius, count: Int.random(in: 4...20, using: &rng),
                                       reversed: !reversed)
            let polygons = trial % 3 == 0 ? [outer] : [outer, hole]
            // A polygon that reaches no pixel of the grid is covered by neither.
            guard let exact = Self.exact(polygons, rule), let cells = Self.accumulated(polygons, rule) else {
                #expect(Self.exact(polygons, rule) == nil && Self.accumulated(polygons, rule) == nil, "trial \(trial)")
                continue
            }
            #expect(exact.method == .exact && cells.method == .accumulated)
            #expect(cells.origin == exact.origin && cells.width == exact.width && cells.height == exact.height)
            let worst = zip(cells.values, exact.values).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= 1e-5, "trial \(trial), radius \(radius): differs by up to \(worst)")
            let lo = outer.points.reduce(SIMD2(repeating: Double.infinity)) { pointwiseMin($0, $1) }
            let hi = outer.points.reduce(SIMD2(repeating: -Double.infinity)) { pointwiseMax($0, $1) }
            if lo.x >= 0, lo.y >= 0, hi.x <= Double(Self.limit.x), hi.y <= Double(Self.limit.y) {
                inside += 1
                let area = abs(Self.shoelace(outer)) - (polygons.count > 1 ? abs(Self.shoelace(hole)) : 0)
                let covered = cells.values.reduce(0) { $0 + Double($1) }
                #expect(abs(covered - area) <= 1e-4 + 1e-7 * Double(cells.values.count),
                        "trial \(trial): covered \(covered), area \(area)")
            }
        }
        #expect(inside >= 20)
    }

    /// Overlapping pieces wound alike, as a stroke's are: covered by cells, a pixel holds the pieces' areas summed, under
    /// the rule (non-zero: at most 1; even-odd: the distance to the nearest even number), so it is covered at least as
    /// the union is and at most by the overlap more (even-odd: within twice the overlap of the exact coverage), in
    /// every pixel and so in every row.
    @Test func overlappingPiecesAreCoveredByTheirAreasSummed() throws {
        var rng = SplitMix64(seed: 3703)
        var differing = 0
        for trial in 0..<40 {
            let center = SIMD2(Double.random(in: 30...130, using: &rng), Double.random(in: 30...90, using: &rng))
            let pieces = (0..<Int.random(in: 2...5, using: &rng)).map { _ in
                Self.starShaped(&rng, center: center + SIMD2(Double.random(in: -15...15, using: &rng), Double.random(in: -15...15, using: &rng)),
                                radius: Double.random(in: 2...30, using: &rng), count: Int.random(in: 4...24, using: &rng), reversed: false)
            }
            let union = try #require(Self.exact(pieces, .nonZero))
            let evenOdd = try #require(Self.exact(pieces, .evenOdd))
            let cells = try #require(Self.accumulated(pieces, .nonZero))
            let cellsEvenOdd = try #require(Self.accumulated(pieces, .evenOdd))
            let each = pieces.map { Self.exact([$0], .nonZero) }
            #expect(cells.origin == union.origin && cells.width == union.width && cells.height == union.height)
            for y in union.origin.y..<(union.origin.y + union.height) {
                var rowExcess = 0.0, rowOverlap = 0.0, rowEvenOdd = 0.0
                for x in union.origin.x..<(union.origin.x + union.width) {
                    let sum = each.reduce(0.0) { sum, piece in
                        guard let piece, x >= piece.origin.x, x < piece.origin.x + piece.width,
                              y >= piece.origin.y, y < piece.origin.y + piece.height else { return sum }
                        return sum + Double(piece[x, y])
                    }
                    let value = Double(cells[x, y]), exact = Double(union[x, y])
                    #expect(abs(value - min(sum, 1)) <= 1e-5, "trial \(trial) (\(x), \(y)): \(value), pieces sum to \(sum)")
                    #expect(abs(Double(cellsEvenOdd[x, y]) - abs(sum - 2 * (sum / 2).rounded())) <= 1e-5,
                            "trial \(trial) (\(x), \(y)) even-odd: \(cellsEvenOdd[x, y]), pieces sum to \(sum)")
                    if abs(value - exact) > 1e-5 { differing += 1 }
                    rowExcess += value - exact
                    rowOverlap += sum - exact
                    rowEvenOdd += abs(Double(cellsEvenOdd[x, y]) - Double(evenOdd[x, y]))
                    #expect(value >= exact - 1e-5)
                }
                #expect(rowExcess <= rowOverlap + 1e-4 && rowEvenOdd <= 2 * rowOverlap + 1e-4,
                        "trial \(trial) row \(y): \(rowExcess) and \(rowEvenOdd) over the exact coverage, overlap \(rowOverlap)")
            }
        }
        // The pieces' edges cross in pixels that they do not fill: there the covering by cells is not exact.
        #expect(differing > 0)
    }

    /// Whether the segment from `a` to `b` meets the pixel at `(x, y)` (its closed square).
    static func meets(_ a: SIMD2<Double>, _ b: SIMD2<Double>, x: Int, y: Int) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for axis in 0..<2 {
            let lo = Double(axis == 0 ? x : y), hi = lo + 1
            if abs(d[axis]) < 1e-300 {
                if a[axis] < lo || a[axis] > hi { return false }
                continue
            }
            var u = (lo - a[axis]) / d[axis], v = (hi - a[axis]) / d[axis]
            if u > v { swap(&u, &v) }
            t0 = max(t0, u)
            t1 = min(t1, v)
        }
        return t0 <= t1
    }

    /// Random polygons, crossing themselves and each other: covered by cells, every pixel that the outline passes
    /// through at most once — no edge, one edge, or two consecutive edges of one polygon meet it — holds the exact
    /// area to rounding; only pixels where it passes twice or more differ.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func crossingPolygonsAreExactWhereTheOutlinePassesOnce(rule: FillRule) throws {
        var rng = SplitMix64(seed: rule == .nonZero ? 3704 : 3705)
        var once = 0, more = 0, differing = 0
        for trial in 0..<30 {
            let center = SIMD2(Double.random(in: 20...140, using: &rng), Double.random(in: 20...100, using: &rng))
            let scale = Double.random(in: 4...120, using: &rng)
            let polygons = (0..<Int.random(in: 1...2, using: &rng)).map { _ in
                Polyline(points: (0..<Int.random(in: 4...16, using: &rng)).map { _ in
                    PathCoverageIdentityTests.point(&rng, center: center, scale: scale, step: 0)
                }, closed: true)
            }
            let exact = try #require(Self.exact(polygons, rule))
            let cells = try #require(Self.accumulated(polygons, rule))
            for y in exact.origin.y..<(exact.origin.y + exact.height) {
                for x in exact.origin.x..<(exact.origin.x + exact.width) {
                    var met: [(polygon: Int, edge: Int)] = []
                    for (p, polygon) in polygons.enumerated() {
                        let points = polygon.points
                        for i in points.indices where Self.meets(points[i], points[(i + 1) % points.count], x: x, y: y) {
                            met.append((p, i))
                        }
                    }
                    let n = met.isEmpty ? 0 : polygons[met[0].polygon].points.count
                    let passesOnce = met.count <= 1 || (met.count == 2 && met[0].polygon == met[1].polygon
                        && ((met[1].edge - met[0].edge) == 1 || (met[0].edge == 0 && met[1].edge == n - 1)))
                    let difference = abs(cells[x, y] - exact[x, y])
                    if difference > 1e-5 { differing += 1 }
                    if passesOnce {
                        once += 1
                        #expect(difference <= 1e-5, "trial \(trial) (\(x), \(y)): \(cells[x, y]), exactly \(exact[x, y])")
                    } else {
                        more += 1
                    }
                }
            }
        }
        #expect(once > 10_000 && more > 100 && differing > 0, "\(once) pixels passed once, \(more) more, \(differing) differing")
    }

    /// A closed random walk of 4,000 segments across the grid (the identity test's): its exact covering costs far less
    /// than the budget, so it is covered exactly, to the bits of the reference; with a budget below its cost, by cells.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func aPathUnderTheBudgetIsCoveredExactlyAndOneOverItByCells(rule: FillRule) throws {
        var rng = SplitMix64(seed: 200_000)
        var y = 60.0
        let points = (0..<4000).map { i in
            y = min(max(y + Double.random(in: -6...6, using: &rng), 2), 118)
            return SIMD2(2 + 156 * Double(i) / 3999, y)
        }
        let polygons = [Polyline(points: points, closed: true)]
        let covered = try #require(PathCoverage(polygons: polygons, rule: rule, limit: Self.limit))
        #expect(covered.method == .exact)
        PathCoverageIdentityTests.expectIdentical(polygons, rule: rule, "random walk under the budget")
        let over = try #require(PathCoverage(polygons: polygons, rule: rule, limit: Self.limit, budget: 10_000))
        #expect(over.method == .accumulated)
        #expect(over.values == Self.accumulated(polygons, rule)?.values)
    }

    /// A zigzag between the top and the bottom of one pixel row, at random places along it: its edges end on the row's
    /// edges, so the row is one piece, in which every edge crosses most others. Estimated at its edges alone, covered
    /// exactly it costs far more; counted as it goes, the covering gives up in the middle of the row at the budget, and
    /// the zigzag is covered by cells.
    @Test func crossingsPastTheBudgetAreFoundAsTheCoveringGoes() throws {
        var rng = SplitMix64(seed: 3708)
        let points = (0..<400).map { i in SIMD2(Double.random(in: 1...159, using: &rng), Double(10 + i % 2)) }
        let zigzag = [Polyline(points: points, closed: true)]
        let estimate = PathCoverage.exactWorkEstimate(PathCoverage.edges(of: zigzag), region: (.zero, Self.limit))
        let exact = try #require(Self.exact(zigzag, .evenOdd))
        let budget = exact.exactWork / 2
        #expect(exact.method == .exact && estimate == 400 && Double(budget) > 10 * estimate)
        let covered = try #require(PathCoverage(polygons: zigzag, rule: .evenOdd, limit: Self.limit, budget: budget))
        #expect(covered.method == .accumulated && covered.exactWork > budget && covered.exactWork < exact.exactWork)
        #expect(covered.values == Self.accumulated(zigzag, .evenOdd)?.values)
    }

    /// An outline that crosses itself everywhere in its first rows and runs smoothly below: once a sixteenth of its
    /// estimated work is through, the work counted so far, scaled to the whole estimate, is past a budget that the
    /// whole covering would not pass, and the covering gives up there, covered by cells, early.
    @Test func aCoveringCostlierThanEstimatedIsFoundEarly() throws {
        var rng = SplitMix64(seed: 3707)
        let tangle = (0..<1500).map { i in SIMD2(2 + 156 * Double(i) / 1499, Double.random(in: 1...9, using: &rng)) }
        let smooth = (0..<6000).map { i in
            let x = 158 - 156 * Double(i) / 5999
            return SIMD2(x, 64 + 50 * sin(x / 9))
        }
        let polygons = [Polyline(points: tangle + smooth, closed: true)]
        let exact = try #require(Self.exact(polygons, .nonZero))
        let budget = exact.exactWork
        let covered = try #require(PathCoverage(polygons: polygons, rule: .nonZero, limit: Self.limit, budget: budget))
        #expect(PathCoverage.exactWorkEstimate(PathCoverage.edges(of: polygons), region: (.zero, Self.limit)) < Double(budget))
        #expect(covered.method == .accumulated && covered.exactWork < budget / 2,
                "covered \(covered.method), \(covered.exactWork) of \(budget)")
    }

    /// The visits that the exact covering makes in a row's pieces, counted: each piece, between two of the row's edge
    /// ends, visits the edges across it.
    static func piecesWork(_ edges: [PathCoverage.Edge], rows: Range<Int>) -> Double {
        var work = 0.0
        for r in rows {
            let top = Double(r), bottom = top + 1
            let ends = Set(edges.flatMap { [$0.top.y, $0.bottom.y] }.filter { $0 > top && $0 < bottom })
            for edge in edges where edge.bottom.y > top && edge.top.y < bottom {
                work += Double(1 + ends.filter { $0 > edge.top.y && $0 < edge.bottom.y }.count)
            }
        }
        return work
    }

    /// The estimate of the exact covering's work, made before it starts from the rows' edge ends and heights, is about
    /// the work its pieces take (within a fifth), on long random walks across the grid and on random polygons.
    @Test func theEstimateIsAboutThePiecesWork() {
        var rng = SplitMix64(seed: 3706)
        for trial in 0..<6 {
            var y = 60.0
            let count = [800, 3000][trial % 2]
            let walk = (0..<count).map { i in
                y = min(max(y + Double.random(in: -6...6, using: &rng), 2), 118)
                return SIMD2(2 + 156 * Double(i) / Double(count - 1), y)
            }
            let scattered = (0..<400).map { _ in PathCoverageIdentityTests.point(&rng, center: SIMD2(80, 60), scale: 100, step: 0) }
            let polygons = [Polyline(points: trial < 4 ? walk : scattered, closed: true)]
            let edges = PathCoverage.edges(of: polygons)
            let counted = Self.piecesWork(edges, rows: 0..<120)
            let estimate = PathCoverage.exactWorkEstimate(edges, region: (.zero, Self.limit))
            #expect(counted > 10_000 && abs(estimate / counted - 1) <= 0.2, "trial \(trial): estimated \(estimate), counted \(counted)")
        }
    }

    /// A noise chart of 200,000 segments (Benchmarks/long-path-scenes.sh's `noise-stroke`), stroked 1 point wide: its
    /// outline crosses itself hundreds of times a row, past the budget, so planning covers it by cells.
    @Test func aStrokedNoiseChartOf200000SegmentsIsPlannedByCells() throws {
        var rng = SplitMix64(seed: 7)
        var path = Path()
        var y: Float = 400
        for i in 0...200_000 {
            y = min(max(y + Float.random(in: -3...3, using: &rng), 50), 750)
            let point = Point(20 + 1560 * Float(i) / 200_000, y)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        // Estimated past the budget, it is covered by cells without a start at the exact covering.
        let shape = PathShape(outline: .fixed(path), stroke: StrokeStyle(lineWidth: 1))
        let (polygons, _) = shape.polygons(size: SIMD2(1600, 800), through: .identity, tolerance: Lowering.pathTolerance)
        let region = try #require(PathCoverage.region(of: polygons, within: .zero, SIMD2(1600, 800)))
        #expect(PathCoverage.exactWorkEstimate(PathCoverage.edges(of: polygons), region: region) > Double(PathCoverage.exactWorkBudget))
        let context = RenderContext(executor: PlanOnlyExecutor())
        _ = try context.plan(path.stroke(Color.blue, lineWidth: 1), size: Size(width: 1600, height: 800))
        #expect(context.planner.pathCoverage.coveredCount == 1 && context.planner.pathCoverage.accumulatedCount == 1)
    }
}
