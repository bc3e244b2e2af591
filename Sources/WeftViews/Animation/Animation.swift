#if canImport(Glibc)
import Glibc
#endif

/// How a change of state moves from the old values to the new ones over time, after SwiftUI's
/// `Animation`: a timing curve maps the seconds since the change to the progress of every
/// animatable value (0 = old, 1 = new; a spring may overshoot past 1 and come back).
public indirect enum Animation: Sendable, Hashable {
    case linear(duration: Double)
    /// CSS's and SwiftUI's `ease-in`: the cubic Bézier (0.42, 0) (1, 1).
    case easeIn(duration: Double)
    /// `ease-out`: the cubic Bézier (0, 0) (0.58, 1).
    case easeOut(duration: Double)
    /// `ease-in-out`: the cubic Bézier (0.42, 0) (0.58, 1).
    case easeInOut(duration: Double)
    /// A damped harmonic oscillator of period `response` (undamped) and damping ratio
    /// `dampingFraction`, started at rest at the old value (the analytic solution; `Spring`).
    case spring(response: Double, dampingFraction: Double)
    /// `animation.delay(seconds)`: starts `seconds` after the change.
    case delayed(Animation, seconds: Double)
    /// `animation.speed(factor)`: runs `factor` times as fast.
    case sped(Animation, factor: Double)
    /// `repeatCount(_:autoreverses:)` (`count` nil: `repeatForever`). With `autoreverses` every other run plays
    /// backwards; once the runs are over the value is the new state's (as SwiftUI's model value is).
    case repeated(Animation, count: Int?, autoreverses: Bool)

    /// SwiftUI's default duration for the timing curves, seconds.
    public static let defaultDuration = 0.35
    // Made on each use, not stored: an indirect enum's value is a heap box, and a stored one would live until exit
    // (LeakSanitizer, under `make fuzz`, reports such boxes as leaks).
    public static var linear: Animation { .linear(duration: defaultDuration) }
    public static var easeIn: Animation { .easeIn(duration: defaultDuration) }
    public static var easeOut: Animation { .easeOut(duration: defaultDuration) }
    public static var easeInOut: Animation { .easeInOut(duration: defaultDuration) }
    /// SwiftUI's default spring.
    public static var spring: Animation { .spring(response: 0.55, dampingFraction: 0.825) }

    /// The progress `elapsed` seconds after the change: 0 before it, exactly 1 once `duration` has passed.
    public func progress(at elapsed: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        guard elapsed < duration else { return 1 }
        switch self {
        case .delayed(let inner, let seconds): return inner.progress(at: elapsed - seconds)
        case .sped(let inner, let factor): return inner.progress(at: elapsed * factor)
        case .repeated(let inner, _, let autoreverses):
            let run = inner.duration, index = (elapsed / run).rounded(.down)
            let p = inner.progress(at: elapsed - index * run)
            return autoreverses && Int(index) % 2 == 1 ? 1 - p : p
        case .linear(let d): return elapsed / d
        case .easeIn(let d): return UnitBezier(0.42, 0, 1, 1).value(at: elapsed / d)
        case .easeOut(let d): return UnitBezier(0, 0, 0.58, 1).value(at: elapsed / d)
        case .easeInOut(let d): return UnitBezier(0.42, 0, 0.58, 1).value(at: elapsed / d)
        case .spring(let response, let damping): return Spring(response: response, dampingFraction: damping).value(at: elapsed)
        }
    }

    /// Seconds until the animation is over: the curve's duration, or the time after which a spring
    /// stays within `Spring.settleTolerance` of its target (where Weft snaps it to the target).
    public var duration: Double {
        switch self {
        case .linear(let d), .easeIn(let d), .easeOut(let d), .easeInOut(let d): d
        case .spring(let response, let damping): Spring(response: response, dampingFraction: damping).settlingTime
        case .delayed(let inner, let seconds): inner.duration + seconds
        case .sped(let inner, let factor): inner.duration / factor
        case .repeated(let inner, let count, _): count.map { inner.duration * Double($0) } ?? .infinity
        }
    }

    /// Why these parameters cannot animate, or nil: durations and responses must be positive and
    /// finite, the damping fraction positive (an undamped spring never settles).
    public var invalidity: String? {
        switch self {
        case .linear(let d), .easeIn(let d), .easeOut(let d), .easeInOut(let d):
            return d > 0 && d.isFinite ? nil : "the duration must be a positive number of seconds, got \(d)"
        case .spring(let response, let damping):
            guard response > 0, response.isFinite else { return "the response must be a positive number of seconds, got \(response)" }
            guard damping > 0, damping.isFinite else { return "the damping fraction must be positive, got \(damping)" }
            return nil
        case .delayed(let inner, let seconds):
            guard seconds >= 0, seconds.isFinite else { return "the delay must be a finite number of seconds ≥ 0, got \(seconds)" }
            return inner.invalidity
        case .sped(let inner, let factor):
            guard factor > 0, factor.isFinite else { return "the speed must be a positive factor, got \(factor)" }
            return inner.invalidity
        case .repeated(let inner, let count, _):
            if let count, count < 1 { return "the repeat count must be at least 1, got \(count)" }
            if case .repeated = inner { return "a repeated animation cannot repeat again" }
            return inner.invalidity
        }
    }
}

// SwiftUI's names for springs and for timing an animation.
extension Animation {
    /// `spring(duration:bounce:)`: `duration` is the perceptual duration (the response); `bounce` 0 is critically
    /// damped, towards 1 bouncier (damping fraction 1 − bounce), below 0 overdamped (1 / (1 + bounce)).
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        .spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }
    /// SwiftUI's `snappy`: a spring with a small bounce (0.15 + `extraBounce`).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: 0.15 + extraBounce) }
    /// SwiftUI's `smooth`: a spring with no bounce (0 + `extraBounce`).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: extraBounce) }
    /// SwiftUI's `bouncy`: a spring with a visible bounce (0.3 + `extraBounce`).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: 0.3 + extraBounce) }
    public static let snappy = Animation.snappy()
    public static let smooth = Animation.smooth()
    public static let bouncy = Animation.bouncy()

    /// `interpolatingSpring(stiffness:damping:mass:)`: the same oscillator given physically, ω₀ = √(k/m),
    /// ζ = c / (2√(km)) (started at rest: Weft's springs carry velocity across an interruption instead).
    public static func interpolatingSpring(stiffness: Double, damping: Double, mass: Double = 1) -> Animation {
        .spring(response: 2 * Double.pi / (stiffness / mass).squareRoot(), dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
    }
    /// `interpolatingSpring(duration:bounce:)`, as `spring(duration:bounce:)`.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0) -> Animation { .spring(duration: duration, bounce: bounce) }

    public func delay(_ seconds: Double) -> Animation { .delayed(self, seconds: seconds) }
    public func speed(_ factor: Double) -> Animation { .sped(self, factor: factor) }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { .repeated(self, count: count, autoreverses: autoreverses) }
    public func repeatForever(autoreverses: Bool = true) -> Animation { .repeated(self, count: nil, autoreverses: autoreverses) }
}

/// A CSS timing function: the cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2), read as y of x.
struct UnitBezier {
    let x1, y1, x2, y2: Double
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// One coordinate of the curve at parameter `s`: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    /// The parameter at which x equals `x` (x of s is increasing for control x in [0, 1]), by
    /// bisection to double precision: 60 halvings of [0, 1].
    func parameter(forX x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if Self.coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    func value(at x: Double) -> Double { Self.coordinate(parameter(forX: min(max(x, 0), 1)), y1, y2) }
}

/// The analytic motion of a unit mass on a spring of stiffness ω₀² = (2π/response)² with damping
/// 2ζω₀, from rest at 0 towards 1: x'' + 2ζω₀x' + ω₀²(x − 1) = 0, x(0) = 0, x'(0) = 0.
struct Spring {
    let response: Double
    let dampingFraction: Double

    /// How close to the target a spring must stay to count as settled (a thousandth of the change).
    static let settleTolerance = 1e-3

    var omega: Double { 2 * Double.pi / response }

    func value(at t: Double) -> Double {
        let w = omega, z = dampingFraction
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
        }
        if z == 1 { return 1 - exp(-w * t) * (1 + w * t) }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        // x = 1 + A e^{r1 t} + B e^{r2 t} with A + B = −1 and r1 A + r2 B = 0.
        let a = r2 / (r1 - r2), b = -r1 / (r1 - r2)
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// The distance to the target and its rate `t` seconds after starting `y0` from it with velocity `v0` (the same
    /// oscillator, any start): y'' + 2ζω₀y' + ω₀²y = 0, y(0) = y0, y'(0) = v0.
    func displacement(at t: Double, from y0: Double, velocity v0: Double) -> (value: Double, velocity: Double) {
        let w = omega, z = dampingFraction
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot(), decay = exp(-z * w * t)
            let b = (v0 + z * w * y0) / wd
            let c = cos(wd * t), s = sin(wd * t)
            return (decay * (y0 * c + b * s), decay * ((b * wd - z * w * y0) * c - (y0 * wd + z * w * b) * s))
        }
        if z == 1 {
            let decay = exp(-w * t), b = v0 + w * y0
            return (decay * (y0 + b * t), decay * (b - w * (y0 + b * t)))
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root), r2 = -w * (z + root)
        let a = (v0 - r2 * y0) / (r1 - r2), b = y0 - a
        return (a * exp(r1 * t) + b * exp(r2 * t), r1 * a * exp(r1 * t) + r2 * b * exp(r2 * t))
    }

    /// When the envelope of the distance to the target falls below `settleTolerance`; the
    /// envelope bounds the motion from above, so the spring stays settled after it.
    var settlingTime: Double {
        let w = omega, z = dampingFraction, tolerance = Self.settleTolerance
        if z < 1 {
            // |x − 1| ≤ e^{−ζω₀t}·√(1 + (ζω₀/ω_d)²) = e^{−ζω₀t} / √(1 − ζ²).
            return log(1 / (tolerance * (1 - z * z).squareRoot())) / (z * w)
        }
        // Monotone from below: find where 1 − x reaches the tolerance.
        var lo = 0.0, hi = 1.0 / w
        while 1 - value(at: hi) > tolerance { hi *= 2 }
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if 1 - value(at: mid) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
