import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// `Stroker` sums a subpath's pieces into contours that cover what the pieces covered (docs/paths.md, "How paths are
/// covered"). Each test strokes seeded random lines both ways — with `Stroker` and with `ReferenceStrokePieces`, one
/// polygon per segment, join and cap as before — covers both with `PathCoverage`, and requires the same region and the
/// same coverage in every pixel but for rounding; and a stroked line chart of 200,000 segments is drawn on both
/// executors and measured against the band it strokes.
struct StrokeOutlineTests {
    static let limit = SIMD2(160, 120)

    /// The largest difference between the coverage of `lines` stroked by `Stroker` and by the reference pieces.
    static func expectSameCoverage(_ lines: [Polyline], _ style: StrokeStyle, _ what: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let tolerance = 0.05
        let contours = Stroker(style: style, tolerance: tolerance).outline(of: lines)
        let pieces = ReferenceStrokePieces(style: style, tolerance: tolerance).outline(of: lines)
        let new = PathCoverage(polygons: contours, rule: .nonZero, limit: limit)
        let old = PathCoverage(polygons: pieces, rule: .nonZero, limit: limit)
        guard let new, let old else {
            #expect(new == nil && old == nil, "\(what): covered by only one", sourceLocation: sourceLocation)
            return
        }
        #expect(new.origin == old.origin && new.width == old.width && new.height == old.height,
                "\(what): region \(new.origin) \(new.width)×\(new.height), was \(old.origin) \(old.width)×\(old.height)",
                sourceLocation: sourceLocation)
        guard new.values.count == old.values.count else { return }
        let worst = zip(new.values, old.values).map { abs($0 - $1) }.max() ?? 0
        // Rounding (a millionth of a pixel), and where nearly straight runs of short segments were merged, each side
        // moved by at most the deviation across a pixel's diagonal: far below the 1/255 of an 8-bit channel at the
        // planner's tolerance, 0.005.
        let stroker = Stroker(style: style, tolerance: tolerance)
        let merged = lines.contains { stroker.mergingNearlyStraightRuns($0.points, closed: $0.closed).count < $0.points.count }
        let bound = 1e-6 + (merged ? 2 * 2.squareRoot() * stroker.mergeDeviation : 0)
        #expect(Double(worst) <= bound, "\(what): coverage differs by up to \(worst)", sourceLocation: sourceLocation)
    }

    /// Every cap, join and miter limit, with and without dashes, at widths from a fraction of a pixel to 6 pixels.
    static func styles(_ rng: inout SplitMix64) -> [StrokeStyle] {
        LineCap.allCases.flatMap { cap in
            LineJoin.allCases.map { join in
                StrokeStyle(lineWidth: Float.random(in: 0.3...6, using: &rng), lineCap: cap, lineJoin: join,
                            miterLimit: [1, 4, 10][Int.random(in: 0...2, using: &rng)])
            }
        }
    }

    static func dashedToo(_ lines: [Polyline], _ rng: inout SplitMix64) -> [(lines: [Polyline], dashed: Bool)] {
        let pattern = [Double.random(in: 0.5...12, using: &rng), Double.random(in: 0.2...6, using: &rng)]
        return [(lines, false), (lines.dashed(pattern, phase: Double.random(in: 0...5, using: &rng)), true)]
    }

    /// Random polylines, open and closed: few long segments with sharp turns and reversals, and random walks of
    /// steps from a thousandth of a pixel to ten pixels (which turn at every vertex and cross themselves).
    @Test func randomLinesAreCoveredAsThePiecesCoveredThem() {
        var rng = SplitMix64(seed: 37_5)
        for trial in 0..<12 {
            let step = [0.001, 0.05, 0.5, 3, 10][trial % 5]
            var p = SIMD2(Double.random(in: 30...130, using: &rng), Double.random(in: 30...90, using: &rng))
            let count = trial % 3 == 0 ? Int.random(in: 2...6, using: &rng) : Int.random(in: 20...150, using: &rng)
            let points = (0..<count).map { _ in
                p += SIMD2(Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng)) * (trial % 3 == 0 ? 40 : step)
                return p
            }
            let line = Polyline(points: points, closed: trial % 2 == 1)
            for style in Self.styles(&rng) {
                for (lines, dashed) in Self.dashedToo([line], &rng) {
                    Self.expectSameCoverage(lines, style, "trial \(trial), step \(step), \(style.lineCap) \(style.lineJoin) width \(style.lineWidth)\(dashed ? " dashed" : "")")
                }
            }
        }
    }

    /// Smooth curves cut into short segments as flattening cuts them — circles and arcs whose radius is below, near
    /// and above the half width, and line charts whose points are rounded to a thousandth (a turn at every vertex).
    @Test func flattenedCurvesAndChartsAreCoveredAsThePiecesCoveredThem() {
        var rng = SplitMix64(seed: 37_55)
        for trial in 0..<6 {
            let center = SIMD2(Double.random(in: 40...120, using: &rng), Double.random(in: 40...80, using: &rng))
            let radius = [0.4, 2, 5, 12, 35][trial % 5]
            let count = Int.random(in: 8...300, using: &rng)
            let sweep = trial % 2 == 0 ? 2 * Double.pi : Double.random(in: 0.5...5, using: &rng)
            let arc = (0..<count).map { i in
                let t = sweep * Double(i) / Double(count)
                return center + radius * SIMD2(cos(t), sin(t))
            }
            let chart = (0...count).map { i in
                let x = 10 + 140 * Double(i) / Double(count)
                let y = 60 + 30 * sin(x / 9) + 8 * sin(x / 1.3)
                return (SIMD2(x, y) * 1000).rounded(.toNearestOrEven) / 1000
            }
            for style in Self.styles(&rng) {
                for (lines, dashed) in Self.dashedToo([Polyline(points: arc, closed: sweep == 2 * Double.pi), Polyline(points: chart, closed: false)], &rng) {
                    Self.expectSameCoverage(lines, style, "trial \(trial), radius \(radius), \(count) segments, \(style.lineCap) \(style.lineJoin) width \(style.lineWidth)\(dashed ? " dashed" : "")")
                }
            }
        }
    }

    /// A smooth curve stroked with miter or bevel joins is one contour of about one point a vertex on each side, not
    /// a polygon per segment and join: what makes covering a long stroke cost about what filling its outline does.
    @Test(arguments: [LineJoin.miter, .bevel])
    func aSmoothStrokeIsOnePointAVertexASide(join: LineJoin) {
        let segments = 20_000
        let wave = (0...segments).map { i in
            let x = 4 + 150 * Double(i) / Double(segments)
            return SIMD2(x, 60 + 40 * sin(x / 20))
        }
        let contours = Stroker(style: StrokeStyle(lineWidth: 3, lineJoin: join), tolerance: 0.05).outline(of: [Polyline(points: wave, closed: false)])
        #expect(contours.count == 1)
        let points = contours.reduce(0) { $0 + $1.points.count }
        // Bevels go straight from corner to corner on the outer side: two points there. A few vertices may turn too
        // little to be joined at all (under 1e-12), where the outer side detours in to the vertex.
        let expected = (join == .miter ? 2 : 3) * segments + 16
        #expect(points <= expected, "\(points) points for \(segments) segments")
    }

    /// A line chart of 200,000 segments across a 1,600-pixel canvas (a sine), stroked 3 wide with miter joins: every
    /// pixel wholly inside the band within 1.5 of the curve is covered, every pixel wholly outside it is empty, and the
    /// coverage sums to the band's area, 3 per unit of the curve's length. Covering is the planner's, the same for
    /// every executor: Vulkan draws the layer of a 20,000-segment chart, so that the suite covers 200,000 once.
    @Test(arguments: [(Backend.cpu, 200_000), (.vulkan, 20_000)])
    func aLongStrokeCoversItsBand(backend: Backend, n: Int) throws {
        let halfWidth = 1.5, width = 1600, height = 100
        func f(_ x: Double) -> Double { 50 + 30 * sin(x / 40) }
        func slope(_ x: Double) -> Double { 0.75 * cos(x / 40) }
        let start = 20.0, end = 1580.0
        var path = Path()
        var length = 0.0, last = SIMD2<Double>.zero
        for i in 0...n {
            let p = Point(Float(start + (end - start) * Double(i) / Double(n)), Float(f(start + (end - start) * Double(i) / Double(n))))
            let q = SIMD2(Double(p.x), Double(p.y))
            if i == 0 { path.move(to: p) } else {
                path.addLine(to: p)
                length += distance(last, q)
            }
            last = q
        }
        let style = StrokeStyle(lineWidth: Float(2 * halfWidth), lineJoin: .miter)
        let pixels = try backend.makeContext().render(path.stroke(Color.white, style: style), size: Size(width: Float(width), height: Float(height))).pixels
        var covered = 0.0, partial = 0, wrongInside = 0, wrongOutside = 0
        for y in 0..<height {
            for x in 0..<width {
                let alpha = Double(pixels[x, y].w)
                covered += alpha
                if alpha > 0, alpha < 1 { partial += 1 }
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                // The distance to the curve, to first order (the curvature, under 0.02, moves it by under 0.05 here);
                // a pixel's corners lie within √½ of its centre.
                let d = abs(cy - f(cx)) / (1 + slope(cx) * slope(cx)).squareRoot()
                let awayFromTheEnds = cx > start + halfWidth + 1 && cx < end - halfWidth - 1
                if awayFromTheEnds, d <= halfWidth - 0.71 - 0.05, alpha != 1 { wrongInside += 1 }
                if d >= halfWidth + 0.71 + 0.05 || cx < start - halfWidth - 1 || cx > end + halfWidth + 1, alpha != 0 { wrongOutside += 1 }
            }
        }
        #expect(wrongInside == 0 && wrongOutside == 0, "\(wrongInside) pixels inside the band not covered, \(wrongOutside) outside covered")
        let area = 2 * halfWidth * length
        #expect(abs(covered - area) <= Double(partial) * 0.5 / 255 + 0.5, "covered \(covered), area \(area), \(partial) edge pixels")
    }

    /// A ring of `count` points on a circle, rounded to `Float` as a `Path` keeps them.
    static func roundedRing(center: SIMD2<Double>, radius: Double, count: Int) -> Polyline {
        Polyline(points: (0..<count).map { i in
            let t = 2 * Double.pi * Double(i) / Double(count)
            return SIMD2(Double(Float(center.x + radius * cos(t))), Double(Float(center.y + radius * sin(t))))
        }, closed: true)
    }

    /// Segments far shorter than the half width whose points are rounded to `Float` turn at every vertex by more than
    /// their length over the half width; merged into runs (`mergingNearlyStraightRuns`), the stroke is few points, and
    /// it covers what the pieces of every segment cover to within the deviation allowed: an arc of radius 40 cut into
    /// 400 segments a five-hundredth of a pixel long, stroked 6 wide with every cap and the joins it merges (miter,
    /// bevel), at the planner's tolerance.
    @Test func anArcOfTinyRoundedSegmentsIsMergedAndCoveredAsThePiecesCoveredIt() throws {
        let tolerance = 0.005, count = 400, center = SIMD2(40.0, 100.0), radius = 40.0
        let arc = Polyline(points: (0...count).map { i in
            let t = -Double.pi / 2 + 0.002 / radius * Double(i)
            return SIMD2(Double(Float(center.x + radius * cos(t))), Double(Float(center.y + radius * sin(t))))
        }, closed: false)
        for cap in LineCap.allCases {
            for join in [LineJoin.miter, .bevel] {
                let style = StrokeStyle(lineWidth: 6, lineCap: cap, lineJoin: join)
                let stroker = Stroker(style: style, tolerance: tolerance)
                let contours = stroker.outline(of: [arc])
                // Unmerged, the contour has at least two points a segment; merged (but for the segments within 0.06
                // of either end), at most one.
                let points = contours[0].points.count
                #expect(points <= count, "\(cap) \(join): \(points) points, not merged")
                let new = try #require(PathCoverage(polygons: contours, rule: .nonZero, limit: Self.limit))
                let old = try #require(PathCoverage(polygons: ReferenceStrokePieces(style: style, tolerance: tolerance).outline(of: [arc]),
                                                    rule: .nonZero, limit: Self.limit))
                #expect(new.origin == old.origin && new.width == old.width && new.height == old.height, "\(cap) \(join)")
                guard new.values.count == old.values.count else { continue }
                let worst = zip(new.values, old.values).map { abs($0 - $1) }.max() ?? 0
                // Each side moves by at most the deviation, across a pixel's diagonal at most.
                #expect(Double(worst) <= 2 * 2.squareRoot() * stroker.mergeDeviation, "\(cap) \(join): coverage differs by up to \(worst)")
            }
        }
    }

    /// The same at 200,000 segments on a ring 40 pixels across, stroked 6 wide (before the merging, over 40 s of
    /// covering in a release build): the band between radii 37 and 43 is covered, nothing outside it, and the
    /// coverage sums to its area.
    @Test func aLongRoundedRingCoversItsBand() throws {
        let center = SIMD2(50.0, 50.0), radius = 40.0, halfWidth = 3.0
        let ring = Self.roundedRing(center: center, radius: radius, count: 200_000)
        let contours = Stroker(style: StrokeStyle(lineWidth: Float(2 * halfWidth)), tolerance: 0.005).outline(of: [ring])
        #expect(contours.reduce(0) { $0 + $1.points.count } <= 2 * (2 + 200_000 / 8))
        let coverage = try #require(PathCoverage(polygons: contours, rule: .nonZero, limit: SIMD2(100, 100)))
        var covered = 0.0, partial = 0, wrongInside = 0, wrongOutside = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let value = x >= coverage.origin.x && x < coverage.origin.x + coverage.width &&
                    y >= coverage.origin.y && y < coverage.origin.y + coverage.height ? Double(coverage[x, y]) : 0
                covered += value
                if value > 0, value < 1 { partial += 1 }
                // A pixel's corners lie within √½ of its centre; the polygon of the circle within 0.001 of it.
                let d = abs(distance(SIMD2(Double(x) + 0.5, Double(y) + 0.5), center) - radius)
                if d <= halfWidth - 0.71 - 0.001, value != 1 { wrongInside += 1 }
                if d >= halfWidth + 0.71 + 0.001, value != 0 { wrongOutside += 1 }
            }
        }
        #expect(wrongInside == 0 && wrongOutside == 0, "\(wrongInside) pixels inside the band not covered, \(wrongOutside) outside covered")
        let area = Double.pi * ((radius + halfWidth) * (radius + halfWidth) - (radius - halfWidth) * (radius - halfWidth))
        #expect(abs(covered - area) <= 0.01, "covered \(covered), area \(area), \(partial) edge pixels")
    }
}
