import Foundation
import Testing
@testable import WeftPlanner
import WeftTestSupport
@testable import WeftViews

/// `PathCoverage` covers without allocating or sorting afresh per row and piece; its result must not change by one bit
/// (coverage is uploaded, and every example renders as it did). Each test covers seeded random polygons with it and with
/// `ReferencePathCoverage`, the covering as it was, and requires the same region and the same bits in every pixel.
struct PathCoverageIdentityTests {
    static let limit = SIMD2(160, 120)

    /// The same region and the same bits in every value, or both nothing.
    static func expectIdentical(_ polygons: [Polyline], rule: FillRule, limit: SIMD2<Int> = limit, _ what: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let new = PathCoverage(polygons: polygons, rule: rule, limit: limit)
        let old = ReferencePathCoverage(polygons: polygons, rule: rule, limit: limit)
        guard let new, let old else {
            #expect(new == nil && old == nil, "\(what): covered by only one", sourceLocation: sourceLocation)
            return
        }
        #expect(new.origin == old.origin && new.width == old.width && new.height == old.height,
                "\(what): region \(new.origin) \(new.width)×\(new.height), was \(old.origin) \(old.width)×\(old.height)",
                sourceLocation: sourceLocation)
        let differing = zip(new.values, old.values).filter { $0.bitPattern != $1.bitPattern }.count
        #expect(differing == 0 && new.values.count == old.values.count,
                "\(what): \(differing) of \(old.values.count) values differ", sourceLocation: sourceLocation)
    }

    /// A point `scale` pixels across around `center`, on a grid of `step` when `step` > 0 (so that vertices fall on
    /// pixel rows and columns, edges are horizontal, repeated or collinear, and edges coincide).
    static func point(_ rng: inout SplitMix64, center: SIMD2<Double>, scale: Double, step: Double) -> SIMD2<Double> {
        var p = center + scale * SIMD2(Double.random(in: -0.5...0.5, using: &rng), Double.random(in: -0.5...0.5, using: &rng))
        if step > 0 { p = (p / step).rounded(.toNearestOrEven) * step }
        return p
    }

    static let sizes: [(name: String, scale: ClosedRange<Double>)] =
        [("tiny", 0.001...1), ("small", 1...12), ("screen", 12...80), ("large", 80...600)]

    /// Polygons of random vertices, which cross themselves and each other: tiny (inside one pixel) to larger than the
    /// grid (reaching past every side of it), at fractional positions or on grids of whole, half and quarter pixels.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomPolygonsAreCoveredAsBefore(rule: FillRule) {
        var rng = SplitMix64(seed: rule == .nonZero ? 37 : 73)
        for size in Self.sizes {
            for trial in 0..<60 {
                let scale = Double.random(in: size.scale, using: &rng)
                let step = [0, 0, 1, 0.5, 0.25][trial % 5]
                let center = SIMD2(Double.random(in: -10...170, using: &rng), Double.random(in: -10...130, using: &rng))
                let polygons = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    Polyline(points: (0..<Int.random(in: 3...(size.name == "large" ? 60 : 24), using: &rng)).map { _ in
                        Self.point(&rng, center: center, scale: scale, step: step)
                    }, closed: true)
                }
                Self.expectIdentical(polygons, rule: rule, "\(size.name) trial \(trial), step \(step)")
            }
        }
    }

    /// A long outline across the whole grid that crosses itself everywhere (a closed random walk of 4,000 segments, as
    /// a noisy line chart's outline is), so that rows hold hundreds of edges and pieces many crossings.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func aLongSelfCrossingOutlineIsCoveredAsBefore(rule: FillRule) {
        var rng = SplitMix64(seed: 200_000)
        var y = 60.0
        let points = (0..<4000).map { i in
            y = min(max(y + Double.random(in: -6...6, using: &rng), 2), 118)
            return SIMD2(2 + 156 * Double(i) / 3999, y)
        }
        Self.expectIdentical([Polyline(points: points, closed: true)], rule: rule, "random walk")
    }

    /// Coinciding edges: a polygon drawn twice, once reversed (edges equal where they enter and leave a piece, with
    /// opposite windings, so their order decides in which order their areas are added), and stars sharing their points.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func coincidingEdgesAreCoveredAsBefore(rule: FillRule) {
        var rng = SplitMix64(seed: 3737)
        for trial in 0..<80 {
            let center = SIMD2(Double.random(in: 20...140, using: &rng), Double.random(in: 20...100, using: &rng))
            let scale = Double.random(in: 0.5...40, using: &rng)
            let step = [0, 1, 0.5][trial % 3]
            let points = (0..<Int.random(in: 3...16, using: &rng)).map { _ in Self.point(&rng, center: center, scale: scale, step: step) }
            var polygons = [Polyline(points: points, closed: true), Polyline(points: points.reversed(), closed: true)]
            if trial % 2 == 0 { polygons.append(Polyline(points: points, closed: true)) }
            if trial % 4 == 1 { polygons.append(Polyline(points: Array(points.dropFirst()) + [points[0]], closed: true)) }
            Self.expectIdentical(polygons, rule: rule, "trial \(trial), step \(step)")
        }
    }

    /// A random affine map: turned, scaled unevenly, sheared, and moved by a fraction of a pixel.
    static func affine(_ rng: inout SplitMix64, scale: ClosedRange<Float>) -> Affine {
        let turn = Affine.rotation(Float.random(in: -Float.pi...Float.pi, using: &rng))
        let scaling = Affine.scaling(SIMD2(Float.random(in: scale, using: &rng), Float.random(in: scale, using: &rng)))
        let move = Affine.translation(SIMD2(Float.random(in: 0...150, using: &rng), Float.random(in: 0...110, using: &rng)))
        return move * turn * scaling
    }

    /// Paths of random curves, ellipses and rounded rectangles, flattened through random maps, filled by either rule
    /// and stroked with every join and cap, dashed or not.
    @Test func flattenedCurvesFilledAndStrokedAreCoveredAsBefore() {
        var rng = SplitMix64(seed: 4137)
        func randomPoint() -> Point { Point(Float.random(in: 0...40, using: &rng), Float.random(in: 0...40, using: &rng)) }
        for trial in 0..<72 {
            var path = Path()
            switch trial % 3 {
            case 0:
                path.move(to: randomPoint())
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    if Bool.random(using: &rng) {
                        path.addCurve(to: randomPoint(), control1: randomPoint(), control2: randomPoint())
                    } else {
                        path.addQuadCurve(to: randomPoint(), control: randomPoint())
                    }
                }
                path.closeSubpath()
            case 1:
                path.addEllipse(in: Rect(x: 0, y: 0, width: Float.random(in: 0.5...40, using: &rng), height: Float.random(in: 0.5...40, using: &rng)))
                path.addEllipse(in: Rect(x: 5, y: 3, width: 20, height: 12))
            default:
                path.addRoundedRect(in: Rect(x: 0, y: 0, width: Float.random(in: 1...40, using: &rng), height: Float.random(in: 1...12, using: &rng)),
                                    cornerRadius: Float.random(in: 0...6, using: &rng))
            }
            let stroke: StrokeStyle? = trial % 2 == 0 ? nil
                : StrokeStyle(lineWidth: Float.random(in: 0.2...6, using: &rng), lineCap: LineCap.allCases[trial % 3],
                              lineJoin: LineJoin.allCases[(trial / 3) % 3], dash: trial % 5 == 1 ? [3, 1.5] : [])
            let rule: FillRule = trial % 4 < 2 ? .nonZero : .evenOdd
            let shape = PathShape(outline: .fixed(path), rule: rule, stroke: stroke)
            let toPixels = Self.affine(&rng, scale: [0.05...0.5, 0.5...3, 3...8][trial % 3])
            let tolerance = trial % 7 == 0 ? Lowering.pathTolerance : 0.25
            let (polygons, covered) = shape.polygons(size: SIMD2(40, 40), through: toPixels, tolerance: tolerance)
            Self.expectIdentical(polygons, rule: covered, "trial \(trial), \(stroke == nil ? "filled" : "stroked") \(rule)")
        }
    }

    /// The 1,000-view screen's symbols (`star.fill`, `heart`, `bell`, `house`) and the rest of the catalog, at 12 points
    /// and larger, stroked as fonts' weights stroke them, at fractional positions and turned, flattened as lowering
    /// flattens them.
    @Test func symbolsAreCoveredAsBefore() throws {
        var rng = SplitMix64(seed: 1000)
        let names = ["star.fill", "heart", "bell", "house"] + SymbolCatalog.entries.keys.sorted()
        for (index, name) in names.enumerated() {
            let entry = try #require(SymbolCatalog.entries[name])
            let outline = try Path(svgData: entry.data)
            let weight: Font.Weight = [.regular, .semibold, .bold][index % 3]
            let stroke = entry.filled ? nil
                : StrokeStyle(lineWidth: Symbol.strokeWidth(for: weight), lineCap: .round, lineJoin: .round)
            let shape = PathShape(outline: .fixed(outline), stroke: stroke)
            let points = [Float(12), 12, 17, 40][index % 4] / 24
            let turn = index % 3 == 0 ? Affine.rotation(Float.random(in: -3...3, using: &rng)) : .identity
            let toPixels = Affine.translation(SIMD2(Float.random(in: 20...140, using: &rng), Float.random(in: 20...100, using: &rng)))
                * turn * Affine.scaling(SIMD2(repeating: points * 1.25)) * Affine.translation(SIMD2(-12, -12))
            let (polygons, rule) = shape.polygons(size: SIMD2(24, 24), through: toPixels, tolerance: Lowering.pathTolerance)
            Self.expectIdentical(polygons, rule: rule, name)
        }
    }
}
