import SPIRV

/// Float → signed conversion that never traps: NaN is 0, out-of-range values saturate.
@inline(__always) func floatToInt(_ x: Float) -> Int32 {
    if x.isNaN { return 0 }
    if x >= 2_147_483_648 { return .max }
    if x <= -2_147_483_648 { return .min }
    return Int32(x)
}

@inline(__always) func floatToUInt(_ x: Float) -> UInt32 {
    if x.isNaN || x <= 0 { return 0 }
    if x >= 4_294_967_296 { return .max }
    return UInt32(x)
}

@inline(__always) func reverseBits(_ v: UInt32) -> UInt32 {
    var x = v
    x = (x >> 1 & 0x5555_5555) | (x & 0x5555_5555) << 1
    x = (x >> 2 & 0x3333_3333) | (x & 0x3333_3333) << 2
    x = (x >> 4 & 0x0F0F_0F0F) | (x & 0x0F0F_0F0F) << 4
    x = (x >> 8 & 0x00FF_00FF) | (x & 0x00FF_00FF) << 8
    return x >> 16 | x << 16
}

/// GLSL `mod` / `OpFMod`: the result takes the sign of `b`.
@inline(__always) func floatMod(_ a: Float, _ b: Float) -> Float { a - b * FloatRounding.floor(a / b) }

@inline(__always) func signedMod(_ a: Int32, _ b: Int32) -> Int32 {
    if b == 0 { return 0 }
    let r = a.remainderReportingOverflow(dividingBy: b).partialValue
    return r != 0 && (r < 0) != (b < 0) ? r &+ b : r
}

@inline(__always) func quantizeToHalf(_ x: Float) -> Float {
    let h = Float(Float16(x))
    return h.isFinite && abs(h) < 6.103_515_6e-5 ? (h.sign == .minus ? -0.0 : 0) : h
}

extension Compiler {
    /// Two-operand elementwise instructions whose operands have the result's row count.
    mutating func translateBinary(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        let a = try rows(i, 0, f), b = try rows(i, 1, f)
        let (d, n) = try result(i, &f)
        switch i.opcode {
        case .fAdd: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) + asFloat($1)) } }
        case .fSub: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) - asFloat($1)) } }
        case .fMul: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) * asFloat($1)) } }
        case .fDiv: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) / asFloat($1)) } }
        case .fRem: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0).truncatingRemainder(dividingBy: asFloat($1))) } }
        case .fMod: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(floatMod(asFloat($0), asFloat($1))) } }
        case .iAdd: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 &+ $1 } }
        case .iSub: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 &- $1 } }
        case .iMul: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 &* $1 } }
        case .uDiv: return { s in s.map2(d, a, 1, b, 1, rows: n) { $1 == 0 ? .max : $0 / $1 } }
        case .sDiv:
            return { s in s.map2(d, a, 1, b, 1, rows: n) { x, y in
                y == 0 ? bits(Int32(-1)) : bits(asInt(x).dividedReportingOverflow(by: asInt(y)).partialValue)
            } }
        case .uMod: return { s in s.map2(d, a, 1, b, 1, rows: n) { $1 == 0 ? 0 : $0 % $1 } }
        case .sRem:
            return { s in s.map2(d, a, 1, b, 1, rows: n) { x, y in
                y == 0 ? 0 : bits(asInt(x).remainderReportingOverflow(dividingBy: asInt(y)).partialValue)
            } }
        case .sMod: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(signedMod(asInt($0), asInt($1))) } }
        case .shiftLeftLogical: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 &<< $1 } }
        case .shiftRightLogical: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 &>> $1 } }
        case .shiftRightArithmetic: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asInt($0) &>> asInt($1)) } }
        case .bitwiseAnd, .logicalAnd: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 & $1 } }
        case .bitwiseOr, .logicalOr: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 | $1 } }
        case .bitwiseXor, .logicalNotEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { $0 ^ $1 } }
        case .logicalEqual, .iEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 == $1) } }
        case .iNotEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 != $1) } }
        case .uLessThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 < $1) } }
        case .uLessThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 <= $1) } }
        case .uGreaterThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 > $1) } }
        case .uGreaterThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits($0 >= $1) } }
        case .sLessThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asInt($0) < asInt($1)) } }
        case .sLessThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asInt($0) <= asInt($1)) } }
        case .sGreaterThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asInt($0) > asInt($1)) } }
        case .sGreaterThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asInt($0) >= asInt($1)) } }
        case .fOrdEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) == asFloat($1)) } }
        case .fOrdNotEqual:
            return { s in s.map2(d, a, 1, b, 1, rows: n) { x, y in
                let p = asFloat(x), q = asFloat(y)
                return bits(p != q && !p.isNaN && !q.isNaN)
            } }
        case .fOrdLessThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) < asFloat($1)) } }
        case .fOrdLessThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) <= asFloat($1)) } }
        case .fOrdGreaterThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) > asFloat($1)) } }
        case .fOrdGreaterThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) >= asFloat($1)) } }
        case .fUnordEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(!(asFloat($0) < asFloat($1)) && !(asFloat($0) > asFloat($1))) } }
        case .fUnordNotEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(asFloat($0) != asFloat($1)) } }
        case .fUnordLessThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(!(asFloat($0) >= asFloat($1))) } }
        case .fUnordLessThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(!(asFloat($0) > asFloat($1))) } }
        case .fUnordGreaterThan: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(!(asFloat($0) <= asFloat($1))) } }
        case .fUnordGreaterThanEqual: return { s in s.map2(d, a, 1, b, 1, rows: n) { bits(!(asFloat($0) < asFloat($1))) } }
        default:
            preconditionFailure("translateBinary called with \(i.opcode)")
        }
    }

    /// One-operand elementwise instructions (negation, conversions, tests).
    mutating func translateUnary(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        let a = try rows(i, 0, f)
        let (d, n) = try result(i, &f)
        switch i.opcode {
        case .fNegate: return { s in s.map1(d, a, rows: n) { $0 ^ 0x8000_0000 } }
        case .sNegate: return { s in s.map1(d, a, rows: n) { 0 &- $0 } }
        case .not: return { s in s.map1(d, a, rows: n) { ~$0 } }
        case .logicalNot: return { s in s.map1(d, a, rows: n) { $0 ^ 1 } }
        case .bitCount: return { s in s.map1(d, a, rows: n) { UInt32($0.nonzeroBitCount) } }
        case .bitReverse: return { s in s.map1(d, a, rows: n) { reverseBits($0) } }
        case .convertFToS:
            return { s in s.map1(d, a, rows: n, fast: { FloatRounding.truncatedInt(asFloat($0)) }, slow: { bits(floatToInt(asFloat($0))) }) }
        case .convertFToU:
            return { s in s.map1(d, a, rows: n, fast: { x in
                let (v, exact) = FloatRounding.truncatedInt(asFloat(x))
                return (asFloat(x) > 0 ? v : 0, exact)
            }, slow: { floatToUInt(asFloat($0)) }) }
        case .convertSToF: return { s in s.map1(d, a, rows: n) { bits(Float(asInt($0))) } }
        case .convertUToF: return { s in s.map1(d, a, rows: n) { bits(Float($0)) } }
        case .uConvert, .sConvert, .fConvert, .bitcast: return { s in s.copy(d, a, rows: n) }
        case .quantizeToF16: return { s in s.map1(d, a, rows: n) { bits(quantizeToHalf(asFloat($0))) } }
        case .isNan: return { s in s.map1(d, a, rows: n) { bits(asFloat($0).isNaN) } }
        case .isInf: return { s in s.map1(d, a, rows: n) { bits(asFloat($0).isInfinite) } }
        case .isFinite: return { s in s.map1(d, a, rows: n) { bits(asFloat($0).isFinite) } }
        case .isNormal: return { s in s.map1(d, a, rows: n) { bits(asFloat($0).isNormal) } }
        case .signBitSet: return { s in s.map1(d, a, rows: n) { $0 >> 31 } }
        default:
            preconditionFailure("translateUnary called with \(i.opcode)")
        }
    }

    mutating func translateSelect(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let c = try rows(i, 0, f), a = try rows(i, 1, f), b = try rows(i, 2, f)
        let conditionRows = try size(of: try type(of: i, 0), at: i.offset)
        let (d, n) = try result(i, &f)
        let sc = conditionRows == 1 ? 0 : 1
        return { s in s.map3(d, c, sc, a, 1, b, 1, rows: n) { $0 != 0 ? $1 : $2 } }
    }

    /// `OpAny` / `OpAll`: a boolean vector reduced to a scalar.
    mutating func translateReduction(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let a = try rows(i, 0, f)
        let n = try size(of: try type(of: i, 0), at: i.offset)
        let (d, _) = try result(i, &f)
        if i.opcode == .any {
            return { s in
                for r in 1..<max(n, 2) where r < n { s.map2(d, r == 1 ? a : d, 1, a + r, 1, rows: 1) { $0 | $1 } }
                if n == 1 { s.copy(d, a, rows: 1) }
            }
        }
        return { s in
            for r in 1..<max(n, 2) where r < n { s.map2(d, r == 1 ? a : d, 1, a + r, 1, rows: 1) { $0 & $1 } }
            if n == 1 { s.copy(d, a, rows: 1) }
        }
    }

    /// OpBitFieldInsert / OpBitFieldSExtract / OpBitFieldUExtract (offset and count are scalars).
    mutating func translateBitField(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let base = try rows(i, 0, f)
        let isInsert = i.opcode == .bitFieldInsert
        let insert = isInsert ? try rows(i, 1, f) : 0
        let offset = try rows(i, isInsert ? 2 : 1, f), count = try rows(i, isInsert ? 3 : 2, f)
        let (d, n) = try result(i, &f)
        let signed = i.opcode == .bitFieldSExtract
        return { s in
            s.forActive { l in
                let o = s.row(offset)[l] & 31, c = min(s.row(count)[l], 32 - o)
                let fieldMask: UInt32 = c == 32 ? .max : ((1 << c) - 1) << o
                for r in 0..<n {
                    let v = s.row(base + r)[l]
                    if isInsert {
                        s.row(d + r)[l] = (v & ~fieldMask) | ((s.row(insert + r)[l] << o) & fieldMask)
                    } else {
                        var x = (v & fieldMask) >> o
                        if signed, c > 0, c < 32, x & (1 << (c - 1)) != 0 { x |= ~((1 << c) - 1) }
                        s.row(d + r)[l] = c == 0 ? 0 : x
                    }
                }
            }
        }
    }

    /// OpIAddCarry / OpISubBorrow / OpUMulExtended / OpSMulExtended: a struct of two vectors.
    mutating func translateExtended(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let a = try rows(i, 0, f), b = try rows(i, 1, f)
        let (d, total) = try result(i, &f)
        let n = total / 2
        let op = i.opcode
        return { s in
            s.forActive { l in
                for r in 0..<n {
                    let x = s.row(a + r)[l], y = s.row(b + r)[l]
                    let lo: UInt32, hi: UInt32
                    switch op {
                    case .iAddCarry: let (v, o) = x.addingReportingOverflow(y); lo = v; hi = o ? 1 : 0
                    case .iSubBorrow: let (v, o) = x.subtractingReportingOverflow(y); lo = v; hi = o ? 1 : 0
                    case .uMulExtended: let p = UInt64(x) * UInt64(y); lo = UInt32(truncatingIfNeeded: p); hi = UInt32(truncatingIfNeeded: p >> 32)
                    default:
                        let p = Int64(asInt(x)) * Int64(asInt(y))
                        lo = UInt32(truncatingIfNeeded: p); hi = UInt32(truncatingIfNeeded: p >> 32)
                    }
                    s.row(d + r)[l] = lo
                    s.row(d + n + r)[l] = hi
                }
            }
        }
    }
}
