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
        let rowLength = width + 1
        // A band of rows at a time, so that the cells take a band's room, not the region's.
        var cells = [Double](repeating: 0, count: rowLength * min(cellBand, height))
        var values = [Float](repeating: 0, count: width * height)
        let origin = SIMD2(Double(region.origin.x), Double(region.origin.y))
        let evenOdd = rule == .evenOdd
        // The edges (sorted by their tops) that reach into the band.
        var active: [Int] = [], next = 0
        for bandTop in stride(from: 0, to: height, by: cellBand) {
            let rows = bandTop..<min(bandTop + cellBand, height)
            active.removeAll { edges[$0].bottom.y - origin.y <= Double(bandTop) }
            while next < edges.count, edges[next].top.y - origin.y < Double(rows.upperBound) {
                active.append(next)
                next += 1
            }
            cells.withUnsafeMutableBufferPointer { cells in
                cells.update(repeating: 0)
                for id in active {
                    Self.deposit(edges[id], offset: origin, width: width, height: height, rows: rows, into: cells)
                }
            }
            for r in rows {
                var sum = 0.0
                let row = (r - bandTop) * rowLength
                for c in 0..<width {
                    sum += cells[row + c]
                    let coverage = evenOdd ? abs(sum - 2 * (sum / 2).rounded()) : abs(sum)
                    values[r * width + c] = Float(min(coverage, 1))
                }
            }
        }
        return values
    }

    /// How many rows the cells hold at a time.
    private static let cellBand = 32

    /// Adds `edge`, moved by −`offset`, to the cells of `rows` (a band of the region `width` × `height`, its first row
    /// the cells' first). It is cut to the region's rows, and where it crosses the region's sides: left of the left
    /// side it covers the whole row from there, as if it ran along that side, and right of the right side nothing.
    private static func deposit(_ edge: Edge, offset: SIMD2<Double>, width: Int, height: Int, rows: Range<Int>,
                                into cells: UnsafeMutableBufferPointer<Double>) {
        let top = edge.top - offset, bottom = edge.bottom - offset
        guard bottom.y > Double(rows.lowerBound), top.y < Double(rows.upperBound) else { return }
        let a = top.y < 0 ? Self.point(top, bottom, atY: 0) : top
        let b = bottom.y > Double(height) ? Self.point(top, bottom, atY: Double(height)) : bottom
        guard b.y > a.y else { return }
        let dx = b.x - a.x
        func cut(_ side: Double) -> Double { (a.x - side) * (b.x - side) < 0 ? (side - a.x) / dx : 1 }
        let left = cut(0), right = cut(Double(width))
        let cuts = SIMD4(0, min(left, right), max(left, right), 1)
        for k in 0..<3 where cuts[k + 1] > cuts[k] {
            let t0 = cuts[k], t1 = cuts[k + 1]
            let p = t0 == 0 ? a : a + (b - a) * t0, q = t1 == 1 ? b : a + (b - a) * t1
            Self.deposit(from: SIMD2(min(max(p.x, 0), Double(width)), p.y), to: SIMD2(min(max(q.x, 0), Double(width)), q.y),
                         winding: Double(edge.winding), rows: rows, into: cells, rowLength: width + 1)
        }
    }

    /// The point of the line from `a` to `b` at height `y` (between theirs).
    private static func point(_ a: SIMD2<Double>, _ b: SIMD2<Double>, atY y: Double) -> SIMD2<Double> {
        SIMD2(a.x + (b.x - a.x) * ((y - a.y) / (b.y - a.y)), y)
    }

    /// Adds the edge from `a` down to `b` (inside the region, `a.y` < `b.y`) to the cells of `rows`, row by row: in each
    /// row the pixel `c` gets `winding` × the row's height it spans × (the mean of clamp(c + 1 − x, 0, 1) along it, less
    /// that of the pixel left of it), so that the sum up to a pixel is the part of the pixel's row right of the edge.
    private static func deposit(from a: SIMD2<Double>, to b: SIMD2<Double>, winding: Double, rows: Range<Int>,
                                into cells: UnsafeMutableBufferPointer<Double>, rowLength: Int) {
        let first = max(Int(a.y.rounded(.down)), rows.lowerBound), last = min(Int(b.y.rounded(.up)), rows.upperBound)
        guard first < last else { return }
        // Where the edge enters the first row: where the row above would have left it.
        var ya = a.y, xa = a.x
        if Double(first) > a.y {
            ya = Double(first)
            xa = a.x + (b.x - a.x) * ((ya - a.y) / (b.y - a.y))
        }
        for r in first..<last {
            let yb = min(Double(r + 1), b.y)
            let xb = yb == b.y ? b.x : a.x + (b.x - a.x) * ((yb - a.y) / (b.y - a.y))
            let height = winding * (yb - ya)
            let lo = min(xa, xb), hi = max(xa, xb)
            let start = Int(lo.rounded(.down)), end = Int(hi.rounded(.up))
            let row = (r - rows.lowerBound) * rowLength
            var before = 0.0
            for c in start...max(end, start) {
                // The mean over the edge of clamp(c + 1 − x, 0, 1): 1 in the first pixel wholly right of it.
                let ua = Double(c + 1) - xa, ub = Double(c + 1) - xb
                let mean = c >= end && c > start ? 1
                    : abs(ub - ua) > 1e-12 ? (clampIntegral(ub) - clampIntegral(ua)) / (ub - ua) : min(max((ua + ub) / 2, 0), 1)
                cells[row + min(c, rowLength - 1)] += height * (mean - before)
                before = mean
            }
            ya = yb
            xa = xb
        }
    }
}
