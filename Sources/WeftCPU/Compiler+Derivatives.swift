import SPIRV

/// Differences inside a 2×2 quad (lanes q·4 + 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right).
enum QuadDerivative {
    @inline(__always)
    static func dx(_ p: UnsafeMutablePointer<UInt32>, _ l: Int, fine: Bool) -> Float {
        let q = l & ~3
        let rowStart = fine ? q + (l & 2) : q
        return asFloat(p[rowStart + 1]) - asFloat(p[rowStart])
    }

    @inline(__always)
    static func dy(_ p: UnsafeMutablePointer<UInt32>, _ l: Int, fine: Bool) -> Float {
        let q = l & ~3
        let column = fine ? q + (l & 1) : q
        return asFloat(p[column + 2]) - asFloat(p[column])
    }
}

extension Compiler {
    /// OpDPdx/OpDPdy/OpFwidth and their Fine and Coarse forms. The plain forms are evaluated
    /// fine-grained (each row / column of the quad separately); the Vulkan differential tests
    /// will tell whether a device prefers coarse.
    mutating func translateDerivative(_ i: Instruction, _ f: inout Frame) throws(CPUError) -> Op {
        usesDerivatives = true
        let a = try rows(i, 0, f)
        let (d, n) = try result(i, &f)
        let fine = ![.dPdxCoarse, .dPdyCoarse, .fwidthCoarse].contains(i.opcode)
        enum Kind { case x, y, width }
        let kind: Kind
        switch i.opcode {
        case .dPdx, .dPdxFine, .dPdxCoarse: kind = .x
        case .dPdy, .dPdyFine, .dPdyCoarse: kind = .y
        default: kind = .width
        }
        // Results go to scratch first: a lane's neighbours must read the operand, not the result.
        let scratch = allocate(n)
        return { s in
            for r in 0..<n {
                let src = s.row(a + r), out = s.row(scratch + r)
                for l in 0..<Lanes.count {
                    let v: Float
                    switch kind {
                    case .x: v = QuadDerivative.dx(src, l, fine: fine)
                    case .y: v = QuadDerivative.dy(src, l, fine: fine)
                    case .width: v = abs(QuadDerivative.dx(src, l, fine: fine)) + abs(QuadDerivative.dy(src, l, fine: fine))
                    }
                    out[l] = bits(v)
                }
            }
            s.copy(d, scratch, rows: n)
        }
    }
}
