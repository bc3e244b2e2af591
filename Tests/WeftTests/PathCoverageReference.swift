import WeftViews

/// `PathCoverage` as it was before its rows and pieces stopped allocating and sorting afresh (main at dee73c8), kept
/// verbatim but for its name: the reference that `PathCoverage` must match bit for bit (PathCoverageIdentityTests).
///
/// The exact area of each pixel covered by polygons under a fill rule, computed on the host.
///
/// Row by row, the row's strip is cut at every edge end and crossing, so that inside each piece the edges run from its
/// top to its bottom without crossing; sorted by position, the winding number between neighbours says which trapezoids
/// are inside, and each trapezoid's area in each pixel column is the integral of its two edges clamped to the column.
/// No sampling: the coverage is the polygons' area to rounding error, the same for every executor (it is uploaded).
struct ReferencePathCoverage: Sendable {
    /// The pixels covered: the region's origin and size in canvas pixels.
    let origin: SIMD2<Int>
    let width: Int
    let height: Int
    /// Row-major coverage in [0, 1].
    let values: [Float]

    subscript(x: Int, y: Int) -> Float { values[(y - origin.y) * width + (x - origin.x)] }

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
    init?(polygons: [Polyline], rule: FillRule, limit: SIMD2<Int>) {
        var edges: [Edge] = []
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for polygon in polygons where polygon.points.count > 2 && polygon.points.allSatisfy(Self.isCoverable) {
            let points = polygon.points
            for (i, a) in points.enumerated() {
                let b = points[(i + 1) % points.count]
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

    /// Covers one pixel row, the strip from `top` to `bottom`. Its edges enter and leave the strip at their ends: between
    /// consecutive ends the edges that span the piece are kept in a list (an edge is added when it enters, dropped when it
    /// has left), so a row costs its edges' ends and what spans each piece, not every pair of its edges.
    private static func coverRow(_ edges: [Edge], top: Double, bottom: Double, rule: FillRule, x0: Double,
                                 row: inout [Double], full: inout [Double]) {
        var cuts = [top, bottom]
        for e in edges {
            if e.top.y > top { cuts.append(e.top.y) }
            if e.bottom.y < bottom { cuts.append(e.bottom.y) }
        }
        cuts.sort()
        let entering = edges.indices.sorted { edges[$0].top.y < edges[$1].top.y }
        var next = 0
        var spanning: [Int] = []
        var pieces: [Piece] = []
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k], yb = cuts[k + 1]
            guard yb - ya > 1e-12 else { continue }
            spanning.removeAll { edges[$0].bottom.y <= ya }
            while next < entering.count, edges[entering[next]].top.y <= ya {
                if edges[entering[next]].bottom.y > ya { spanning.append(entering[next]) }
                next += 1
            }
            coverPiece(spanning.map { edges[$0] }, from: ya, to: yb, rule: rule, x0: x0, pieces: &pieces, row: &row, full: &full)
        }
    }

    /// An edge across a piece of a strip: its x (relative to the region's left) where the piece starts and ends.
    private struct Piece {
        var a: Double, b: Double, winding: Int
        /// Where the edge is a fraction `t` of the way through the piece.
        func x(at t: Double) -> Double { a + (b - a) * t }
    }

    /// Covers the piece of a strip from `ya` to `yb` that `edges` all span. The edges are ordered by where they enter
    /// (ties by where they leave); a pair of neighbours in the other order where they leave crosses inside. The piece is
    /// covered up to the first such crossing, the pairs crossing there swap places, and the rest is covered the same
    /// way. The order is kept from step to step, not sorted again from positions recomputed at a crossing, where two
    /// edges are equal but for rounding: each swap puts one pair in its order at the piece's end for good, so a piece
    /// takes one step per pair that crosses, however nearly parallel or short its edges are.
    private static func coverPiece(_ edges: [Edge], from ya: Double, to yb: Double, rule: FillRule, x0: Double,
                                   pieces: inout [Piece], row: inout [Double], full: inout [Double]) {
        pieces.removeAll(keepingCapacity: true)
        for e in edges { pieces.append(Piece(a: e.x(at: ya) - x0, b: e.x(at: yb) - x0, winding: e.winding)) }
        pieces.sort { $0.a != $1.a ? $0.a < $1.a : $0.b < $1.b }
        // How far through the piece (0 at `ya`, 1 at `yb`) it is covered.
        var done = 0.0
        while true {
            var next = 1.0
            for i in pieces.indices.dropLast() where pieces[i].b > pieces[i + 1].b {
                next = min(next, crossing(pieces[i], pieces[i + 1]))
            }
            // A crossing that rounds to before where the pair became neighbours is where they are.
            next = max(next, done)
            if next > done {
                var winding = 0
                for piece in pieces {
                    let wasInside = inside(winding, rule)
                    winding += piece.winding
                    let isInside = inside(winding, rule)
                    if wasInside != isInside {
                        accumulate(piece.x(at: done), piece.x(at: next), height: (yb - ya) * (next - done),
                                   sign: isInside ? -1 : 1, row: &row, full: &full)
                    }
                }
            }
            guard next < 1 else { return }
            var i = 0
            while i < pieces.count - 1 {
                if pieces[i].b > pieces[i + 1].b, crossing(pieces[i], pieces[i + 1]) <= next {
                    pieces.swapAt(i, i + 1)
                    i += 2
                } else {
                    i += 1
                }
            }
            done = next
        }
    }

    /// Where, as a fraction of the piece, two edges cross: `p` left of `q` where the piece starts (they are neighbours
    /// in that order, which is the order they entered in) and right of it where it ends.
    private static func crossing(_ p: Piece, _ q: Piece) -> Double {
        let da = p.a - q.a, db = p.b - q.b
        return da / (da - db)
    }

    /// Whether a polygon's point can be covered: a polygon with a point that is not finite, or so far out that the
    /// difference of two coordinates would overflow, is left out whole (its other edges alone would not close it).
    private static func isCoverable(_ point: SIMD2<Double>) -> Bool {
        let limit = Double.greatestFiniteMagnitude / 4
        return abs(point.x) <= limit && abs(point.y) <= limit
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
