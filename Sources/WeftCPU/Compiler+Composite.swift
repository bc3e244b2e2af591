import SPIRV

extension Compiler {
    /// Row offset and type of the part of `type` selected by literal `indices`.
    func select(_ type: TypeID, _ indices: ArraySlice<UInt32>, at offset: Int) throws(CPUError) -> (Int, TypeID) {
        var t = type, o = 0
        for index in indices {
            let p = try parts(of: t, at: offset)
            guard Int(index) < p.count else { throw .invalidKernel(offset: offset, message: "composite index \(index) out of range") }
            o += p[Int(index)].0
            t = p[Int(index)].1
        }
        return (o, t)
    }

    mutating func translateComposite(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        switch i.opcode {
        case .compositeExtract:
            let base = try rows(i, 0, f)
            let (o, _) = try select(try type(of: i, 0), i.operands.dropFirst(), at: i.offset)
            guard let id = i.result else { return nil }
            // SSA values never change once computed, so the part aliases the composite's rows.
            f.values[id] = .rows(base + o)
            return nil
        case .copyObject, .copyLogical:
            guard let id = i.result else { return nil }
            f.values[id] = try value(ValueID(try operand(i, 0)), f, at: i.offset)
            return nil
        case .compositeConstruct:
            var sources: [(Int, Int)] = []
            for k in 0..<i.operands.count {
                sources.append((try rows(i, k, f), try size(of: try type(of: i, k), at: i.offset)))
            }
            if let id = i.result, let first = sources.first,
               sources.dropFirst().reduce((first.0 + first.1, true), { ($0.0 + $1.1, $0.1 && $1.0 == $0.0) }).1 {
                // The constituents already lie in consecutive rows (an unchanged vector rebuilt
                // from its components): the result aliases them, like OpCompositeExtract.
                f.values[id] = .rows(first.0)
                return nil
            }
            let (d, n) = try result(i, &f)
            let constituents = sources
            guard sources.reduce(0, { $0 + $1.1 }) == n else {
                throw .invalidKernel(offset: i.offset, message: "OpCompositeConstruct constituents do not fill the result")
            }
            return { s in
                var o = d
                for (src, count) in constituents {
                    s.copy(o, src, rows: count)
                    o += count
                }
            }
        case .compositeInsert:
            let object = try rows(i, 0, f), composite = try rows(i, 1, f)
            let (o, t) = try select(try type(of: i, 1), i.operands.dropFirst(2), at: i.offset)
            let m = try size(of: t, at: i.offset)
            let (d, n) = try result(i, &f)
            return { s in
                s.copy(d, composite, rows: n)
                s.copy(d + o, object, rows: m)
            }
        case .vectorShuffle:
            let a = try rows(i, 0, f), b = try rows(i, 1, f)
            let na = try size(of: try type(of: i, 0), at: i.offset)
            let n = try size(of: try resultType(i), at: i.offset)
            guard i.operands.count == n + 2 else { throw .invalidKernel(offset: i.offset, message: "OpVectorShuffle component count does not match its result") }
            let nb = try size(of: try type(of: i, 1), at: i.offset)
            var sources: [Int?] = []
            for k in 0..<n {
                let c = i.operands[k + 2]
                guard c == 0xFFFF_FFFF || Int(c) < na + nb else {
                    throw .invalidKernel(offset: i.offset, message: "OpVectorShuffle component \(c) is out of range")
                }
                sources.append(c == 0xFFFF_FFFF ? nil : (Int(c) < na ? a + Int(c) : b + Int(c) - na))
            }
            if let id = i.result, let first = sources.first ?? nil, sources.enumerated().allSatisfy({ $0.element == first + $0.offset }) {
                // A swizzle that keeps consecutive components in order (`.rgb`, `.zw`) aliases them.
                f.values[id] = .rows(first)
                return nil
            }
            let d = try result(i, &f).rows
            let zero = allocateZeroRow()
            let resolved = sources.map { $0 ?? zero }
            return { s in
                for (k, src) in resolved.enumerated() { s.copy(d + k, src, rows: 1) }
            }
        case .vectorExtractDynamic:
            let v = try rows(i, 0, f), index = try rows(i, 1, f)
            let n = try size(of: try type(of: i, 0), at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                s.forActive { l in
                    let k = Int(s.row(index)[l])
                    s.row(d)[l] = k < n ? s.row(v + k)[l] : 0
                }
            }
        case .vectorInsertDynamic:
            let v = try rows(i, 0, f), c = try rows(i, 1, f), index = try rows(i, 2, f)
            let (d, n) = try result(i, &f)
            return { s in
                s.copy(d, v, rows: n)
                s.forActive { l in
                    let k = Int(s.row(index)[l])
                    if k < n { s.row(d + k)[l] = s.row(c)[l] }
                }
            }
        case .transpose:
            let m = try rows(i, 0, f)
            let (cols, rowsPerColumn) = try matrixShape(try type(of: i, 0), at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                for c in 0..<cols {
                    for r in 0..<rowsPerColumn { s.copy(d + r * cols + c, m + c * rowsPerColumn + r, rows: 1) }
                }
            }
        default:
            preconditionFailure("translateComposite called with \(i.opcode)")
        }
    }

    /// Operand shapes of the linear-algebra instructions, which the decoder does not check.
    func checkShapes(_ i: Instruction, _ ta: TypeID, _ tb: TypeID) throws(CPUError) {
        let na = try size(of: ta, at: i.offset), nb = try size(of: tb, at: i.offset)
        let rt = try resultType(i)
        let nr = try size(of: rt, at: i.offset)
        let ok: Bool
        switch i.opcode {
        case .vectorTimesScalar, .matrixTimesScalar: ok = nb == 1 && na == nr
        case .dot: ok = na == nb && nr == 1
        case .matrixTimesVector: ok = (try? matrixShape(ta, at: i.offset)).map { $0.0 == nb && $0.1 == nr } ?? false
        case .vectorTimesMatrix: ok = (try? matrixShape(tb, at: i.offset)).map { $0.1 == na && $0.0 == nr } ?? false
        case .matrixTimesMatrix:
            let sa = try? matrixShape(ta, at: i.offset), sb = try? matrixShape(tb, at: i.offset)
            ok = sa != nil && sb != nil && sa!.0 == sb!.1 && sa!.1 * sb!.0 == nr
        case .outerProduct: ok = na * nb == nr
        default: ok = true
        }
        guard ok else { throw .invalidKernel(offset: i.offset, message: "\(i.opcode.described): operand shapes do not fit the result") }
    }

    mutating func allocateZeroRow() -> Int {
        let r = allocate(1)
        constantRows.append(ConstantRow(row: r, bits: 0))
        return r
    }

    /// (columns, rows) of a matrix type.
    func matrixShape(_ t: TypeID, at offset: Int) throws(CPUError) -> (Int, Int) {
        guard case .matrix(let column, let n)? = module.types[t], case .vector(_, let r)? = module.types[column] else {
            throw .invalidKernel(offset: offset, message: "%\(t.raw) is not a matrix type")
        }
        return (n, r)
    }

    /// Dot products and matrix arithmetic (column-major rows: column c, row r at c × rows + r).
    mutating func translateLinearAlgebra(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        let a = try rows(i, 0, f), b = try rows(i, 1, f)
        let ta = try type(of: i, 0), tb = try type(of: i, 1)
        try checkShapes(i, ta, tb)
        switch i.opcode {
        case .vectorTimesScalar, .matrixTimesScalar:
            let (d, n) = try result(i, &f)
            return { s in s.map2(d, a, 1, b, 0, rows: n) { bits(asFloat($0) * asFloat($1)) } }
        case .dot:
            let n = try size(of: ta, at: i.offset)
            let (d, _) = try result(i, &f)
            let acc = allocate(1)
            return { s in
                let sum = s.row(acc)
                for l in 0..<Lanes.count { sum[l] = 0 }
                for r in 0..<n {
                    let p = s.row(a + r), q = s.row(b + r)
                    for l in 0..<Lanes.count { sum[l] = bits(asFloat(sum[l]) + asFloat(p[l]) * asFloat(q[l])) }
                }
                s.copy(d, acc, rows: 1)
            }
        case .matrixTimesVector:
            let (cols, rs) = try matrixShape(ta, at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                s.forActive { l in
                    for r in 0..<rs {
                        var acc: Float = 0
                        for c in 0..<cols { acc += asFloat(s.row(a + c * rs + r)[l]) * asFloat(s.row(b + c)[l]) }
                        s.row(d + r)[l] = bits(acc)
                    }
                }
            }
        case .vectorTimesMatrix:
            let (cols, rs) = try matrixShape(tb, at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                s.forActive { l in
                    for c in 0..<cols {
                        var acc: Float = 0
                        for r in 0..<rs { acc += asFloat(s.row(a + r)[l]) * asFloat(s.row(b + c * rs + r)[l]) }
                        s.row(d + c)[l] = bits(acc)
                    }
                }
            }
        case .matrixTimesMatrix:
            let (k, rs) = try matrixShape(ta, at: i.offset)
            let (cols, _) = try matrixShape(tb, at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                s.forActive { l in
                    for c in 0..<cols {
                        for r in 0..<rs {
                            var acc: Float = 0
                            for j in 0..<k { acc += asFloat(s.row(a + j * rs + r)[l]) * asFloat(s.row(b + c * k + j)[l]) }
                            s.row(d + c * rs + r)[l] = bits(acc)
                        }
                    }
                }
            }
        case .outerProduct:
            let rs = try size(of: ta, at: i.offset), cols = try size(of: tb, at: i.offset)
            let (d, _) = try result(i, &f)
            return { s in
                s.forActive { l in
                    for c in 0..<cols {
                        for r in 0..<rs { s.row(d + c * rs + r)[l] = bits(asFloat(s.row(a + r)[l]) * asFloat(s.row(b + c)[l])) }
                    }
                }
            }
        default:
            preconditionFailure("translateLinearAlgebra called with \(i.opcode)")
        }
    }
}
