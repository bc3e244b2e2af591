#if canImport(Glibc)
import Glibc
#endif

/// Malformed SVG path data: what was wrong, and the byte offset into the string where it was found.
public struct SVGPathError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "\(message) at offset \(offset)" }
}

extension Path {
    /// A path from SVG path data (the `d` attribute): `M m L l H h V v C c S s Q q T t A a Z z`, numbers separated by
    /// whitespace or commas, a command letter repeated implicitly by further numbers.
    public init(svgData data: String) throws(SVGPathError) {
        var parser = SVGPathParser(bytes: Array(data.utf8))
        self = try parser.parse()
    }
}

struct SVGPathParser {
    let bytes: [UInt8]
    var at = 0
    var path = Path()
    var current = Point.zero
    var start = Point.zero
    /// The last curve's second control point (for S/s) or control point (for T/t), when the last command drew one.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() throws(SVGPathError) -> Path {
        skipSeparators()
        guard at < bytes.count else { return path }
        guard bytes[at] == UInt8(ascii: "M") || bytes[at] == UInt8(ascii: "m") else {
            throw SVGPathError(offset: at, message: "path data must begin with a move (M or m), found '\(character(at))'")
        }
        var command: UInt8 = 0
        while true {
            skipSeparators()
            guard at < bytes.count else { break }
            let b = bytes[at]
            if Self.isCommand(b) {
                command = b
                at += 1
            } else if Self.startsNumber(b) {
                // More numbers repeat the last command; after a move they are lines.
                guard command != 0, command != UInt8(ascii: "Z"), command != UInt8(ascii: "z") else {
                    throw SVGPathError(offset: at, message: "a number follows no command that takes numbers")
                }
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                throw SVGPathError(offset: at, message: "unknown path command '\(character(at))'")
            }
            try draw(command)
        }
        return path
    }

    private mutating func draw(_ command: UInt8) throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        let base = relative ? current : .zero
        var cubic: Point?
        var quad: Point?
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            current = base + (try point())
            start = current
            path.move(to: current)
        case UInt8(ascii: "l"):
            current = base + (try point())
            path.addLine(to: current)
        case UInt8(ascii: "h"):
            current = Point((relative ? current.x : 0) + (try number()), current.y)
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            current = Point(current.x, (relative ? current.y : 0) + (try number()))
            path.addLine(to: current)
        case UInt8(ascii: "c"):
            let c1 = base + (try point()), c2 = base + (try point()), end = base + (try point())
            path.addCurve(to: end, control1: c1, control2: c2)
            cubic = c2
            current = end
        case UInt8(ascii: "s"):
            let c1 = lastCubicControl.map { 2 * current - $0 } ?? current
            let c2 = base + (try point()), end = base + (try point())
            path.addCurve(to: end, control1: c1, control2: c2)
            cubic = c2
            current = end
        case UInt8(ascii: "q"):
            let c = base + (try point()), end = base + (try point())
            path.addQuadCurve(to: end, control: c)
            quad = c
            current = end
        case UInt8(ascii: "t"):
            let c = lastQuadControl.map { 2 * current - $0 } ?? current
            let end = base + (try point())
            path.addQuadCurve(to: end, control: c)
            quad = c
            current = end
        case UInt8(ascii: "a"):
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let end = base + (try point())
            arc(to: end, radii: Point(abs(rx), abs(ry)), rotation: rotation, large: large, sweep: sweep)
            current = end
        case UInt8(ascii: "z"):
            path.closeSubpath()
            current = start
        default:
            preconditionFailure("not a command")
        }
        lastCubicControl = cubic
        lastQuadControl = quad
    }

    /// SVG's endpoint arc (implementation notes F.6.5–F.6.6), as cubic curves of at most a quarter turn each.
    private mutating func arc(to end: Point, radii: Point, rotation degrees: Float, large: Bool, sweep: Bool) {
        let p0 = SIMD2<Double>(Double(current.x), Double(current.y)), p1 = SIMD2<Double>(Double(end.x), Double(end.y))
        var rx = Double(radii.x), ry = Double(radii.y)
        guard p0 != p1 else { return }
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return path.addLine(to: end) }
        let phi = Double(degrees) * .pi / 180, cphi = cos(phi), sphi = sin(phi)
        let h = (p0 - p1) / 2
        let x1 = cphi * h.x + sphi * h.y, y1 = -sphi * h.x + cphi * h.y
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? (max(num, 0) / den).squareRoot() : 0
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let center = SIMD2(cphi * cx1 - sphi * cy1, sphi * cx1 + cphi * cy1) + (p0 + p1) / 2
        func angle(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double { atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y) }
        let u = SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry), v = SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta = angle(SIMD2(1, 0), u)
        var delta = angle(u, v)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(pieces)
        let t = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ a: Double) -> SIMD2<Double> {
            let x = rx * cos(a), y = ry * sin(a)
            return center + SIMD2(cphi * x - sphi * y, sphi * x + cphi * y)
        }
        func derivative(_ a: Double) -> SIMD2<Double> {
            let x = -rx * sin(a), y = ry * cos(a)
            return SIMD2(cphi * x - sphi * y, sphi * x + cphi * y)
        }
        func point(_ v: SIMD2<Double>) -> Point { Point(Float(v.x), Float(v.y)) }
        for i in 0..<pieces {
            let a0 = theta + Double(i) * step, a1 = a0 + step
            let q0 = onEllipse(a0), q1 = i == pieces - 1 ? p1 : onEllipse(a1)
            path.addCurve(to: point(q1), control1: point(q0 + derivative(a0) * t), control2: point(q1 - derivative(a1) * t))
        }
    }

    // MARK: Tokens

    private mutating func point() throws(SVGPathError) -> Point {
        let x = try number()
        return Point(x, try number())
    }

    private mutating func number() throws(SVGPathError) -> Float {
        skipSeparators()
        let begin = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
        var digits = 0
        while at < bytes.count, Self.isDigit(bytes[at]) { at += 1; digits += 1 }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            while at < bytes.count, Self.isDigit(bytes[at]) { at += 1; digits += 1 }
        }
        guard digits > 0 else {
            throw SVGPathError(offset: begin, message: begin < bytes.count ? "expected a number, found '\(character(begin))'" : "expected a number, found the end")
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            var e = at + 1
            if e < bytes.count, bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-") { e += 1 }
            if e < bytes.count, Self.isDigit(bytes[e]) {
                at = e
                while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
            }
        }
        let text = String(decoding: bytes[begin..<at], as: UTF8.self)
        guard let value = Float(text), value.isFinite else {
            throw SVGPathError(offset: begin, message: "'\(text)' is not a finite number")
        }
        return value
    }

    /// An arc flag: `0` or `1`, which needs no separator after it.
    private mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "0") || bytes[at] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: at, message: at < bytes.count ? "expected an arc flag (0 or 1), found '\(character(at))'"
                                                                      : "expected an arc flag (0 or 1), found the end")
        }
        defer { at += 1 }
        return bytes[at] == UInt8(ascii: "1")
    }

    private mutating func skipSeparators() {
        while at < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0c, UInt8(ascii: ",")].contains(bytes[at]) {
            at += 1
        }
    }

    private func character(_ i: Int) -> String {
        guard i < bytes.count else { return "" }
        return String(decoding: bytes[i..<min(i + 1, bytes.count)], as: UTF8.self)
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func startsNumber(_ b: UInt8) -> Bool { isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") }
    static func isCommand(_ b: UInt8) -> Bool { "MmLlHhVvCcSsQqTtAaZz".utf8.contains(b) }
}
