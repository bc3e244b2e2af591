#if canImport(Glibc)
import Glibc
#endif
@testable import WeftViews

/// The stroker as it was before it summed a subpath's pieces into contours (main at a458205), kept verbatim but for its
/// name: one quadrilateral per segment and one polygon per join and cap, each wound counterclockwise. Its union is the
/// stroke that `Stroker`'s contours must cover, pixel for pixel (StrokeOutlineTests).
///
/// A stroke's outline as pieces — one quadrilateral per segment, one polygon per join and cap — all wound the same
/// way, so that filling them with the non-zero rule covers exactly their union.
struct ReferenceStrokePieces {
    let style: StrokeStyle
    let halfWidth: Double
    /// The longest chord error allowed on round joins and caps.
    let tolerance: Double

    init(style: StrokeStyle, tolerance: Double) {
        self.style = style
        self.halfWidth = Double(max(style.lineWidth, 0)) / 2
        self.tolerance = tolerance
    }

    func outline(of lines: [Polyline]) -> [Polyline] {
        guard halfWidth > 0 else { return [] }
        var pieces: [[SIMD2<Double>]] = []
        for line in lines {
            // Consecutive duplicate points make no direction.
            var points: [SIMD2<Double>] = []
            for p in line.points where points.last.map({ distance($0, p) > 1e-9 }) ?? true { points.append(p) }
            var closed = line.closed
            if closed, points.count > 1, distance(points[0], points[points.count - 1]) <= 1e-9 { points.removeLast() }
            if points.count < 2 { closed = false }
            if points.count == 1 {
                pieces += dot(at: points[0])
                continue
            }
            let vertices = closed ? points + [points[0]] : points
            for k in 0..<(vertices.count - 1) {
                let a = vertices[k], b = vertices[k + 1]
                let n = normal(a, b)
                var start = a, end = b
                if !closed, style.lineCap == .square {
                    let d = direction(a, b) * halfWidth
                    if k == 0 { start -= d }
                    if k == vertices.count - 2 { end += d }
                }
                pieces.append([start + n, end + n, end - n, start - n])
            }
            let joints = closed ? Array(0..<points.count) : Array(1..<(points.count - 1))
            for j in joints {
                let prev = points[(j - 1 + points.count) % points.count], p = points[j], next = points[(j + 1) % points.count]
                pieces += join(prev, p, next)
            }
            if !closed, style.lineCap == .round {
                pieces.append(disc(at: points[0]))
                pieces.append(disc(at: points[points.count - 1]))
            }
        }
        return pieces.map { Polyline(points: Self.counterClockwise($0), closed: true) }
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

    private func join(_ prev: SIMD2<Double>, _ p: SIMD2<Double>, _ next: SIMD2<Double>) -> [[SIMD2<Double>]] {
        let d0 = direction(prev, p), d1 = direction(p, next)
        let cross = d0.x * d1.y - d0.y * d1.x
        let cosine = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-12 && cosine > 0 { return [] }
        if style.lineJoin == .round { return [disc(at: p)] }
        // The outer side is opposite the turn.
        let side: Double = cross > 0 ? -1 : 1
        let u0 = SIMD2(-d0.y, d0.x) * side, u1 = SIMD2(-d1.y, d1.x) * side
        let o0 = p + u0 * halfWidth, o1 = p + u1 * halfWidth
        let c = u0.x * u1.x + u0.y * u1.y
        if style.lineJoin == .miter, c > -1 + 1e-12 {
            let ratio = (2 / (1 + c)).squareRoot()
            if ratio <= Double(style.miterLimit) {
                let tip = p + (u0 + u1) * (halfWidth / (1 + c))
                return [[p, o0, tip, o1]]
            }
        }
        return [[p, o0, o1]]
    }

    private func disc(at p: SIMD2<Double>) -> [SIMD2<Double>] {
        // Chords within `tolerance` of the circle: the angle step θ with r(1 − cos θ/2) ≤ tolerance.
        let step = 2 * acos(max(-1, min(1, 1 - tolerance / halfWidth)))
        let n = min(max(Int((2 * Double.pi / max(step, 1e-6)).rounded(.up)), 8), 1024)
        return (0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return p + SIMD2(cos(a), sin(a)) * halfWidth
        }
    }

    private func normal(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        let d = direction(a, b)
        return SIMD2(-d.y, d.x) * halfWidth
    }

    private func direction(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        let d = b - a
        let l = length(d)
        return l > 0 ? d / l : .zero
    }

    /// The polygon wound with positive signed area.
    static func counterClockwise(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? points.reversed() : points
    }
}
