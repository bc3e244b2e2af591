import WeftViews

/// The area of each pixel covered by polygons under a fill rule, computed on the host.
///
/// Exactly, while that costs at most `exactWorkBudget`: row by row, the row's strip is cut at every edge end and
/// crossing, so that inside each piece the edges run from its top to its bottom without crossing; sorted by position,
/// the winding number between neighbours says which trapezoids are inside, and each trapezoid's area in each pixel column
/// is the integral of its two edges clamped to the column. Past the budget, by cells (`accumulatedValues`): each edge
/// adds its signed area to the cells it crosses, a row's running sum is the winding-weighted area of each pixel, and the
/// rule is applied to it; exact but in pixels where the outline crosses or overlaps itself, and linear in the edges and
/// the pixels. No sampling, and the same for every executor (it is uploaded).
package struct PathCoverage: Sendable {
    /// How a path's pixels were covered.
    package enum Method: Sendable {
        /// Cut at every edge end and crossing: the exact area.
        case exact
        /// Each edge's signed area summed by cells: the exact area but in pixels where the outline crosses or overlaps
        /// itself.
        case accumulated
    }

    /// The pixels covered: the region's origin and size in canvas pixels.
    package let origin: SIMD2<Int>
    package let width: Int
    package let height: Int
    /// Row-major coverage in [0, 1].
    package let values: [Float]
    package let method: Method
    /// The work the exact covering did (counted as `exactWorkBudget` counts it), up to where it gave up if it did.
    package let exactWork: Int

    /// The most segments (polygon edges, once curves are flattened, dashes cut and strokes outlined) one path may have:
    /// a path of 200,000 line segments, stroked with miter joins (about five edges a segment), fits.
    package static let maxSegments = 2_000_000

    package subscript(x: Int, y: Int) -> Float { values[(y - origin.y) * width + (x - origin.x)] }

    struct Edge {
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
    package init?(polygons: [Polyline], rule: FillRule, limit: SIMD2<Int>, budget: Int = exactWorkBudget) {
        guard let region = Self.region(of: polygons, within: .zero, limit) else { return nil }
        self.init(polygons: polygons, rule: rule, region: region, budget: budget)
    }

    /// The coverage of `polygons` (closed, in pixels) over `region`, the pixels `region(of:within:_:)` found they reach:
    /// exact while its work stays within `budget` (`exactWorkBudget`), accumulated by cells past it.
    package init(polygons: [Polyline], rule: FillRule, region: (origin: SIMD2<Int>, size: SIMD2<Int>),
                 budget: Int = exactWorkBudget) {
        let edges = Self.edges(of: polygons)
        origin = region.origin
        width = region.size.x
        height = region.size.y
        let estimates = Self.exactWorkEstimates(edges, region: region)
        let (exact, work) = estimates.reduce(0, +) > Double(budget) ? (nil, 0)
            : Self.exactValues(edges, rule: rule, region: region, budget: budget, estimates: estimates)
        exactWork = work
        if let exact {
            values = exact
            method = .exact
        } else {
            values = Self.accumulatedValues(edges, rule: rule, region: region)
            method = .accumulated
        }
    }

    /// The edges of the polygons that are covered, but horizontal ones, sorted by their tops.
    static func edges(of polygons: [Polyline]) -> [Edge] {
        var edges: [Edge] = []
        for polygon in polygons where Self.isCovered(polygon) {
            let points = polygon.points
            for (i, a) in points.enumerated() {
                let b = points[(i + 1) % points.count]
                if a.y == b.y { continue }
                edges.append(a.y < b.y ? Edge(top: a, bottom: b, winding: 1) : Edge(top: b, bottom: a, winding: -1))
            }
        }
        // Stable, as it always was: an edge's place here breaks ties between edges equal in a piece (`Piece.precedes`).
        edges.sort { $0.top.y < $1.top.y }
        return edges
    }

    /// The exact coverage of `edges` (sorted by their tops) over `region`, and the work it took; nil once its work
    /// passes `budget`, or once, a sixteenth of the rows' `estimates` or more through, the work counted so far scaled to
    /// the whole estimate does (a covering that costs more than estimated, for its crossings, is found early).
    private static func exactValues(_ edges: [Edge], rule: FillRule, region: (origin: SIMD2<Int>, size: SIMD2<Int>),
                                    budget: Int, estimates: [Double]) -> (values: [Float]?, work: Int) {
        let x0 = region.origin.x, y0 = region.origin.y, width = region.size.x, height = region.size.y
        var values = [Float](repeating: 0, count: width * height)
        var strip = Strip(edges: edges, width: width, x0: Double(x0), rule: rule, budget: budget)
        var next = 0
        let estimated = estimates.reduce(0, +)
        var passed = 0.0
        for r in 0..<height {
            if estimated > 0, passed * 16 >= estimated, Double(strip.work) * (estimated / passed) > Double(budget) {
                return (nil, strip.work)
            }
            passed += estimates[r]
            let top = Double(y0 + r), bottom = top + 1
            strip.active.removeAll { edges[$0].bottom.y <= top }
            while next < edges.count, edges[next].top.y < bottom {
                if edges[next].bottom.y > top { strip.active.append(next) }
                next += 1
            }
            guard !strip.active.isEmpty else { continue }
            guard strip.cover(top: top, bottom: bottom) else { return (nil, strip.work) }
            var run = 0.0
            for c in 0..<width {
                run += strip.full[c]
                values[r * width + c] = Float(min(max(strip.row[c] + run, 0), 1))
            }
        }
        return (values, strip.work)
    }

    /// One pixel row's strip at a time, with the buffers its covering works in, kept from row to row (grown, never
    /// shrunk) so that covering a row allocates nothing.
    private struct Strip: ~Copyable {
        let edges: [Edge]
        let x0: Double
        let evenOdd: Bool
        /// The work the covering may do (`exactWorkBudget`), and the work done so far: each edge visited across a
        /// piece, and each crossing pair or border of the inside visited in a piece's steps.
        let budget: Int
        private(set) var work = 0
        /// The edges (indices into `edges`) that reach into the strip, in the order of `edges`: by where they start.
        var active: [Int] = []
        /// The area, in each column, of the strip's trapezoids, and (summed left to right) the full columns left of them.
        var row: [Double]
        var full: [Double]
        /// Where the strip is cut: its top and bottom, and every edge end between them.
        private var cuts: [Double] = []
        /// Where the edges end, in order, and the first of those not above the strip.
        private let exits: [Double]
        private var nextExit = 0
        /// The edges across the current piece of the strip, in their order there (the first `count`), and room to make
        /// the next piece's order in.
        private var pieces = Scratch<Piece>()
        private var spare = Scratch<Piece>()
        private var count = 0
        /// The edges that enter the strip where the current piece starts.
        private var incoming: [Piece] = []
        /// For each of `pieces`, the winding number right of it.
        private var windings = Scratch<Int>()
        /// The pairs of neighbours `pieces[i]`, `pieces[i + 1]` in the other order where the piece ends, and where they
        /// cross.
        private var crossing = Bits()
        private var crossings = Scratch<Double>()
        /// The pieces where the inside begins or ends.
        private var borders = Bits()

        init(edges: [Edge], width: Int, x0: Double, rule: FillRule, budget: Int) {
            self.edges = edges
            self.x0 = x0
            evenOdd = rule == .evenOdd
            self.budget = budget
            exits = edges.map { $0.bottom.y }.sorted()
            row = [Double](repeating: 0, count: width)
            full = [Double](repeating: 0, count: width + 1)
        }

        /// Covers the strip from `top` to `bottom` that the `active` edges reach into, into `row` and `full`. Its edges
        /// enter and leave the strip at their ends: between consecutive ends the edges that span the piece are kept in a
        /// list (an edge is added when it enters, dropped when it has left), so a row costs its edges' ends and what spans
        /// each piece, not every pair of its edges. False, the strip left unfinished, once the work passes the budget.
        mutating func cover(top: Double, bottom: Double) -> Bool {
            let edges = edges, x0 = x0
            for i in row.indices { row[i] = 0 }
            for i in full.indices { full[i] = 0 }
            // The edges' tops inside the strip (`active` is in their order) merged with their bottoms there.
            let exits = exits
            var nextExit = nextExit
            defer { self.nextExit = nextExit }
            cuts.removeAll(keepingCapacity: true)
            cuts.append(top)
            while nextExit < exits.count, exits[nextExit] <= top { nextExit += 1 }
            for id in active where edges[id].top.y > top {
                let y = edges[id].top.y
                while nextExit < exits.count, exits[nextExit] < y {
                    cuts.append(exits[nextExit])
                    nextExit += 1
                }
                cuts.append(y)
            }
            while nextExit < exits.count, exits[nextExit] < bottom {
                cuts.append(exits[nextExit])
                nextExit += 1
            }
            cuts.append(bottom)
            count = 0
            // `active` is in the order the edges start in, which is the order they enter the pieces in.
            var entering = 0
            // Where the last piece covered ended: an edge's x there is its x where the next one starts, if that is there.
            var end = -Double.infinity
            for k in 0..<(cuts.count - 1) {
                let ya = cuts[k], yb = cuts[k + 1]
                guard yb - ya > 1e-12 else { continue }
                incoming.removeAll(keepingCapacity: true)
                while entering < active.count, edges[active[entering]].top.y <= ya {
                    let edge = edges[active[entering]]
                    if edge.bottom.y > ya {
                        incoming.append(Piece(a: edge.x(at: ya) - x0, b: edge.x(at: yb) - x0, winding: edge.winding, edge: active[entering]))
                    }
                    entering += 1
                }
                advance(from: ya, to: yb, continuing: ya == end)
                end = yb
                coverPiece(height: yb - ya)
                guard work <= budget else { return false }
            }
            return true
        }

        /// Makes `pieces` the edges across the piece from `ya` to `yb` in their order there — those of the last piece
        /// that have not left, at their new places, with the `incoming` ones merged in — and finds, on the way, the
        /// winding numbers, the borders of the inside and the pairs that cross. The last piece ended where this one
        /// starts, nearly in this order: it is kept and only corrected.
        private mutating func advance(from ya: Double, to yb: Double, continuing: Bool) {
            let needed = count + incoming.count
            work += needed
            spare.reserve(needed)
            windings.reserve(needed)
            crossings.reserve(needed)
            crossing.reset(needed)
            borders.reset(needed)
            incoming.withUnsafeMutableBufferPointer { Self.insertionSort($0) }
            let x0 = x0, evenOdd = evenOdd, source = pieces.base, target = spare.base
            let windings = windings.base, crossings = crossings.base
            var n = 0, winding = 0, wasInside = false, sorted = true
            func emit(_ piece: Piece) {
                if n > 0 {
                    let last = target[n - 1]
                    if !last.precedes(piece) { sorted = false }
                    if last.b > piece.b {
                        crossing.insert(n - 1)
                        crossings[n - 1] = PathCoverage.crossing(last, piece)
                    }
                }
                target[n] = piece
                winding += piece.winding
                windings[n] = winding
                let isInside = PathCoverage.inside(winding, evenOdd: evenOdd)
                if isInside != wasInside { borders.insert(n) }
                wasInside = isInside
                n += 1
            }
            edges.withUnsafeBufferPointer { edges in
                incoming.withUnsafeBufferPointer { incoming in
                    var next = 0
                    for i in 0..<count {
                        var piece = source[i]
                        let edge = edges[piece.edge]
                        guard edge.bottom.y > ya else { continue }
                        piece.a = continuing ? piece.b : edge.x(at: ya) - x0
                        piece.b = edge.x(at: yb) - x0
                        while next < incoming.count, incoming[next].precedes(piece) {
                            emit(incoming[next])
                            next += 1
                        }
                        emit(piece)
                    }
                    while next < incoming.count {
                        emit(incoming[next])
                        next += 1
                    }
                }
            }
            pieces.exchange(with: &spare)
            count = n
            crossing.count = n
            borders.count = n
            if !sorted { sortPieces() }
        }

        /// Puts `pieces` in order where they are out of it (an edge's ends rounded past a neighbour's), then finds the
        /// winding numbers, borders and crossing pairs again.
        private mutating func sortPieces() {
            let pieces = pieces.base, windings = windings.base, crossings = crossings.base
            Self.insertionSort(UnsafeMutableBufferPointer(start: pieces, count: count))
            crossing.reset(count)
            borders.reset(count)
            var winding = 0, wasInside = false
            for i in 0..<count {
                winding += pieces[i].winding
                windings[i] = winding
                let isInside = PathCoverage.inside(winding, evenOdd: evenOdd)
                if isInside != wasInside { borders.insert(i) }
                wasInside = isInside
                if i + 1 < count, pieces[i].b > pieces[i + 1].b {
                    crossing.insert(i)
                    crossings[i] = PathCoverage.crossing(pieces[i], pieces[i + 1])
                }
            }
        }

        /// Covers the current piece of the strip, `height` high, that `pieces` all span. The edges are ordered by where
        /// they enter (ties by where they leave, then by where they start in `edges`); a pair of neighbours in the other
        /// order where they leave crosses inside. The piece is covered up to the first such crossing, the pairs crossing
        /// there swap places, and the rest is covered the same way. The order is kept from step to step, not sorted
        /// again from positions recomputed at a crossing, where two edges are equal but for rounding: each swap puts one
        /// pair in its order at the piece's end for good, so a piece takes one step per pair that crosses, however nearly
        /// parallel or short its edges are. A step visits only what it changes: the pairs that cross (`crossing`) and the
        /// edges where the inside begins or ends (`borders`), both kept up to date as pairs swap.
        private mutating func coverPiece(height: Double) {
            let count = count, evenOdd = evenOdd, budget = budget
            let pieces = pieces.base, windings = windings.base, crossings = crossings.base
            var work = work
            defer { self.work = work }
            row.withUnsafeMutableBufferPointer { row in
                full.withUnsafeMutableBufferPointer { full in
                    // How far through the piece (0 at its top, 1 at its bottom) it is covered.
                    var done = 0.0
                    while true {
                        var next = 1.0
                        var i = crossing.first(from: 0)
                        while i < count {
                            next = min(next, crossings[i])
                            work += 1
                            i = crossing.first(from: i + 1)
                        }
                        // A crossing that rounds to before where the pair became neighbours is where they are.
                        next = max(next, done)
                        if next > done {
                            i = borders.first(from: 0)
                            while i < count {
                                let piece = pieces[i]
                                PathCoverage.accumulate(piece.x(at: done), piece.x(at: next), height: height * (next - done),
                                                        sign: PathCoverage.inside(windings[i], evenOdd: evenOdd) ? -1 : 1,
                                                        row: row, full: full)
                                work += 1
                                i = borders.first(from: i + 1)
                            }
                        }
                        guard next < 1, work <= budget else { return }
                        // Left to right, each pair that crosses by `next` swaps, unless its left edge has just swapped
                        // with its own left neighbour.
                        i = crossing.first(from: 0)
                        while i < count {
                            guard crossings[i] <= next else {
                                i = crossing.first(from: i + 1)
                                continue
                            }
                            (pieces[i], pieces[i + 1]) = (pieces[i + 1], pieces[i])
                            let before = i > 0 ? windings[i - 1] : 0
                            windings[i] = before + pieces[i].winding
                            let outside = PathCoverage.inside(before, evenOdd: evenOdd)
                            let between = PathCoverage.inside(windings[i], evenOdd: evenOdd)
                            let after = PathCoverage.inside(windings[i + 1], evenOdd: evenOdd)
                            borders.set(i, outside != between)
                            borders.set(i + 1, between != after)
                            for pair in max(i - 1, 0)...min(i + 1, count - 2) {
                                let crosses = pieces[pair].b > pieces[pair + 1].b
                                crossing.set(pair, crosses)
                                if crosses { crossings[pair] = PathCoverage.crossing(pieces[pair], pieces[pair + 1]) }
                            }
                            i = crossing.first(from: i + 2)
                        }
                        done = next
                    }
                }
            }
        }

        /// Sorts pieces by where they enter, then leave, then their edge's place in `edges` (`Piece.precedes`), moving
        /// each only past those it belongs before: little work for pieces nearly in order, or few.
        private static func insertionSort(_ pieces: UnsafeMutableBufferPointer<Piece>) {
            guard pieces.count > 1 else { return }
            for i in 1..<pieces.count {
                let piece = pieces[i]
                var j = i
                while j > 0, piece.precedes(pieces[j - 1]) {
                    pieces[j] = pieces[j - 1]
                    j -= 1
                }
                pieces[j] = piece
            }
        }
    }

    /// Room for values of a trivial type, grown as asked and freed with its owner: scratch for one covering.
    private struct Scratch<Element: BitwiseCopyable>: ~Copyable {
        private(set) var base: UnsafeMutablePointer<Element>
        private var capacity = 64

        init() { base = .allocate(capacity: capacity) }

        deinit { base.deallocate() }

        /// Makes room for `count` values; what was there is lost.
        mutating func reserve(_ count: Int) {
            guard count > capacity else { return }
            base.deallocate()
            capacity = 2 * count
            base = .allocate(capacity: capacity)
        }

        mutating func exchange(with other: inout Scratch) {
            (base, other.base) = (other.base, base)
            (capacity, other.capacity) = (other.capacity, capacity)
        }
    }

    /// A set of the indices below `count`, visited in order.
    private struct Bits: ~Copyable {
        private var words = Scratch<UInt64>()
        var count = 0

        /// Empties the set, for indices below `count`.
        mutating func reset(_ count: Int) {
            self.count = count
            let needed = (count + 63) >> 6
            words.reserve(needed)
            words.base.update(repeating: 0, count: needed)
        }

        func insert(_ i: Int) { words.base[i >> 6] |= 1 << UInt64(i & 63) }

        func set(_ i: Int, _ member: Bool) {
            if member { insert(i) } else { words.base[i >> 6] &= ~(1 << UInt64(i & 63)) }
        }

        /// The smallest member at or after `i`; `count` when there is none.
        func first(from i: Int) -> Int {
            guard i < count else { return count }
            var w = i >> 6
            var word = words.base[w] & (~0 << UInt64(i & 63))
            let last = (count - 1) >> 6
            while word == 0 {
                guard w < last else { return count }
                w += 1
                word = words.base[w]
            }
            return min(w << 6 + word.trailingZeroBitCount, count)
        }
    }

    /// An edge across a piece of a strip: its x (relative to the region's left) where the piece starts and ends.
    private struct Piece {
        var a: Double, b: Double, winding: Int
        /// The edge's index in the covering's edges.
        var edge: Int
        /// Where the edge is a fraction `t` of the way through the piece.
        func x(at t: Double) -> Double { a + (b - a) * t }
        /// Whether this piece comes before `other` in a piece's order: by where they enter, then leave, then by edge.
        func precedes(_ other: Piece) -> Bool {
            a != other.a ? a < other.a : b != other.b ? b < other.b : edge < other.edge
        }
    }

    /// Where, as a fraction of the piece, two edges cross: `p` left of `q` where the piece starts (they are neighbours
    /// in that order, which is the order they entered in) and right of it where it ends.
    private static func crossing(_ p: Piece, _ q: Piece) -> Double {
        let da = p.a - q.a, db = p.b - q.b
        return da / (da - db)
    }

    /// The pixels, inside `lower..<upper`, that `polygons` reach and that covering them fills in: nil when they reach
    /// none there, or when no polygon has an edge that is not horizontal.
    package static func region(of polygons: [Polyline], within lower: SIMD2<Int>, _ upper: SIMD2<Int>)
        -> (origin: SIMD2<Int>, size: SIMD2<Int>)? {
        Bounds(of: polygons)?.region(within: lower, upper)
    }

    /// The box of the points of the polygons that are covered, out to whole pixels; nil when they have no area (no
    /// such polygon leaves a row).
    struct Bounds: Sendable {
        var lower: SIMD2<Double>
        var upper: SIMD2<Double>

        init?(of polygons: [Polyline]) {
            var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
            var slanted = false
            for polygon in polygons where isCovered(polygon) {
                let first = polygon.points[0].y
                for p in polygon.points {
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                    slanted = slanted || p.y != first
                }
            }
            guard slanted else { return nil }
            (lower, upper) = (lo.rounded(.down), hi.rounded(.up))
        }

        /// The pixels of the box within `lower..<upper`; nil when there are none.
        func region(within lower: SIMD2<Int>, _ upper: SIMD2<Int>) -> (origin: SIMD2<Int>, size: SIMD2<Int>)? {
            // Clamped to the grid before conversion: outlines may reach far beyond it.
            func clamped(_ v: Double, _ low: Int, _ high: Int) -> Int { Int(min(max(v, Double(low)), Double(high))) }
            let x0 = clamped(self.lower.x, lower.x, upper.x), y0 = clamped(self.lower.y, lower.y, upper.y)
            let x1 = clamped(self.upper.x, lower.x, upper.x), y1 = clamped(self.upper.y, lower.y, upper.y)
            guard x1 > x0, y1 > y0 else { return nil }
            return (SIMD2(x0, y0), SIMD2(x1 - x0, y1 - y0))
        }
    }

    /// Whether a polygon is covered: one of fewer than three points has no area, and one with a point that cannot be
    /// covered is left out whole.
    private static func isCovered(_ polygon: Polyline) -> Bool {
        polygon.points.count > 2 && polygon.points.allSatisfy(isCoverable)
    }

    /// Whether a polygon's point can be covered: a polygon with a point that is not finite, or so far out that the
    /// difference of two coordinates would overflow, is left out whole (its other edges alone would not close it).
    private static func isCoverable(_ point: SIMD2<Double>) -> Bool {
        let limit = Double.greatestFiniteMagnitude / 4
        return abs(point.x) <= limit && abs(point.y) <= limit
    }

    private static func inside(_ winding: Int, evenOdd: Bool) -> Bool {
        evenOdd ? winding & 1 != 0 : winding != 0
    }

    /// Adds `sign` × the area, in each column, of the part of a strip `height` high left of the edge from x `a` (top) to
    /// `b` (bottom): a trapezoid is its right edge's area minus its left edge's.
    private static func accumulate(_ a: Double, _ b: Double, height h: Double, sign: Double,
                                   row: UnsafeMutableBufferPointer<Double>, full: UnsafeMutableBufferPointer<Double>) {
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
    static func clampIntegral(_ u: Double) -> Double {
        u <= 0 ? 0 : u >= 1 ? u - 0.5 : u * u / 2
    }
}
