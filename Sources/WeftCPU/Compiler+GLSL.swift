#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLaneMath
import SPIRV

@inline(__always) func glslMin(_ x: Float, _ y: Float) -> Float { y < x ? y : x }
@inline(__always) func glslMax(_ x: Float, _ y: Float) -> Float { x < y ? y : x }
@inline(__always) func glslClamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float { glslMin(glslMax(x, lo), hi) }
@inline(__always) func glslSmoothStep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = glslClamp((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)
}
@inline(__always) func findMSB(_ v: UInt32) -> UInt32 { v == 0 ? .max : UInt32(31 - v.leadingZeroBitCount) }

/// The determinant of an n×n column-major matrix (n ≤ 4) by cofactor expansion.
func determinant(_ m: [Float], _ n: Int) -> Float {
    if n == 1 { return m[0] }
    if n == 2 { return m[0] * m[3] - m[2] * m[1] }
    var det: Float = 0
    for c in 0..<n {
        var minor: [Float] = []
        for cc in 0..<n where cc != c { for r in 1..<n { minor.append(m[cc * n + r]) } }
        det += (c % 2 == 0 ? 1 : -1) * m[c * n] * determinant(minor, n - 1)
    }
    return det
}

/// The inverse of an n×n column-major matrix through the adjugate.
func inverse(_ m: [Float], _ n: Int) -> [Float] {
    let det = determinant(m, n)
    var out = [Float](repeating: 0, count: n * n)
    for c in 0..<n {
        for r in 0..<n {
            // Cofactor of element (row r, column c) goes to (row c, column r).
            var minor: [Float] = []
            for cc in 0..<n where cc != c { for rr in 0..<n where rr != r { minor.append(m[cc * n + rr]) } }
            let cof = ((r + c) % 2 == 0 ? 1 : -1) * (n == 1 ? 1 : determinant(minor, n - 1))
            out[r * n + c] = cof / det
        }
    }
    return out
}

extension Compiler {
    mutating func translateExtInst(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        let set = module.extInstImports[ValueID(try operand(i, 0))] ?? "?"
        let number = try operand(i, 1)
        if set.hasPrefix("NonSemantic.") {
            if let id = i.result { f.values[id] = Value.none }
            return nil
        }
        guard set == "GLSL.std.450" else { throw .unsupportedExtendedInstruction(offset: i.offset, set: set, number: number) }
        // Arguments start at operand 2.
        func arg(_ k: Int) throws(CPUError) -> Int { try rows(i, 2 + k, f) }
        func argRows(_ k: Int) throws(CPUError) -> Int { try size(of: try type(of: i, 2 + k), at: i.offset) }

        switch number {
        case 1...32, 37...50, 53, 73...75, 79...81:
            return try elementwise(number, i, &f)
        case 33, 34:
            let m = try arg(0)
            let n = try argRows(0)
            let dim = Int(Double(n).squareRoot().rounded())
            let (d, _) = try result(i, &f)
            let isDeterminant = number == 33
            return { s in
                s.forActive { l in
                    var values = [Float](repeating: 0, count: n)
                    for k in 0..<n { values[k] = asFloat(s.row(m + k)[l]) }
                    if isDeterminant {
                        s.row(d)[l] = bits(determinant(values, dim))
                    } else {
                        let inv = inverse(values, dim)
                        for k in 0..<n { s.row(d + k)[l] = bits(inv[k]) }
                    }
                }
            }
        case 35, 51:
            // Modf / Frexp with an out pointer.
            let x = try arg(0)
            let n = try argRows(0)
            guard case .pointer(let p) = try value(ValueID(try operand(i, 3)), f, at: i.offset),
                  case .registers(let rootBase, let rootSize) = p.space else {
                throw .unsupported(offset: i.offset, opcode: i.opcode, message: "Modf/Frexp output pointer outside registers")
            }
            let (d, _) = try result(i, &f)
            let side = allocate(n)
            noteStore(p, n, rootBase, rootSize)
            let store = registerStore(side, n, p, rootBase, rootSize)
            let isModf = number == 35
            return { s in
                s.forActive { l in
                    for r in 0..<n {
                        (s.row(d + r)[l], s.row(side + r)[l]) = splitFloat(asFloat(s.row(x + r)[l]), modf: isModf)
                    }
                }
                store(s)
            }
        case 36, 52:
            // ModfStruct / FrexpStruct: { fraction, whole-or-exponent }.
            let x = try arg(0)
            let n = try argRows(0)
            let (d, _) = try result(i, &f)
            let isModf = number == 36
            return { s in
                s.forActive { l in
                    for r in 0..<n {
                        (s.row(d + r)[l], s.row(d + n + r)[l]) = splitFloat(asFloat(s.row(x + r)[l]), modf: isModf)
                    }
                }
            }
        case 54...58, 60...64:
            return try packing(number, i, &f)
        case 66...72:
            return try geometric(number, i, &f)
        default:
            throw .unsupportedExtendedInstruction(offset: i.offset, set: set, number: number)
        }
    }

    /// GLSL.std.450 instructions applied component by component.
    private mutating func elementwise(_ number: UInt32, _ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let argc = i.operands.count - 2
        let a = try rows(i, 2, f)
        let b = argc > 1 ? try rows(i, 3, f) : a
        let c = argc > 2 ? try rows(i, 4, f) : a
        func stride(_ k: Int) throws(CPUError) -> Int {
            k < argc ? (try size(of: try type(of: i, 2 + k), at: i.offset) == 1 ? 0 : 1) : 1
        }
        let sa = try stride(0), sb = try stride(1), sc = try stride(2)
        let (d, n) = try result(i, &f)
        func unary(_ fn: @escaping @Sendable (Float) -> Float) -> Op {
            { s in s.map1(d, a, rows: n) { bits(fn(asFloat($0))) } }
        }
        switch number {
        case 1: return { s in s.map1(d, a, rows: n) { bits(FloatRounding.roundAway(asFloat($0))) } }
        case 2: return { s in s.map1(d, a, rows: n) { bits(FloatRounding.roundEven(asFloat($0))) } }
        case 3: return { s in s.map1(d, a, rows: n) { bits(FloatRounding.trunc(asFloat($0))) } }
        case 4: return { s in s.map1(d, a, rows: n) { $0 & 0x7FFF_FFFF } }
        case 5: return { s in s.map1(d, a, rows: n) { bits(asInt($0) < 0 ? 0 &- asInt($0) : asInt($0)) } }
        case 6:
            return { s in s.map1(d, a, rows: n) { x in
                let v = asFloat(x)
                return bits(v > 0 ? Float(1) : (v < 0 ? -1 : v))
            } }
        case 7: return { s in s.map1(d, a, rows: n) { bits(asInt($0).signum()) } }
        case 8: return { s in s.map1(d, a, rows: n) { bits(FloatRounding.floor(asFloat($0))) } }
        case 9: return { s in s.map1(d, a, rows: n) { bits(FloatRounding.ceil(asFloat($0))) } }
        case 10: return { s in s.map1(d, a, rows: n) { bits(asFloat($0) - FloatRounding.floor(asFloat($0))) } }
        case 11: return { s in s.map1(d, a, rows: n) { bits(asFloat($0) * (Float.pi / 180)) } }
        case 12: return { s in s.map1(d, a, rows: n) { bits(asFloat($0) * (180 / Float.pi)) } }
        case 13: return unary { sinf($0) }
        case 14: return unary { cosf($0) }
        case 15: return unary { tanf($0) }
        case 16: return unary { asinf($0) }
        case 17: return unary { acosf($0) }
        case 18: return unary { atanf($0) }
        case 19: return unary { sinhf($0) }
        case 20: return unary { coshf($0) }
        case 21: return unary { tanhf($0) }
        case 22: return unary { asinhf($0) }
        case 23: return unary { acoshf($0) }
        case 24: return unary { atanhf($0) }
        case 25: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(atan2f(asFloat($0), asFloat($1))) } }
        case 26: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(powf(asFloat($0), asFloat($1))) } }
        case 27: return unary { expf($0) }
        case 28: return unary { logf($0) }
        case 29: return unary { exp2f($0) }
        case 30: return unary { log2f($0) }
        case 31: return { s in s.apply(d, a, rows: n, weft_lane_sqrt) }
        case 32: return { s in s.apply(d, a, rows: n, weft_lane_inverse_sqrt) }
        case 37: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(glslMin(asFloat($0), asFloat($1))) } }
        case 38: return { s in s.map2(d, a, sa, b, sb, rows: n) { Swift.min($0, $1) } }
        case 39: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(Swift.min(asInt($0), asInt($1))) } }
        case 40: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(glslMax(asFloat($0), asFloat($1))) } }
        case 41: return { s in s.map2(d, a, sa, b, sb, rows: n) { Swift.max($0, $1) } }
        case 42: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(Swift.max(asInt($0), asInt($1))) } }
        case 43: return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { bits(glslClamp(asFloat($0), asFloat($1), asFloat($2))) } }
        case 44: return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { Swift.min(Swift.max($0, $1), $2) } }
        case 45: return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { bits(Swift.min(Swift.max(asInt($0), asInt($1)), asInt($2))) } }
        case 46:
            return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { x, y, t in
                let p = asFloat(x)
                return bits(p + (asFloat(y) - p) * asFloat(t))
            } }
        case 48: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(asFloat($1) < asFloat($0) ? Float(0) : 1) } }
        case 49: return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { bits(glslSmoothStep(asFloat($0), asFloat($1), asFloat($2))) } }
        // Vulkan lets Fma round like an OpFMul followed by an OpFAdd; unfused it vectorises on
        // targets without an FMA instruction (differences from a fused result are below 1 ulp).
        case 50: return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { bits(asFloat($0) * asFloat($1) + asFloat($2)) } }
        case 53: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(ldexpf(asFloat($0), asInt($1))) } }
        case 73: return { s in s.map1(d, a, rows: n) { $0 == 0 ? .max : UInt32($0.trailingZeroBitCount) } }
        case 74: return { s in s.map1(d, a, rows: n) { findMSB(asInt($0) < 0 ? ~$0 : $0) } }
        case 75: return { s in s.map1(d, a, rows: n) { findMSB($0) } }
        case 79: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(Float.minimum(asFloat($0), asFloat($1))) } }
        case 80: return { s in s.map2(d, a, sa, b, sb, rows: n) { bits(Float.maximum(asFloat($0), asFloat($1))) } }
        case 81:
            return { s in s.map3(d, a, sa, b, sb, c, sc, rows: n) { x, lo, hi in
                bits(Float.minimum(Float.maximum(asFloat(x), asFloat(lo)), asFloat(hi)))
            } }
        default:
            throw .unsupportedExtendedInstruction(offset: i.offset, set: "GLSL.std.450", number: number)
        }
    }

    private mutating func packing(_ number: UInt32, _ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let a = try rows(i, 2, f)
        let (d, _) = try result(i, &f)
        switch number {
        case 54, 55, 56, 57, 58:
            let count = number <= 55 ? 4 : 2
            let width: UInt32 = number <= 55 ? 8 : 16
            return { s in
                s.forActive { l in
                    var out: UInt32 = 0
                    for k in 0..<count {
                        let v = asFloat(s.row(a + k)[l])
                        let field: UInt32
                        switch number {
                        case 54: field = UInt32(UInt8(bitPattern: Int8((glslClamp(v, -1, 1) * 127).rounded(.toNearestOrAwayFromZero))))
                        case 55: field = UInt32((glslClamp(v, 0, 1) * 255).rounded(.toNearestOrAwayFromZero))
                        case 56: field = UInt32(UInt16(bitPattern: Int16((glslClamp(v, -1, 1) * 32767).rounded(.toNearestOrAwayFromZero))))
                        case 57: field = UInt32((glslClamp(v, 0, 1) * 65535).rounded(.toNearestOrAwayFromZero))
                        default: field = UInt32(Float16(v).bitPattern)
                        }
                        out |= field << (UInt32(k) * width)
                    }
                    s.row(d)[l] = out
                }
            }
        default:
            let count = number >= 63 ? 4 : 2
            let width: UInt32 = number >= 63 ? 8 : 16
            return { s in
                s.forActive { l in
                    let word = s.row(a)[l]
                    for k in 0..<count {
                        let field = (word >> (UInt32(k) * width)) & ((1 << width) - 1)
                        let v: Float
                        switch number {
                        case 60: v = glslClamp(Float(Int16(bitPattern: UInt16(field))) / 32767, -1, 1)
                        case 61: v = Float(field) / 65535
                        case 62: v = Float(Float16(bitPattern: UInt16(field)))
                        case 63: v = glslClamp(Float(Int8(bitPattern: UInt8(field))) / 127, -1, 1)
                        default: v = Float(field) / 255
                        }
                        s.row(d + k)[l] = bits(v)
                    }
                }
            }
        }
    }

    private mutating func geometric(_ number: UInt32, _ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let a = try rows(i, 2, f)
        let n = try size(of: try type(of: i, 2), at: i.offset)
        let b = i.operands.count > 3 ? try rows(i, 3, f) : a
        let c = i.operands.count > 4 ? try rows(i, 4, f) : a
        let (d, _) = try result(i, &f)
        if number == 66 || number == 67 {
            // length / distance, lane-parallel: accumulate squares row by row in a scratch row.
            let acc = allocate(1)
            let isDistance = number == 67
            return { s in
                let sum = s.row(acc)
                for l in 0..<Lanes.count { sum[l] = 0 }
                for k in 0..<n {
                    let p = s.row(a + k), q = s.row(b + k)
                    for l in 0..<Lanes.count {
                        let t = isDistance ? asFloat(p[l]) - asFloat(q[l]) : asFloat(p[l])
                        sum[l] = bits(asFloat(sum[l]) + t * t)
                    }
                }
                s.apply(d, acc, rows: 1, weft_lane_sqrt)
            }
        }
        return { s in
            s.forActive { l in
                @inline(__always) func x(_ base: Int, _ k: Int) -> Float { asFloat(s.row(base + k)[l]) }
                @inline(__always) func dot(_ p: Int, _ q: Int) -> Float {
                    var acc: Float = 0
                    for k in 0..<n { acc += x(p, k) * x(q, k) }
                    return acc
                }
                switch number {
                case 66: s.row(d)[l] = bits(dot(a, a).squareRoot())
                case 67:
                    var acc: Float = 0
                    for k in 0..<n { let t = x(a, k) - x(b, k); acc += t * t }
                    s.row(d)[l] = bits(acc.squareRoot())
                case 68:
                    s.row(d)[l] = bits(x(a, 1) * x(b, 2) - x(b, 1) * x(a, 2))
                    s.row(d + 1)[l] = bits(x(a, 2) * x(b, 0) - x(b, 2) * x(a, 0))
                    s.row(d + 2)[l] = bits(x(a, 0) * x(b, 1) - x(b, 0) * x(a, 1))
                case 69:
                    let len = dot(a, a).squareRoot()
                    for k in 0..<n { s.row(d + k)[l] = bits(x(a, k) / len) }
                case 70:
                    let flip = dot(c, b) < 0
                    for k in 0..<n { s.row(d + k)[l] = bits(flip ? x(a, k) : -x(a, k)) }
                case 71:
                    let t = 2 * dot(b, a)
                    for k in 0..<n { s.row(d + k)[l] = bits(x(a, k) - t * x(b, k)) }
                default:
                    let eta = x(c, 0)
                    let ni = dot(b, a)
                    let kk = 1 - eta * eta * (1 - ni * ni)
                    for k in 0..<n {
                        s.row(d + k)[l] = bits(kk < 0 ? 0 : eta * x(a, k) - (eta * ni + kk.squareRoot()) * x(b, k))
                    }
                }
            }
        }
    }
}

/// Modf's (fraction, whole) or Frexp's (significand, exponent) of `v`, as register bits:
/// the one computation behind the pointer and the struct forms of both instructions.
@inline(__always) private func splitFloat(_ v: Float, modf: Bool) -> (UInt32, UInt32) {
    if modf {
        let whole = v.rounded(.towardZero)
        return (bits(v - whole), bits(whole))
    }
    var e: Int32 = 0
    return (bits(frexpf(v, &e)), bits(e))
}
