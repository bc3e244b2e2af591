#if canImport(Glibc)
import Glibc
#endif

/// A subpath flattened to straight segments, in double precision: what trimming, dashing, stroking and coverage work on.
package struct Polyline: Sendable, Hashable {
    package var points: [SIMD2<Double>]
    package var closed: Bool

    package init(points: [SIMD2<Double>], closed: Bool) {
        self.points = points
        self.closed = closed
    }

    /// The segments' lengths, the closing one included when closed.
    var segmentLengths: [Double] {
        guard points.count > 1 else { return [] }
        var lengths = zip(points, points.dropFirst()).map { distance($0, $1) }
        if closed { lengths.append(distance(points[points.count - 1], points[0])) }
        return lengths
    }

    /// The vertices in drawing order, the start repeated at the end when closed.
    var walked: [SIMD2<Double>] { closed && points.count > 1 ? points + [points[0]] : points }
}

func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = b - a
    return (d.x * d.x + d.y * d.y).squareRoot()
}

extension Path {
    /// The subpaths as polylines through `transform`, each curve cut into segments that stray at most `tolerance`
    /// (in the transformed space) from it.
    package func flattened(through transform: Affine = .identity, tolerance: Double) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [SIMD2<Double>] = []
        func finish(closed: Bool) {
            if !current.isEmpty { lines.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func map(_ p: Point) -> SIMD2<Double> {
            let q = transform.apply(p)
            return SIMD2(Double(q.x), Double(q.y))
        }
        var start = SIMD2<Double>.zero
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = map(p)
                current = [start]
            case .line(let p):
                current.append(map(p))
            case .quadCurve(let p, let c):
                guard let p0 = current.last else { continue }
                let p1 = map(c), p2 = map(p)
                let dd = length(p0 - 2 * p1 + p2)
                let n = Self.pieces(0.25 * dd, tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(u * u * p0 + 2 * u * t * p1 + t * t * p2)
                }
            case .curve(let p, let c1, let c2):
                guard let p0 = current.last else { continue }
                let p1 = map(c1), p2 = map(c2), p3 = map(p)
                let dd = max(length(p0 - 2 * p1 + p2), length(p1 - 2 * p2 + p3))
                let n = Self.pieces(0.75 * dd, tolerance)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
                }
            case .closeSubpath:
                if current.count > 1, let last = current.last, distance(last, start) < 1e-12 { current.removeLast() }
                finish(closed: true)
                current = []
            }
        }
        finish(closed: false)
        return lines
    }

    /// Segments for a curve whose uniform subdivision strays `bound / n²` at most.
    private static func pieces(_ bound: Double, _ tolerance: Double) -> Int {
        guard bound.isFinite, tolerance > 0 else { return 1 }
        return min(max(Int((bound / tolerance).squareRoot().rounded(.up)), 1), 4096)
    }
}

func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

extension [Polyline] {
    /// The most dashes and gaps one stroke is cut into.
    static var maxDashes: Int { 100_000 }

    /// The part between fractions `from` and `to` of the total length, as open polylines (SwiftUI's `trimmedPath`).
    package func trimmed(from: Double, to: Double) -> [Polyline] {
        let lo = Swift.max(0, Swift.min(from, 1)), hi = Swift.max(0, Swift.min(to, 1))
        guard hi > lo else { return [] }
        let total = reduce(0) { $0 + $1.segmentLengths.reduce(0, +) }
        guard total > 0 else { return [] }
        return cut(keeping: [(lo * total, hi * total)])
    }

    /// The dashes of `pattern` (lengths on, off, …) started `phase` into it, as open polylines.
    package func dashed(_ pattern: [Double], phase: Double) -> [Polyline] {
        let period = pattern.reduce(0, +)
        guard period > 0, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return self }
        // A pattern too fine for the outline (more than `maxDashes` dashes) draws it solid.
        let whole = reduce(0) { $0 + $1.segmentLengths.reduce(0, +) }
        guard whole.isFinite, whole / period * Double(pattern.count) <= Double(Self.maxDashes) else { return self }
        var result: [Polyline] = []
        for line in self {
            let total = line.segmentLengths.reduce(0, +)
            var spans: [(Double, Double)] = []
            // Walk the pattern from −phase so that offset 0 of the line sits `phase` into it.
            var at = -(phase.truncatingRemainder(dividingBy: period))
            if at > 0 { at -= period }
            var i = 0
            while at <= total {
                let len = pattern[i % pattern.count]
                // A zero-length dash still draws its caps (a dot of a round or square cap).
                if i % 2 == 0, at + len >= 0 { spans.append((Swift.max(at, 0), Swift.min(at + len, total))) }
                at += len
                i += 1
            }
            result += [line].cut(keeping: spans)
        }
        return result
    }

    /// The pieces of the concatenated polylines between the given distances along them (ascending, not overlapping).
    private func cut(keeping spans: [(Double, Double)]) -> [Polyline] {
        var result: [Polyline] = []
        var offset = 0.0
        var first = 0
        for line in self {
            let vertices = line.walked
            let lengths = line.segmentLengths
            let total = lengths.reduce(0, +)
            // The segments' starts along the line, walked forward with the spans.
            var starts = [Double](repeating: 0, count: lengths.count)
            for k in lengths.indices.dropFirst() { starts[k] = starts[k - 1] + lengths[k - 1] }
            var k = 0
            while first < spans.count, spans[first].1 < offset { first += 1 }
            var i = first
            while i < spans.count, spans[i].0 <= offset + total {
                let s = Swift.max(spans[i].0 - offset, 0), e = Swift.min(spans[i].1 - offset, total)
                i += 1
                guard e >= s, !lengths.isEmpty else { continue }
                while k + 1 < lengths.count, starts[k] + lengths[k] < s { k += 1 }
                var points: [SIMD2<Double>] = []
                var j = k
                while j < lengths.count {
                    let segStart = starts[j], len = lengths[j], segEnd = segStart + len
                    if segStart > e { break }
                    let p0 = vertices[j], p1 = vertices[j + 1]
                    func at(_ d: Double) -> SIMD2<Double> { len > 0 ? p0 + (p1 - p0) * ((d - segStart) / len) : p0 }
                    if points.isEmpty { points.append(at(Swift.max(s, segStart))) }
                    points.append(at(Swift.min(e, segEnd)))
                    j += 1
                }
                if !points.isEmpty { result.append(Polyline(points: points, closed: false)) }
            }
            offset += total
        }
        return result
    }
}
