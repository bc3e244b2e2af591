extension Stroker {
    /// How far the stroke's outline may move when runs of nearly straight segments are merged: a 32nd of the tolerance.
    var mergeDeviation: Double { tolerance / 32 }

    /// The most points one merge drops, which keeps checking a run's points against its chord linear in the points.
    static let longestMergedRun = 32

    /// `points` (a subpath's, distinct neighbours, not repeating the first when `closed`) with runs of nearly straight
    /// segments shorter than the half width merged into one: the segments from a kept point `a` to a kept point `b`
    /// become the chord `a`–`b` when every point left out lies within `mergeDeviation` of the chord, in order along it,
    /// and turns by so little that its join reaches at most that far past the sides (a miter: h(sec(θ/2) − 1) ≤ the
    /// deviation), and the turns at `a` and `b` stay that small, before and after, and gentle: the chord at least the
    /// width over the turn's sine long. The stroke of the chord then lies within that deviation of the stroke of the run.
    ///
    /// Points rounded to `Float`, hundreds of thousands of them in a few hundred pixels, make segments a thousandth of a
    /// pixel long turn by hundredths of a radian at every vertex: too much for the inner side's detour to be left out
    /// (`passages`), so that each vertex keeps an edge a half width long in to it and out again, crossing its
    /// neighbours', and a row of the covering holds thousands. Merged, the segments are long enough for their turns.
    /// The segments near a subpath's ends (and, when closed, on either side of its first point) are kept as they are, so
    /// caps and the first joint do not move. Round joins are not merged: each is a disc a half width across, which
    /// reaches past the stroke's butt or square ends, and past its curved sides wherever its polygon's corners do.
    func mergingNearlyStraightRuns(_ points: [SIMD2<Double>], closed: Bool) -> [SIMD2<Double>] {
        let count = points.count
        guard count > 4, style.lineJoin != .round else { return points }
        let deviation = mergeDeviation
        let halfCosine = halfWidth / (halfWidth + deviation)
        let leastCosine = 2 * halfCosine * halfCosine - 1
        // The points that can anchor or end a run: not the first point of a closed subpath; on an open one, none within
        // the half width times the largest turn's sine of either end (a segment there turned by its points' rounding
        // reaches past the cap by that much, with no neighbour beyond to cover it).
        let kept = halfWidth * (1 - leastCosine * leastCosine).squareRoot()
        var first = 1, last = closed ? count - 1 : count - 2
        if !closed {
            var length = distance(points[0], points[1])
            while first < count - 1, length <= kept {
                length += distance(points[first], points[first + 1])
                first += 1
            }
            length = distance(points[count - 2], points[count - 1])
            while last > first, length <= kept {
                length += distance(points[last - 1], points[last])
                last -= 1
            }
        }
        guard last - first >= 2 else { return points }
        func point(_ i: Int) -> SIMD2<Double> { points[i == count ? 0 : i] }
        func isSmallTurn(_ d0: SIMD2<Double>, _ d1: SIMD2<Double>) -> Bool { d0.x * d1.x + d0.y * d1.y >= leastCosine }
        // A turn at a chord's end, small as above and gentle enough for the chord that the path's curvature radius there
        // is at least the width: where it is less, the quadrilaterals' corners on the inner side make the outline, and
        // turning them with the chord would move it by the half width times the angle.
        func isGentleTurn(_ d0: SIMD2<Double>, _ d1: SIMD2<Double>, along chord: Double) -> Bool {
            isSmallTurn(d0, d1) && abs(d0.x * d1.y - d0.y * d1.x) * 2 * halfWidth <= chord
        }
        func isMergeable(_ i: Int) -> Bool {
            distance(point(i - 1), point(i)) < halfWidth && distance(point(i), point(i + 1)) < halfWidth &&
                isSmallTurn(direction(point(i - 1), point(i)), direction(point(i), point(i + 1)))
        }
        var merged = Array(points[0...first])
        merged.reserveCapacity(count)
        var a = first
        var incoming = direction(points[first - 1], points[first])
        while a < last {
            var end = a + 1
            if isMergeable(a) {
                var b = a + 2
                // Extends the chord while the points it leaves out lie along it; ends it at the farthest point where
                // the turns at both its ends are small.
                extending: while b <= min(a + 1 + Self.longestMergedRun, last), isMergeable(b - 1) {
                    let chord = point(b) - point(a), length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
                    let u = chord / length
                    var along = 0.0
                    for k in (a + 1)..<b {
                        let v = point(k) - point(a)
                        let t = v.x * u.x + v.y * u.y
                        guard abs(u.x * v.y - u.y * v.x) <= deviation, t > along, t < length else { break extending }
                        along = t
                    }
                    if isGentleTurn(incoming, u, along: length), isMergeable(b),
                       isGentleTurn(u, direction(point(b), point(b + 1)), along: length) { end = b }
                    b += 1
                }
            }
            incoming = direction(point(a), point(end))
            merged.append(point(end))
            a = end
        }
        merged += points[(last + 1)...]
        return merged
    }
}
