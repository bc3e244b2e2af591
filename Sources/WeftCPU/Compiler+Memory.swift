import SPIRV

extension Compiler {
    func pointer(_ i: Instruction, _ n: Int, _ f: Frame) throws(CPUError) -> Pointer {
        guard case .pointer(let p) = try value(ValueID(try operand(i, n)), f, at: i.offset) else {
            throw .invalidKernel(offset: i.offset, message: "%\(i.operands[n]) is not a pointer the evaluator can follow")
        }
        return p
    }

    /// A constant integer operand, or nil when the index varies per invocation.
    func constantIndex(_ id: UInt32) -> Int? {
        guard case .scalar(let b)? = module.constants[ValueID(id)]?.value else { return nil }
        if case .int(_, true)? = module.types[module.constants[ValueID(id)]!.type] { return Int(Int32(bitPattern: b)) }
        return Int(b)
    }

    mutating func translateMemory(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op? {
        switch i.opcode {
        case .variable:
            guard let id = i.result, case .pointer(_, let pointee)? = module.types[try resultType(i)] else {
                throw .invalidKernel(offset: i.offset, message: "OpVariable without a pointer result")
            }
            let n = try size(of: pointee, at: i.offset)
            let base = allocate(n)
            f.values[id] = .pointer(Pointer(space: .registers(rootBase: base, rootSize: n), offset: 0, pointee: pointee))
            if i.operands.count > 1, case .rows(let src) = try value(ValueID(i.operands[1]), f, at: i.offset) {
                forwarded[base] = (src, n)
                return { s in s.copy(base, src, rows: n) }
            }
            // Without an initializer a variable's contents are undefined until stored (as in Vulkan).
            return nil
        case .accessChain, .inBoundsAccessChain:
            guard let id = i.result else { return nil }
            var ops: [Op] = []
            f.values[id] = .pointer(try accessChain(i, f, &ops))
            let steps = ops
            if steps.isEmpty { return nil }
            if steps.count == 1 { return steps[0] }
            return { s in for op in steps { op(s) } }
        case .load:
            let p = try pointer(i, 0, f)
            guard let id = i.result else { return nil }
            switch p.space {
            case .resource(let r):
                switch r {
                case .image(let ref): f.values[id] = .image(ref)
                case .sampler(let b): f.values[id] = .sampler(binding: b)
                }
                return nil
            case .registers(let rootBase, let rootSize):
                let n = try size(of: p.pointee, at: i.offset)
                if p.dynamic == nil, builtinRows.contains(where: { $0.1 == rootBase }) {
                    f.values[id] = .rows(rootBase + p.offset)
                    return nil
                }
                if p.dynamic == nil, let source = forwardedSource(rootBase + p.offset, n) {
                    f.values[id] = .rows(source)
                    return nil
                }
                let (d, _) = try result(i, &f)
                if p.dynamic == nil { forwarded[rootBase + p.offset] = (d, n) }
                return registerLoad(d, n, p, rootBase, rootSize)
            case .buffer(let slot):
                let layout = try bufferLayout(p.pointee, matrixStride: p.matrixStride, at: i.offset)
                let (d, _) = try result(i, &f)
                return bufferLoad(d, layout, slot, p)
            }
        case .store:
            let p = try pointer(i, 0, f)
            let src = try rows(i, 1, f)
            if case .buffer(let slot) = p.space {
                guard case .storage = bufferSlots[slot], !readOnlySlots.contains(slot) else {
                    throw .invalidKernel(offset: i.offset, message: "store to a uniform, push-constant or read-only block")
                }
                let layout = try bufferLayout(p.pointee, matrixStride: p.matrixStride, at: i.offset)
                return bufferStore(src, layout, slot, p)
            }
            guard case .registers(let rootBase, let rootSize) = p.space else {
                throw .unsupported(offset: i.offset, opcode: i.opcode, message: "stores through image or sampler pointers")
            }
            let n = try size(of: p.pointee, at: i.offset)
            noteStore(p, n, rootBase, rootSize)
            if p.dynamic == nil { forwarded[rootBase + p.offset] = (src, n) }
            return registerStore(src, n, p, rootBase, rootSize)
        case .copyMemory:
            let target = try pointer(i, 0, f), source = try pointer(i, 1, f)
            guard case .registers(let tb, let ts) = target.space, case .registers(let sb, let ss) = source.space else {
                throw .unsupported(offset: i.offset, opcode: i.opcode, message: "copies between buffers")
            }
            let n = try size(of: target.pointee, at: i.offset)
            noteStore(target, n, tb, ts)
            let temp = allocate(n)
            let load = registerLoad(temp, n, source, sb, ss), store = registerStore(temp, n, target, tb, ts)
            return { s in load(s); store(s) }
        case .arrayLength:
            let p = try pointer(i, 0, f)
            let member = Int(try operand(i, 1))
            guard case .buffer(let slot) = p.space, case .structure(let members)? = module.types[p.pointee], member < members.count,
                  case .runtimeArray? = module.types[members[member]],
                  let memberOffset = module.memberDecoration(.offset, on: p.pointee, member: member)?.first,
                  let stride = module.decoration(.arrayStride, on: members[member].raw)?.first, stride > 0 else {
                throw .invalidKernel(offset: i.offset, message: "OpArrayLength needs a buffer block whose member \(member) is a runtime array with an ArrayStride")
            }
            let (d, _) = try result(i, &f)
            return { s in
                let bytes = s.buffers[slot].count
                let length = UInt32(max(0, bytes - Int(memberOffset)) / Int(stride))
                let row = s.row(d)
                s.forActive { l in row[l] = length }
            }
        default:
            preconditionFailure("translateMemory called with \(i.opcode)")
        }
    }

    /// SSA rows known to equal variable rows [start, start + rows), if a store or load in this
    /// segment left them so.
    func forwardedSource(_ start: Int, _ rows: Int) -> Int? {
        for (s, e) in forwarded where s <= start && start + rows <= s + e.rows { return e.source + (start - s) }
        return nil
    }

    /// Forgets forwarded values that a store through `p` may overwrite.
    mutating func noteStore(_ p: Pointer, _ rows: Int, _ rootBase: Int, _ rootSize: Int) {
        let (lo, hi) = p.dynamic == nil ? (rootBase + p.offset, rootBase + p.offset + rows) : (rootBase, rootBase + rootSize)
        forwarded = forwarded.filter { s, e in s + e.rows <= lo || hi <= s }
    }

    func registerLoad(_ d: Int, _ n: Int, _ p: Pointer, _ rootBase: Int, _ rootSize: Int) -> Op {
        let start = rootBase + p.offset
        guard let dyn = p.dynamic else { return { s in s.copy(d, start, rows: n) } }
        let lowest = rootBase, highest = rootBase + rootSize - n
        return { s in
            let offsets = s.row(dyn)
            s.forActive { l in
                let from = min(max(start + Int(asInt(offsets[l])), lowest), highest)
                for r in 0..<n { s.row(d + r)[l] = s.row(from + r)[l] }
            }
        }
    }

    func registerStore(_ src: Int, _ n: Int, _ p: Pointer, _ rootBase: Int, _ rootSize: Int) -> Op {
        let start = rootBase + p.offset
        guard let dyn = p.dynamic else { return { s in s.copy(start, src, rows: n) } }
        let lowest = rootBase, highest = rootBase + rootSize - n
        return { s in
            let offsets = s.row(dyn)
            s.forActive { l in
                let target = start + Int(asInt(offsets[l]))
                // Out-of-bounds stores are dropped (robust access), never written elsewhere.
                guard target >= lowest, target <= highest else { return }
                for r in 0..<n { s.row(target + r)[l] = s.row(src + r)[l] }
            }
        }
    }

    /// Each scalar of `type` as laid out in a buffer: (register row, byte offset, is boolean).
    func bufferLayout(_ type: TypeID, matrixStride: Int?, at offset: Int) throws(CPUError) -> [(Int, Int, Bool)] {
        switch module.types[type] {
        case .bool: return [(0, 0, true)]
        case .int, .float: return [(0, 0, false)]
        case .vector(let c, let n):
            let isBool = module.types[c] == .bool
            return (0..<n).map { ($0, 4 * $0, isBool) }
        case .matrix(let column, let n):
            guard let stride = matrixStride else { throw .invalidKernel(offset: offset, message: "matrix in a buffer without MatrixStride") }
            let rs = try size(of: column, at: offset)
            var out: [(Int, Int, Bool)] = []
            for c in 0..<n { for r in 0..<rs { out.append((c * rs + r, c * stride + 4 * r, false)) } }
            return out
        case .array(let e, let n):
            guard let stride = module.decoration(.arrayStride, on: type.raw)?.first else {
                throw .invalidKernel(offset: offset, message: "array in a buffer without ArrayStride")
            }
            let inner = try bufferLayout(e, matrixStride: matrixStride, at: offset)
            let es = try size(of: e, at: offset)
            var out: [(Int, Int, Bool)] = []
            for k in 0..<n { out += inner.map { ($0.0 + k * es, $0.1 + k * Int(stride), $0.2) } }
            return out
        case .structure(let members):
            var out: [(Int, Int, Bool)] = []
            var row = 0
            for (m, t) in members.enumerated() {
                guard let o = module.memberDecoration(.offset, on: type, member: m)?.first else {
                    throw .invalidKernel(offset: offset, message: "member \(m) of a buffer struct has no Offset")
                }
                if module.memberDecoration(.rowMajor, on: type, member: m) != nil {
                    throw .unsupported(offset: offset, opcode: .memberDecorate, message: "RowMajor matrices in buffers")
                }
                let ms = module.memberDecoration(.matrixStride, on: type, member: m)?.first.map(Int.init)
                out += try bufferLayout(t, matrixStride: ms, at: offset).map { ($0.0 + row, $0.1 + Int(o), $0.2) }
                row += try size(of: t, at: offset)
            }
            return out
        default:
            throw .unsupported(offset: offset, opcode: .load, message: "loading %\(type.raw) from a buffer")
        }
    }

    func bufferLoad(_ d: Int, _ layout: [(Int, Int, Bool)], _ slot: Int, _ p: Pointer) -> Op {
        let base = p.offset
        if let dyn = p.dynamic {
            return { s in
                let buffer = s.buffers[slot]
                let offsets = s.row(dyn)
                for (row, byte, isBool) in layout {
                    let out = s.row(d + row), at = base + byte
                    s.forActive { l in
                        let v = readWord(buffer, at + Int(asInt(offsets[l])))
                        out[l] = isBool ? bits(v != 0) : v
                    }
                }
            }
        }
        return { s in
            let buffer = s.buffers[slot]
            for (row, byte, isBool) in layout {
                let raw = readWord(buffer, base + byte)
                let v = isBool ? bits(raw != 0) : raw
                let out = s.row(d + row)
                s.forActive { l in out[l] = v }
            }
        }
    }

    /// Writes each active lane's value into a storage buffer; writes past the end are dropped.
    func bufferStore(_ src: Int, _ layout: [(Int, Int, Bool)], _ slot: Int, _ p: Pointer) -> Op {
        let base = p.offset, dyn = p.dynamic
        return { s in
            let buffer = s.buffers[slot]
            guard let start = buffer.baseAddress else { return }
            let bytes = UnsafeMutableRawPointer(mutating: start)
            s.forActive { l in
                let at = base + (dyn.map { Int(asInt(s.row($0)[l])) } ?? 0)
                for (row, byte, _) in layout {
                    let o = at + byte
                    guard o >= 0, o + 4 <= buffer.count else { continue }
                    bytes.storeBytes(of: s.row(src + row)[l].littleEndian, toByteOffset: o, as: UInt32.self)
                }
            }
        }
    }

    mutating func accessChain(_ i: Instruction, _ f: Frame, _ ops: inout [Op]) throws(CPUError) -> Pointer {
        var p = try pointer(i, 0, f)
        if case .resource = p.space {
            throw .unsupported(offset: i.offset, opcode: i.opcode, message: "arrays of images or samplers")
        }
        let isBuffer: Bool
        if case .buffer = p.space { isBuffer = true } else { isBuffer = false }
        for k in 1..<i.operands.count {
            let indexID = i.operands[k]
            let t = p.pointee
            let constant = constantIndex(indexID)
            if case .structure(let members)? = module.types[t] {
                guard let m = constant, m >= 0, m < members.count else {
                    throw .invalidKernel(offset: i.offset, message: "struct member index must be a constant in range")
                }
                if isBuffer {
                    guard let o = module.memberDecoration(.offset, on: t, member: m)?.first else {
                        throw .invalidKernel(offset: i.offset, message: "member \(m) of a buffer struct has no Offset")
                    }
                    p.offset += Int(o)
                    p.matrixStride = module.memberDecoration(.matrixStride, on: t, member: m)?.first.map(Int.init)
                    if module.memberDecoration(.rowMajor, on: t, member: m) != nil {
                        throw .unsupported(offset: i.offset, opcode: i.opcode, message: "RowMajor matrices in buffers")
                    }
                } else {
                    p.offset += try parts(of: t, at: i.offset)[m].0
                }
                p.pointee = members[m]
                continue
            }
            let element: TypeID, stride: Int
            switch module.types[t] {
            case .vector(let c, _):
                element = c
                stride = isBuffer ? 4 : 1
            case .matrix(let c, _):
                element = c
                if isBuffer {
                    guard let ms = p.matrixStride else { throw .invalidKernel(offset: i.offset, message: "matrix in a buffer without MatrixStride") }
                    stride = ms
                } else {
                    stride = try size(of: c, at: i.offset)
                }
            case .array(let e, _), .runtimeArray(let e):
                element = e
                if isBuffer {
                    guard let s = module.decoration(.arrayStride, on: t.raw)?.first else {
                        throw .invalidKernel(offset: i.offset, message: "array in a buffer without ArrayStride")
                    }
                    stride = Int(s)
                } else {
                    stride = try size(of: e, at: i.offset)
                }
            default:
                throw .invalidKernel(offset: i.offset, message: "access chain index into non-composite %\(t.raw)")
            }
            p.pointee = element
            if let c = constant {
                p.offset += c * stride
            } else {
                let index = try rows(ValueID(indexID), f, at: i.offset)
                let next = allocate(1)
                let scale = UInt32(truncatingIfNeeded: stride)
                let op: Op
                if let previous = p.dynamic {
                    op = { s in s.map2(next, previous, 1, index, 1, rows: 1) { $0 &+ $1 &* scale } }
                } else {
                    op = { s in s.map1(next, index, rows: 1) { $0 &* scale } }
                }
                // An index the whole dispatch shares (Weft's kernels read their blocks at one: docs/kernel-abi.md)
                // gives an offset computed once, and loads through it can be too.
                if !tracing && invariantRows.contains(index) && (p.dynamic.map { invariantRows.contains($0) } ?? true) {
                    invariantOps.append(op)
                    invariantRows.insert(next)
                } else {
                    ops.append(op)
                }
                p.dynamic = next
            }
        }
        return p
    }
}

/// A little-endian 32-bit word of a buffer; reads past the end give 0 (robust buffer access).
@inline(__always) func readWord(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= buffer.count else { return 0 }
    return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt32.self))
}
