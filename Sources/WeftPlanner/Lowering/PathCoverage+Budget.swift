/// How much work the exact covering may do for one path, and how much it will do, estimated before it starts.
extension PathCoverage {
    /// The most work the exact covering may do for one path, counted in edges visited across a row's pieces and in
    /// crossings and borders of the inside visited in their steps; a path estimated to need more
    /// (`exactWorkEstimate`), or found to as it goes, is accumulated by cells instead. A release build does about 115
    /// million such visits a second of CPU (on a 2-core machine: the stroked 200,000-segment line chart's 87 million in
    /// 0.75 s, a 200,000-segment noise chart's 896 million in 7.3 s), so the exact covering stops at about 1.3 s: the
    /// line chart (estimated at 54 million) and every path of an example stay exact, the noise chart, whose outline
    /// crosses itself hundreds of times a row (estimated at 624 million), does not. Counted, not timed, so that a path
    /// is covered the same way on every machine.
    package static let exactWorkBudget = 150_000_000

    /// About the work the exact covering of `edges` over `region` does in its rows' pieces, known before it starts.
    static func exactWorkEstimate(_ edges: [Edge], region: (origin: SIMD2<Int>, size: SIMD2<Int>)) -> Double {
        exactWorkEstimates(edges, region: region).reduce(0, +)
    }

    /// About the work the exact covering of `edges` does in the pieces of each row of `region`: an edge is visited in
    /// each piece of a row it spans, and a vertex inside a row (the end of two edges) starts a piece, so a row costs
    /// about its edges plus its vertices times its edges' heights in it (each vertex as likely anywhere in the row).
    /// Linear in the edges and the rows; the crossings are counted as the covering finds them.
    static func exactWorkEstimates(_ edges: [Edge], region: (origin: SIMD2<Int>, size: SIMD2<Int>)) -> [Double] {
        let y0 = Double(region.origin.y), height = region.size.y
        // Per row, the vertices inside it and the edges' heights in it; by differences, the edges in each row and the
        // edges across whole rows.
        var vertices = [Double](repeating: 0, count: height), heights = vertices
        var touching = [Double](repeating: 0, count: height + 1), spanning = touching
        let rows = Double(height)
        for edge in edges {
            let top = edge.top.y - y0, bottom = edge.bottom.y - y0
            guard bottom > 0, top < rows else { continue }
            let a = max(top, 0), b = min(bottom, rows)
            let first = a.rounded(.down), last = b.rounded(.up) - 1
            if a > first { vertices[Int(first)] += 0.5 }
            if b < last + 1 { vertices[Int(last)] += 0.5 }
            touching[Int(first)] += 1
            touching[Int(last) + 1] -= 1
            if first == last {
                heights[Int(first)] += b - a
                continue
            }
            heights[Int(first)] += first + 1 - a
            heights[Int(last)] += b - last
            spanning[Int(first) + 1] += 1
            spanning[Int(last)] -= 1
        }
        var work = [Double](repeating: 0, count: height), inRow = 0.0, across = 0.0
        for r in 0..<height {
            inRow += touching[r]
            across += spanning[r]
            work[r] = inRow + vertices[r] * (heights[r] + across)
        }
        return work
    }
}
