#if canImport(Glibc)
import Glibc
#endif

/// A stroke's outline as closed polygons, all wound the same way (positive area), whose non-zero fill is the stroke: the
/// union of one quadrilateral per segment and one polygon per join and cap.
///
/// The quadrilaterals are not handed out one by one, where each would overlap its neighbours and every vertex would be
/// crossed by two edges a half width long. Summed, a subpath's quadrilaterals are one contour (two when it is closed):
/// the side right of the path forward, the side left of it back. Where two segments meet, the end edge of one and the
/// start edge of the next are, between them, a detour of each side from its corner of the one segment in to the vertex
/// and out to its corner of the next, so the contour winds around every point as many times as the quadrilaterals
/// cover it. On the outer side of a turn, a miter or bevel join's polygon replaces the detour with the join's outline:
/// through the miter's tip, where the two sides' lines meet, or straight from corner to corner.
///
/// On the inner side, the detour and the side lines' overshoot past where they meet only cover again what both
/// segments cover already: the kite between the vertex, the two corners and that meeting point, when each segment is
/// at least the half width times the larger of the turn's sine and its half angle's tangent long. There the side runs
/// through the meeting point instead (or, for a turn past a right angle whose lines meet too far away, straight from
/// corner to corner, when the segments are at least the half width times the sine long). A point in the kites of k
/// such vertices of one subpath is in at least k + 1 of its quadrilaterals, so it stays covered: the covered set, and
/// so the coverage by area, is the same but for rounding. A closed subpath keeps the detour at its first vertex, so that
/// the k + 1 holds around it too. A corner on the side's line between two points also on it is left out. Round joins
/// and caps stay whole discs.
///
/// Runs of nearly straight segments shorter than the half width are merged first (`mergingNearlyStraightRuns`), which
/// moves the outline by at most `mergeDeviation`.
package struct Stroker {
    let style: StrokeStyle
    let halfWidth: Double
    /// The longest chord error allowed on round joins and caps.
    let tolerance: Double

    package init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.halfWidth = Double(max(style.lineWidth, 0)) / 2
        self.tolerance = tolerance
    }

    package func outline(of lines: [Polyline]) -> [Polyline] {
        guard halfWidth > 0 else { return [] }
        var polygons: [Polyline] = []
        for line in lines {
            // Consecutive duplicate points make no direction.
            var points: [SIMD2<Double>] = []
            points.reserveCapacity(line.points.count)
            for p in line.points where points.last.map({ distance($0, p) > 1e-9 }) ?? true { points.append(p) }
            var closed = line.closed
            if closed, points.count > 1, distance(points[0], points[points.count - 1]) <= 1e-9 { points.removeLast() }
            if points.count < 2 { closed = false }
            points = mergingNearlyStraightRuns(points, closed: closed)
            if points.count == 1 {
                polygons += dot(at: points[0]).map { Polyline(points: $0, closed: true) }
            } else if points.count > 1 {
                polygons += contours(of: points, closed: closed)
            }
        }
        return polygons
    }

    /// A subpath's contours — one when open, the right side forward and the left side back; two when closed — and the
    /// discs of its round joins and caps.
    private func contours(of points: [SIMD2<Double>], closed: Bool) -> [Polyline] {
        let vertices = closed ? points + [points[0]] : points
        let count = vertices.count - 1
        var directions: [SIMD2<Double>] = [], normals: [SIMD2<Double>] = [], lengths: [Double] = []
        directions.reserveCapacity(count)
        normals.reserveCapacity(count)
        lengths.reserveCapacity(count)
        for k in 0..<count {
            let d = direction(vertices[k], vertices[k + 1])
            directions.append(d)
            normals.append(SIMD2(-d.y, d.x) * halfWidth)
            lengths.append(distance(vertices[k], vertices[k + 1]))
        }
        var right: [SIMD2<Double>] = [], left: [SIMD2<Double>] = []
        right.reserveCapacity(count + 2)
        left.reserveCapacity(count + 2)
        var discs: [Polyline] = []
        if !closed {
            var start = vertices[0]
            if style.lineCap == .square { start -= directions[0] * halfWidth }
            right.append(start - normals[0])
            left.append(start + normals[0])
        }
        for j in (closed ? 0 : 1)..<count {
            let before = (j + count - 1) % count
            let joint = Joint(at: vertices[j], from: directions[before], normals[before], lengths[before],
                              to: directions[j], normals[j], lengths[j])
            let (rightPassage, leftPassage) = passages(joint, keepingInnerDetour: closed && j == 0)
            rightPassage.append(to: &right, from: joint.p - joint.n0, to: joint.p - joint.n1, vertex: joint.p)
            leftPassage.append(to: &left, from: joint.p + joint.n0, to: joint.p + joint.n1, vertex: joint.p)
            if joint.isJoined, style.lineJoin == .round { discs.append(Polyline(points: disc(at: joint.p), closed: true)) }
        }
        guard !closed else {
            return [Polyline(points: right, closed: true), Polyline(points: left.reversed(), closed: true)] + discs
        }
        var end = vertices[count]
        if style.lineCap == .square { end += directions[count - 1] * halfWidth }
        right.append(end - normals[count - 1])
        left.append(end + normals[count - 1])
        if style.lineCap == .round {
            discs.append(Polyline(points: disc(at: vertices[0]), closed: true))
            discs.append(Polyline(points: disc(at: vertices[count]), closed: true))
        }
        return [Polyline(points: right + left.reversed(), closed: true)] + discs
    }

    /// Where two segments meet: the vertex, and the incoming and outgoing segments' unit directions, normals (left of
    /// them, a half width long) and lengths.
    private struct Joint {
        let p: SIMD2<Double>
        let d0: SIMD2<Double>, n0: SIMD2<Double>, length0: Double
        let d1: SIMD2<Double>, n1: SIMD2<Double>, length1: Double
        /// The sine of the turn (positive turning towards the normal) and its cosine.
        let cross: Double, cosine: Double

        init(at p: SIMD2<Double>, from d0: SIMD2<Double>, _ n0: SIMD2<Double>, _ length0: Double,
             to d1: SIMD2<Double>, _ n1: SIMD2<Double>, _ length1: Double) {
            self.p = p
            (self.d0, self.n0, self.length0) = (d0, n0, length0)
            (self.d1, self.n1, self.length1) = (d1, n1, length1)
            cross = d0.x * d1.y - d0.y * d1.x
            cosine = d0.x * d1.x + d0.y * d1.y
        }

        /// Whether the segments turn enough to be joined: not collinear to rounding.
        var isJoined: Bool { !(abs(cross) < 1e-12 && cosine > 0) }

        /// Where the lines of the two segments' sides meet, on the side of `sign` (+1 the normal's, −1 the other), and
        /// the cosine of the angle between the sides' normals there.
        func meeting(side sign: Double, halfWidth: Double) -> (point: SIMD2<Double>, cosine: Double) {
            let u0 = SIMD2(-d0.y, d0.x) * sign, u1 = SIMD2(-d1.y, d1.x) * sign
            let c = u0.x * u1.x + u0.y * u1.y
            return (p + (u0 + u1) * (halfWidth / (1 + c)), c)
        }
    }

    /// What one side of the contour does at a joint, between its corner of the incoming segment and its corner of the
    /// outgoing one.
    private enum Passage {
        /// From corner in to the vertex and out to the next corner: the segments' end and start edges.
        case detour
        /// Straight from corner to corner.
        case straight
        /// Through the point where the two segments' side lines meet (a miter's tip, or on the inner side where the
        /// sides cross): the corners, on those lines, are left out.
        case meeting(SIMD2<Double>)

        func append(to side: inout [SIMD2<Double>], from corner0: SIMD2<Double>, to corner1: SIMD2<Double>,
                    vertex: SIMD2<Double>) {
            switch self {
            case .detour:
                side.append(corner0)
                side.append(vertex)
                side.append(corner1)
            case .straight:
                side.append(corner0)
                side.append(corner1)
            case .meeting(let point):
                side.append(point)
            }
        }
    }

    /// The right and the left side's passages at a joint (see the type's comment).
    private func passages(_ joint: Joint, keepingInnerDetour: Bool) -> (right: Passage, left: Passage) {
        let cross = joint.cross
        // Turning towards the normal (cross > 0), the outer side is the right one, whose sign is −1.
        let outerSign: Double = cross > 0 ? -1 : 1
        let shorter = min(joint.length0, joint.length1), sine = abs(cross)
        let inner: Passage
        if keepingInnerDetour || !(shorter > halfWidth * sine * (1 + 1e-9)) {
            inner = .detour
        } else if joint.cosine > 0, shorter > halfWidth * (sine / (1 + joint.cosine)) * (1 + 1e-9) {
            inner = .meeting(joint.meeting(side: -outerSign, halfWidth: halfWidth).point)
        } else {
            inner = .straight
        }
        let outer: Passage
        if !joint.isJoined {
            // Collinear to rounding: no join; the outer side's sliver between the two segments stays uncovered.
            outer = cross == 0 ? .straight : .detour
        } else if style.lineJoin == .round {
            outer = .detour
        } else {
            outer = outerPassage(joint, sign: outerSign)
        }
        return cross > 0 ? (outer, inner) : (inner, outer)
    }

    /// The outer side of a miter or bevel join: through the miter's tip while it is within the miter limit, else
    /// straight (a bevel).
    private func outerPassage(_ joint: Joint, sign: Double) -> Passage {
        let (tip, c) = joint.meeting(side: sign, halfWidth: halfWidth)
        guard style.lineJoin == .miter, c > -1 + 1e-12 else { return .straight }
        let ratio = (2 / (1 + c)).squareRoot()
        guard ratio <= Double(style.miterLimit) else { return .straight }
        return .meeting(tip)
    }

    /// A zero-length subpath: a disc for round caps, a square for square caps, nothing for butt caps.
    private func dot(at p: SIMD2<Double>) -> [[SIMD2<Double>]] {
        switch style.lineCap {
        case .butt: return []
        case .round: return [disc(at: p)]
        case .square:
            let h = halfWidth
            return [[p + SIMD2(-h, -h), p + SIMD2(h, -h), p + SIMD2(h, h), p + SIMD2(-h, h)]]
        }
    }

    /// A disc's polygon, counterclockwise.
    private func disc(at p: SIMD2<Double>) -> [SIMD2<Double>] {
        // Chords within `tolerance` of the circle: the angle step θ with r(1 − cos θ/2) ≤ tolerance.
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / halfWidth)))
        let n = min(max(Int((2 * Double.pi / max(step, 1e-6)).rounded(.up)), 8), 1024)
        return (0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return p + SIMD2(cos(a), sin(a)) * halfWidth
        }
    }

    func direction(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        let d = b - a
        let l = length(d)
        return l > 0 ? d / l : .zero
    }
}

extension PathShape {
    /// The closed polygons to fill, in the space of `transform`, and the rule to fill them by: the outline in a frame
    /// of `size`, trimmed, dashed and stroked, flattened within `tolerance` (in the transformed space).
    package func polygons(size: SIMD2<Float>, through transform: Affine, tolerance: Double) -> (polygons: [Polyline], rule: FillRule) {
        // Flattening, trimming and stroking happen in the shape's own space, where the line width is measured.
        let scale = Double(max(transform.lengthScale, 1e-6))
        var lines = path(in: size).flattened(tolerance: tolerance / scale)
        if isTrimmed { lines = lines.trimmed(from: Double(trimFrom), to: Double(trimTo)) }
        var rule = self.rule
        if let stroke {
            if !stroke.dash.isEmpty { lines = lines.dashed(stroke.dash.map(Double.init), phase: Double(stroke.dashPhase)) }
            lines = Stroker(style: stroke, tolerance: tolerance / scale).outline(of: lines)
            rule = .nonZero
        }
        let mapped = lines.map { line in
            Polyline(points: line.points.map { p in
                let q = SIMD2(Double(transform.a) * p.x + Double(transform.c) * p.y + Double(transform.tx),
                              Double(transform.b) * p.x + Double(transform.d) * p.y + Double(transform.ty))
                return q
            }, closed: true)
        }
        return (mapped, rule)
    }
}
