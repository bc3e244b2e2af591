import WeftViews

/// The exact area of each pixel covered by polygons under a fill rule, computed on the host.
///
/// Row by row, the row's strip is cut at every edge end and crossing, so that inside each piece the edges run from its
/// top to its bottom without crossing; sorted by position, the winding number between neighbours says which trapezoids
/// are inside, and each trapezoid's area in each pixel column is the integral of its two edges clamped to the column.
/// No sampling: the coverage is the polygons' area to rounding error, the same for every executor (it is uploaded).
package struct PathCoverage: Sendable {
    /// The pixels covered: the region's origin and size in canvas pixels.
    package let origin: SIMD2<Int>
    package let width: Int
    package let height: Int
    /// Row-major coverage in [0, 1].
    package let values: [Float]

    package subscript(x: Int, y: Int) -> Float { values[(y - origin.y) * width + (x - origin.x)] }

    private struct Edge {
        var top: SIMD2<Double>, bottom: SIMD2<Double>
        /// +1 going down, −1 going up.
        var winding: Int
        func x(at y: Double) -> Double {
            let dy = bottom.y - top.y
            return dy > 0 ? top.x + (bottom.x - top.x) * ((y - top.y) / dy) : top.x
        }
    }

    /// The coverage of `polygons` (closed, in canvas pixels) over the pixels they reach inside `0..<limit`; nil when
    /// they reach none.
    package init?(polygons: [Polyline], rule: FillRule, limit: SIMD2<Int>) {
        var edges: [Edge] = []
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for polygon in polygons where polygon.points.count > 2 {
            let points = polygon.points
            for (i, a) in points.enumerated() {
                let b = points[(i + 1) % points.count]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                lo = pointwiseMin(lo, a)
                hi = pointwiseMax(hi, a)
                if a.y == b.y { continue }
                edges.append(a.y < b.y ? Edge(top: a, bottom: b, winding: 1) : Edge(top: b, bottom: a, winding: -1))
            }
        }
        guard !edges.isEmpty else { return nil }
        // Clamped to the grid before conversion: outlines may reach far beyond it.
        func clamped(_ v: Double, _ bound: Int) -> Int { Int(min(max(v, 0), Double(bound))) }
        let x0 = clamped(lo.x.rounded(.down), limit.x), y0 = clamped(lo.y.rounded(.down), limit.y)
        let x1 = clamped(hi.x.rounded(.up), limit.x), y1 = clamped(hi.y.rounded(.up), limit.y)
        guard x1 > x0, y1 > y0 else { return nil }
        origin = SIMD2(x0, y0)
        width = x1 - x0
        height = y1 - y0
        var values = [Float](repeating: 0, count: width * height)
        edges.sort { $0.top.y < $1.top.y }
        var next = 0
        var active: [Edge] = []
        var row = [Double](repeating: 0, count: width)
        var full = [Double](repeating: 0, count: width + 1)
        for r in 0..<height {
            let top = Double(y0 + r), bottom = top + 1
            active.removeAll { $0.bottom.y <= top }
            while next < edges.count, edges[next].top.y < bottom {
                if edges[next].bottom.y > top { active.append(edges[next]) }
                next += 1
            }
            guard !active.isEmpty else { continue }
            for i in row.indices { row[i] = 0 }
            for i in full.indices { full[i] = 0 }
            Self.coverRow(active, top: top, bottom: bottom, rule: rule, x0: Double(x0), row: &row, full: &full)
            var run = 0.0
            for c in 0..<width {
                run += full[c]
                values[r * width + c] = Float(min(max(row[c] + run, 0), 1))
            }
        }
        self.values = values
    }

    private static func coverRow(_ edges: [Edge], top: Double, bottom: Double, rule: FillRule, x0: Double,
                                 row: inout [Double], full: inout [Double]) {
        // The strip's cuts: edge ends and crossings inside it.
        var cuts = [top, bottom]
        for (i, e) in edges.enumerated() {
            if e.top.y > top { cuts.append(e.top.y) }
            if e.bottom.y < bottom { cuts.append(e.bottom.y) }
            for f in edges[(i + 1)...] {
                let ya = max(top, e.top.y, f.top.y), yb = min(bottom, e.bottom.y, f.bottom.y)
                guard yb > ya else { continue }
                let da = e.x(at: ya) - f.x(at: ya), db = e.x(at: yb) - f.x(at: yb)
                if (da < 0 && db > 0) || (da > 0 && db < 0) { cuts.append(ya + (yb - ya) * da / (da - db)) }
            }
        }
        cuts.sort()
        var spanning: [(a: Double, b: Double, winding: Int)] = []
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k], yb = cuts[k + 1]
            let h = yb - ya
            guard h > 1e-12 else { continue }
            spanning.removeAll(keepingCapacity: true)
            for e in edges where e.top.y <= ya && e.bottom.y >= yb {
                spanning.append((e.x(at: ya) - x0, e.x(at: yb) - x0, e.winding))
            }
            spanning.sort { $0.a + $0.b < $1.a + $1.b }
            var winding = 0
            for e in spanning {
                let wasInside = inside(winding, rule)
                winding += e.winding
                let isInside = inside(winding, rule)
                if wasInside != isInside { accumulate(e.a, e.b, height: h, sign: isInside ? -1 : 1, row: &row, full: &full) }
            }
        }
    }

    private static func inside(_ winding: Int, _ rule: FillRule) -> Bool {
        rule == .nonZero ? winding != 0 : winding & 1 != 0
    }

    /// Adds `sign` × the area, in each column, of the part of a strip `height` high left of the edge from x `a` (top) to
    /// `b` (bottom): a trapezoid is its right edge's area minus its left edge's.
    private static func accumulate(_ a: Double, _ b: Double, height h: Double, sign: Double, row: inout [Double], full: inout [Double]) {
        let width = row.count
        // Column indices clamped to just beyond the row before conversion.
        let lo = min(max(min(a, b), -1), Double(width) + 1), hi = min(max(max(a, b), -1), Double(width) + 1)
        let first = Int(lo.rounded(.down)), end = Int(hi.rounded(.up))
        // Columns wholly left of the edge: the strip's full height.
        let fullEnd = min(max(first, 0), width)
        if fullEnd > 0 {
            full[0] += sign * h
            full[fullEnd] -= sign * h
        }
        let start = max(first, 0), stop = min(max(end, first + 1), width)
        guard start < stop else { return }
        for c in start..<stop {
            let ua = a - Double(c), ub = b - Double(c)
            let mean = abs(ub - ua) > 1e-12 ? (clampIntegral(ub) - clampIntegral(ua)) / (ub - ua) : min(max((ua + ub) / 2, 0), 1)
            row[c] += sign * h * mean
        }
    }

    /// ∫₀ᵘ clamp(t, 0, 1) dt.
    private static func clampIntegral(_ u: Double) -> Double {
        u <= 0 ? 0 : u >= 1 ? u - 0.5 : u * u / 2
    }
}
