import WeftViews

/// The covering by cells, as font rasterizers accumulate (FreeType's "gray" rasterizer, font-rs): linear in the edges
/// and the pixels, for paths whose exact covering would cost more than `PathCoverage.exactWorkBudget`.
extension PathCoverage {
    /// The coverage of `edges` over `region` by cells: each edge adds, to each pixel it passes through in each row, its
    /// winding times the part of the pixel's row right of it, less what the pixels left of it add; so a row's running
    /// sum is, in each pixel, the area of each winding number in it times that number. The rule takes that sum for the
    /// coverage (non-zero its magnitude, at most 1; even-odd its distance to the nearest even number). Exact where a
    /// pixel holds one winding number or two neighbouring ones (where the outline passes through it once), close to
    /// exact where it crosses or overlaps itself.
    static func accumulatedValues(_ edges: [Edge], rule: FillRule, region: (origin: SIMD2<Int>, size: SIMD2<Int>)) -> [Float] {
        let width = region.size.x, height = region.size.y
        let stride = width + 1
        var cells = [Double](repeating: 0, count: stride * height)
        let origin = SIMD2(Double(region.origin.x), Double(region.origin.y))
        cells.withUnsafeMutableBufferPointer { cells in
            for edge in edges {
                let top = edge.top - origin, bottom = edge.bottom - origin
                // Cut to the region's rows.
                guard bottom.y > 0, top.y < Double(height) else { continue }
                let a = top.y < 0 ? Self.point(top, bottom, atY: 0) : top
                let b = bottom.y > Double(height) ? Self.point(top, bottom, atY: Double(height)) : bottom
                guard b.y > a.y else { continue }
                // Cut where it crosses the region's sides: left of the left side it covers the whole row from there,
                // as if it ran along that side, and right of the right side nothing.
                let dx = b.x - a.x
                func cut(_ side: Double) -> Double { (a.x - side) * (b.x - side) < 0 ? (side - a.x) / dx : 1 }
                let left = cut(0), right = cut(Double(width))
                let cuts = SIMD4(0, min(left, right), max(left, right), 1)
                for k in 0..<3 where cuts[k + 1] > cuts[k] {
                    let t0 = cuts[k], t1 = cuts[k + 1]
                    let p = t0 == 0 ? a : a + (b - a) * t0, q = t1 == 1 ? b : a + (b - a) * t1
                    Self.deposit(from: SIMD2(min(max(p.x, 0), Double(width)), p.y),
                                 to: SIMD2(min(max(q.x, 0), Double(width)), q.y),
                                 winding: Double(edge.winding), into: cells, stride: stride)
                }
            }
        }
        var values = [Float](repeating: 0, count: width * height)
        let evenOdd = rule == .evenOdd
        for r in 0..<height {
            var sum = 0.0
            for c in 0..<width {
                sum += cells[r * stride + c]
                let coverage = evenOdd ? abs(sum - 2 * (sum / 2).rounded()) : abs(sum)
                values[r * width + c] = Float(min(coverage, 1))
            }
        }
        return values
    }

    /// The point of the line from `a` to `b` at height `y` (between theirs).
    private static func point(_ a: SIMD2<Double>, _ b: SIMD2<Double>, atY y: Double) -> SIMD2<Double> {
        SIMD2(a.x + (b.x - a.x) * ((y - a.y) / (b.y - a.y)), y)
    }

    /// Adds the edge from `a` down to `b` (inside the region, `a.y` < `b.y`) to `cells`, row by row: in each row the
    /// pixel `c` gets `winding` × the row's height it spans × (the mean of clamp(c + 1 − x, 0, 1) along it, less that
    /// of the pixel left of it), so that the sum up to a pixel is the part of the pixel's row right of the edge.
    private static func deposit(from a: SIMD2<Double>, to b: SIMD2<Double>, winding: Double,
                                into cells: UnsafeMutableBufferPointer<Double>, stride: Int) {
        let last = min(Int(b.y.rounded(.up)), cells.count / stride)
        var ya = a.y, xa = a.x
        for r in max(Int(a.y.rounded(.down)), 0)..<last {
            let yb = min(Double(r + 1), b.y)
            let xb = yb == b.y ? b.x : a.x + (b.x - a.x) * ((yb - a.y) / (b.y - a.y))
            let height = winding * (yb - ya)
            let lo = min(xa, xb), hi = max(xa, xb)
            let first = Int(lo.rounded(.down)), end = Int(hi.rounded(.up))
            let row = r * stride
            var before = 0.0
            for c in first...max(end, first) {
                // The mean over the edge of clamp(c + 1 − x, 0, 1): 1 in the first pixel wholly right of it.
                let ua = Double(c + 1) - xa, ub = Double(c + 1) - xb
                let mean = c >= end && c > first ? 1
                    : abs(ub - ua) > 1e-12 ? (clampIntegral(ub) - clampIntegral(ua)) / (ub - ua) : min(max((ua + ub) / 2, 0), 1)
                cells[row + min(c, stride - 1)] += height * (mean - before)
                before = mean
            }
            ya = yb
            xa = xb
        }
    }
}
