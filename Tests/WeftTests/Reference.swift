import Foundation
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The W3C Compositing and Blending Level 1 formulas on premultiplied RGBA, written out
/// again here, independently of the kernels, to check them.
enum Reference {
    static func quantize(_ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4((0..<4).map { Float(UInt8(unormFloat: v[$0])) / 255 })
    }

    static func over(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { s + d * (1 - s.w) }

    static func blend(_ mode: BlendMode, source s: SIMD4<Float>, destination d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        let sc = SIMD3(s.x, s.y, s.z), dc = SIMD3(d.x, d.y, d.z)
        switch mode {
        case .sourceAtop: return SIMD4(sc * da + dc * (1 - sa), da)
        case .destinationOver: return s * (1 - da) + d
        case .destinationOut: return d * (1 - sa)
        case .plusLighter: return pointwiseMin(s + d, SIMD4(repeating: 1))
        case .plusDarker:
            let a = min(1, sa + da)
            let c = pointwiseMax(SIMD3(repeating: 0), SIMD3(repeating: a) - ((SIMD3(repeating: sa) - sc) + (SIMD3(repeating: da) - dc)))
            return SIMD4(c, a)
        default: break
        }
        let cs = sa > 0 ? sc / sa : .zero
        let cb = da > 0 ? dc / da : .zero
        let mixed = mix(mode, backdrop: cb, source: cs)
        let rgb = sc * (1 - da) + dc * (1 - sa) + sa * da * mixed
        return SIMD4(rgb, sa + da - sa * da)
    }

    static func mix(_ mode: BlendMode, backdrop b: SIMD3<Float>, source s: SIMD3<Float>) -> SIMD3<Float> {
        func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> { SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z)) }
        func multiply(_ b: Float, _ s: Float) -> Float { b * s }
        func screen(_ b: Float, _ s: Float) -> Float { b + s - b * s }
        func hardLight(_ b: Float, _ s: Float) -> Float { s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1) }
        switch mode {
        case .normal: return s
        case .multiply: return each(multiply)
        case .screen: return each(screen)
        case .overlay: return each { b, s in hardLight(s, b) }
        case .darken: return each(min)
        case .lighten: return each(max)
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hardLight)
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { b, s in b + s - 2 * b * s }
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        case .sourceAtop, .destinationOver, .destinationOut, .plusDarker, .plusLighter:
            preconditionFailure("Porter-Duff modes have no mix function")
        }
    }

    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var r = c
        if n < 0 { r = SIMD3(repeating: l) + (r - l) * l / (l - n) }
        if x > 1 { r = SIMD3(repeating: l) + (r - l) * (1 - l) / (x - l) }
        return r
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The spec's SetSat, by sorting the channels (the kernel uses an equivalent closed form).
    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        var order = [0, 1, 2].sorted { c[$0] < c[$1] }
        let (mn, md, mx) = (order[0], order[1], order[2])
        var r = SIMD3<Float>.zero
        if c[mx] > c[mn] {
            r[md] = (c[md] - c[mn]) * s / (c[mx] - c[mn])
            r[mx] = s
        }
        order.removeAll()
        return r
    }
}
