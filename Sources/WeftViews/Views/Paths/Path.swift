#if canImport(Glibc)
import Glibc
#endif

/// A point in a view's user space, in points (y points down).
public typealias Point = SIMD2<Float>

/// An outline made of lines and Bézier curves, as SwiftUI's `Path`: subpaths begin with a move, and a close joins a
/// subpath's end to its start. As a view it draws at its own coordinates, filled with black unless `fill` or `stroke`
/// says otherwise.
public struct Path: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    public private(set) var elements: [Element] = []
    /// Where the last subpath started and where drawing stands, kept as elements are appended (`append`) so that adding
    /// one does not walk the path: building a path of n segments stays linear in n.
    private var pen = Pen()

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }
    public init(elements: [Element]) {
        self.elements = elements
        for element in elements { pen.advance(over: element) }
    }
    /// A rectangle, clockwise from its top-leading corner.
    public init(_ rect: Rect) { addRect(rect) }
    public init(roundedRect rect: Rect, cornerRadius: Float) { addRoundedRect(in: rect, cornerRadius: cornerRadius) }
    public init(ellipseIn rect: Rect) { addEllipse(in: rect) }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point drawn to, if a subpath is open.
    public var currentPoint: Point? { pen.current }

    public mutating func move(to p: Point) { append(.move(to: p)) }

    public mutating func addLine(to p: Point) {
        if currentPoint == nil { move(to: p) } else { append(.line(to: p)) }
    }

    public mutating func addQuadCurve(to p: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        append(.quadCurve(to: p, control: control))
    }

    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        append(.curve(to: p, control1: control1, control2: control2))
    }

    public mutating func closeSubpath() {
        if currentPoint != nil { append(.closeSubpath) }
    }

    /// Hashes the element count and at most eight elements spread over the path, so that looking a long path up (its
    /// coverage, every frame) costs the same as a short one's; equal paths still hash equal, and `==` tells apart the
    /// rare different paths that share these.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        let step = max(elements.count / 8, 1)
        for i in stride(from: 0, to: elements.count, by: step).prefix(8) { hasher.combine(elements[i]) }
        hasher.combine(pen)
    }

    private mutating func append(_ element: Element) {
        elements.append(element)
        pen.advance(over: element)
    }

    /// The start of the subpath being drawn and the last point drawn to, as a walk over the elements leaves them.
    private struct Pen: Sendable, Hashable {
        var start: Point?
        var current: Point?

        mutating func advance(over element: Element) {
            switch element {
            case .move(let p): start = p; current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
            case .closeSubpath: current = start
            }
        }
    }

    /// A subpath through `points`, starting with a move.
    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// A closed rectangle, clockwise (on screen) from its top-leading corner.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY))
        addLine(to: Point(r.maxX, r.minY))
        addLine(to: Point(r.maxX, r.maxY))
        addLine(to: Point(r.minX, r.maxY))
        closeSubpath()
    }

    /// A closed rectangle with circular corners of `cornerRadius` (at most half the shorter side).
    public mutating func addRoundedRect(in r: Rect, cornerRadius: Float) {
        let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2)
        guard radius > 0 else { return addRect(r) }
        move(to: Point(r.minX + radius, r.minY))
        addLine(to: Point(r.maxX - radius, r.minY))
        addArc(center: Point(r.maxX - radius, r.minY + radius), radius: radius, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
        addLine(to: Point(r.maxX, r.maxY - radius))
        addArc(center: Point(r.maxX - radius, r.maxY - radius), radius: radius, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        addLine(to: Point(r.minX + radius, r.maxY))
        addArc(center: Point(r.minX + radius, r.maxY - radius), radius: radius, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
        addLine(to: Point(r.minX, r.minY + radius))
        addArc(center: Point(r.minX + radius, r.minY + radius), radius: radius, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
        closeSubpath()
    }

    /// A closed ellipse inscribed in `r`, clockwise (on screen) from its trailing point.
    public mutating func addEllipse(in r: Rect) {
        let c = Point(r.midX, r.midY), radii = Point(r.width / 2, r.height / 2)
        let k: Float = 0.552_284_75
        move(to: c + Point(radii.x, 0))
        // Four quarter arcs, each a cubic with its controls on the tangents at k·radius.
        let corners: [(Point, Point)] = [(Point(0, 1), Point(1, 0)), (Point(-1, 0), Point(0, 1)), (Point(0, -1), Point(-1, 0)), (Point(1, 0), Point(0, -1))]
        for (end, from) in corners {
            let start = c + from * radii
            let stop = c + end * radii
            let startTangent = Point(-from.y, from.x), endTangent = Point(-end.y, end.x)
            addCurve(to: stop, control1: start + startTangent * radii * k, control2: stop - endTangent * radii * k)
        }
        closeSubpath()
    }

    /// An arc of the circle about `center`, from `startAngle` to `endAngle` (0 = trailing; positive angles turn
    /// clockwise on screen, as `clockwise: false` sweeps them, SwiftUI's flipped convention), joined to the current
    /// point by a line.
    public mutating func addArc(center: Point, radius: Float, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let a0 = Double(startAngle.radians)
        let full = 2 * Double.pi
        let raw = Double(endAngle.radians) - a0
        guard raw.isFinite, a0.isFinite else { return }
        // The way `clockwise` turns, at most one turn: more turns would draw the same circle again. The remainder is
        // exact, however large the angles.
        let turn = raw.truncatingRemainder(dividingBy: full)
        let sweep = clockwise ? (raw > 0 ? (turn == 0 ? 0 : turn - full) : max(raw, -full))
                              : (raw < 0 ? (turn == 0 ? 0 : turn + full) : min(raw, full))
        let r = Double(radius)
        func at(_ a: Double) -> Point { center + Point(Float(cos(a) * r), Float(sin(a) * r)) }
        addLine(to: at(a0))
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<pieces {
            let s = a0 + Double(i) * step, e = s + step
            let p0 = at(s), p3 = at(e)
            let c1 = p0 + Point(Float(-sin(s) * r * k), Float(cos(s) * r * k))
            let c2 = p3 - Point(Float(-sin(e) * r * k), Float(cos(e) * r * k))
            append(.curve(to: p3, control1: c1, control2: c2))
        }
    }

    /// Every subpath of `other` appended.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// The path with every point mapped through `transform`.
    package func applying(_ transform: Affine) -> Path {
        Path(elements: elements.map { element in
            switch element {
            case .move(let p): .move(to: transform.apply(p))
            case .line(let p): .line(to: transform.apply(p))
            case .quadCurve(let p, let c): .quadCurve(to: transform.apply(p), control: transform.apply(c))
            case .curve(let p, let c1, let c2): .curve(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
            case .closeSubpath: .closeSubpath
            }
        })
    }

    /// The smallest rectangle holding every point and control point.
    public var boundingRect: Rect {
        var lo = Point(repeating: .infinity), hi = Point(repeating: -.infinity)
        func hold(_ p: Point) {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): hold(p)
            case .quadCurve(let p, let c): hold(p); hold(c)
            case .curve(let p, let c1, let c2): hold(p); hold(c1); hold(c2)
            case .closeSubpath: break
            }
        }
        guard lo.x <= hi.x else { return Rect(size: .zero) }
        return Rect(origin: lo, size: hi - lo)
    }
}
