/// Rounding and float → integer conversion written without libm calls or trapping conversions,
/// so that loops over a row of lanes vectorise on the baseline x86-64 target (no SSE4.1 `roundps`).
/// They rely on one fact: for |x| < 2²³, adding and removing 2²³ with x's sign rounds x to the
/// nearest integer, ties to even; from 2²³ on every float is already an integer.
enum FloatRounding {
    static let twoTo23: Float = 8_388_608

    /// Nearest integer, ties to even (GLSL `roundEven`); NaN and infinities pass through.
    @inline(__always)
    static func roundEven(_ x: Float) -> Float {
        let sign = x.bitPattern & 0x8000_0000
        let m = Float(bitPattern: sign | 0x4B00_0000)
        let r = (x + m) - m
        // The sign keeps -0.5 → -0, as rint does.
        return abs(x) < twoTo23 ? Float(bitPattern: r.bitPattern | sign) : x
    }

    @inline(__always)
    static func floor(_ x: Float) -> Float {
        let r = roundEven(x)
        return r > x ? r - 1 : r
    }

    @inline(__always)
    static func ceil(_ x: Float) -> Float {
        let r = roundEven(x)
        let c = r < x ? r + 1 : r
        // ceil(-0.5) is -0.
        return Float(bitPattern: c.bitPattern | (x.bitPattern & 0x8000_0000))
    }

    @inline(__always)
    static func trunc(_ x: Float) -> Float {
        let sign = x.bitPattern & 0x8000_0000
        return Float(bitPattern: floor(abs(x)).bitPattern | sign)
    }

    /// Nearest integer, ties away from zero (GLSL `round` as `rounded()` does it).
    @inline(__always)
    static func roundAway(_ x: Float) -> Float {
        let sign = x.bitPattern & 0x8000_0000
        let ax = abs(x), t = floor(ax)
        // ax - t is exact for every float.
        let r = ax - t >= 0.5 ? t + 1 : t
        return ax < twoTo23 ? Float(bitPattern: r.bitPattern | sign) : x
    }

    /// `x` truncated toward zero as a 32-bit two's-complement integer, and whether that is
    /// exact: false for |x| ≥ 2²³ and NaN, which callers convert the slow way.
    @inline(__always)
    static func truncatedInt(_ x: Float) -> (value: UInt32, exact: Bool) {
        let ax = abs(x)
        let biased = ax + twoTo23
        // The low mantissa bits of 2²³ + |x| are round(|x|); one less when that rounded up.
        let rounded = biased.bitPattern &- 0x4B00_0000
        let magnitude = rounded &- ((biased - twoTo23) > ax ? 1 : 0)
        let negative = UInt32(bitPattern: Int32(bitPattern: x.bitPattern) >> 31)
        return ((magnitude ^ negative) &- negative, ax < twoTo23)
    }
}
