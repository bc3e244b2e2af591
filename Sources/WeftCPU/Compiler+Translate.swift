import SPIRV

extension Compiler {
    /// Translates one non-terminator, non-phi, non-call instruction, appending its ops.
    mutating func translate(_ i: Instruction, _ f: inout Frame, _ ops: inout [Op]) throws(CPUError) {
        let op: Op?
        switch i.opcode {
        case .nop, .line, .noLine, .name, .memberName, .source, .sourceContinued, .string, .moduleProcessed:
            op = nil
        case .undef:
            if let id = i.result, let t = i.resultType {
                let n = try size(of: t, at: i.offset)
                let base = allocate(n)
                for k in 0..<n { constantRows.append(ConstantRow(row: base + k, bits: 0)) }
                f.values[id] = .rows(base)
            }
            op = nil
        case .fAdd, .fSub, .fMul, .fDiv, .fRem, .fMod, .iAdd, .iSub, .iMul, .uDiv, .sDiv, .uMod, .sRem, .sMod,
             .shiftLeftLogical, .shiftRightLogical, .shiftRightArithmetic, .bitwiseAnd, .bitwiseOr, .bitwiseXor,
             .logicalAnd, .logicalOr, .logicalEqual, .logicalNotEqual, .iEqual, .iNotEqual,
             .uLessThan, .uLessThanEqual, .uGreaterThan, .uGreaterThanEqual,
             .sLessThan, .sLessThanEqual, .sGreaterThan, .sGreaterThanEqual,
             .fOrdEqual, .fOrdNotEqual, .fOrdLessThan, .fOrdLessThanEqual, .fOrdGreaterThan, .fOrdGreaterThanEqual,
             .fUnordEqual, .fUnordNotEqual, .fUnordLessThan, .fUnordLessThanEqual, .fUnordGreaterThan, .fUnordGreaterThanEqual:
            op = try translateBinary(i, &f)
        case .fNegate, .sNegate, .not, .logicalNot, .bitCount, .bitReverse, .convertFToS, .convertFToU, .convertSToF,
             .convertUToF, .uConvert, .sConvert, .fConvert, .bitcast, .quantizeToF16, .isNan, .isInf, .isFinite,
             .isNormal, .signBitSet:
            op = try translateUnary(i, &f)
        case .select:
            op = try translateSelect(i, &f)
        case .any, .all:
            op = try translateReduction(i, &f)
        case .bitFieldInsert, .bitFieldSExtract, .bitFieldUExtract:
            op = try translateBitField(i, &f)
        case .iAddCarry, .iSubBorrow, .uMulExtended, .sMulExtended:
            op = try translateExtended(i, &f)
        case .compositeExtract, .compositeConstruct, .compositeInsert, .copyObject, .copyLogical, .vectorShuffle,
             .vectorExtractDynamic, .vectorInsertDynamic, .transpose:
            op = try translateComposite(i, &f)
        case .vectorTimesScalar, .matrixTimesScalar, .dot, .matrixTimesVector, .vectorTimesMatrix, .matrixTimesMatrix, .outerProduct:
            op = try translateLinearAlgebra(i, &f)
        case .variable, .load, .store, .accessChain, .inBoundsAccessChain, .copyMemory, .arrayLength:
            op = try translateMemory(i, &f)
        case .sampledImage, .image, .imageWrite, .imageRead, .imageFetch, .imageSampleExplicitLod, .imageSampleImplicitLod,
             .imageGather, .imageQuerySize, .imageQuerySizeLod, .imageQueryLevels, .imageQuerySamples,
             .imageSampleDrefImplicitLod, .imageSampleDrefExplicitLod, .imageSampleProjImplicitLod, .imageSampleProjExplicitLod,
             .imageSampleProjDrefImplicitLod, .imageSampleProjDrefExplicitLod, .imageDrefGather, .imageQueryLod:
            op = try translateImage(i, &f)
        case .dPdx, .dPdy, .fwidth, .dPdxFine, .dPdyFine, .fwidthFine, .dPdxCoarse, .dPdyCoarse, .fwidthCoarse:
            op = try translateDerivative(i, &f)
        case .extInst:
            op = try translateExtInst(i, &f)
        case .memoryBarrier:
            // Invocations of a batch run in lockstep and buffers are read-only: nothing to order.
            op = nil
        default:
            throw .unsupported(offset: i.offset, opcode: i.opcode, message: "the CPU evaluator does not implement this instruction")
        }
        guard let op else { return }
        if try isDispatchInvariant(i, f) {
            invariantOps.append(op)
            if let id = i.result, case .rows(let r)? = f.values[id], let t = i.resultType, let n = try? size(of: t, at: i.offset) {
                for k in r..<(r + n) { invariantRows.insert(k) }
            }
        } else {
            ops.append(op)
        }
    }

    /// Whether `i` computes the same value for every invocation of a dispatch: a pure
    /// instruction whose operands are constants, uniform, push-constant or read-only storage data, or such values.
    /// Those run once per thread before the first batch instead of once per batch.
    func isDispatchInvariant(_ i: Instruction, _ f: Frame) throws(CPUError) -> Bool {
        if tracing { return false } // every value is recorded where the source computes it
        switch i.opcode {
        case .fAdd, .fSub, .fMul, .fDiv, .fRem, .fMod, .iAdd, .iSub, .iMul, .uDiv, .sDiv, .uMod, .sRem, .sMod,
             .shiftLeftLogical, .shiftRightLogical, .shiftRightArithmetic, .bitwiseAnd, .bitwiseOr, .bitwiseXor,
             .logicalAnd, .logicalOr, .logicalEqual, .logicalNotEqual, .iEqual, .iNotEqual, .uLessThan, .uLessThanEqual,
             .uGreaterThan, .uGreaterThanEqual, .sLessThan, .sLessThanEqual, .sGreaterThan, .sGreaterThanEqual,
             .fOrdEqual, .fOrdNotEqual, .fOrdLessThan, .fOrdLessThanEqual, .fOrdGreaterThan, .fOrdGreaterThanEqual,
             .fUnordEqual, .fUnordNotEqual, .fUnordLessThan, .fUnordLessThanEqual, .fUnordGreaterThan, .fUnordGreaterThanEqual,
             .fNegate, .sNegate, .not, .logicalNot, .bitCount, .bitReverse, .convertFToS, .convertFToU, .convertSToF,
             .convertUToF, .uConvert, .sConvert, .fConvert, .bitcast, .quantizeToF16, .isNan, .isInf, .isFinite, .isNormal,
             .signBitSet, .select, .any, .all, .compositeConstruct, .compositeInsert, .vectorShuffle, .transpose,
             .vectorTimesScalar, .matrixTimesScalar, .dot, .matrixTimesVector, .vectorTimesMatrix, .matrixTimesMatrix, .outerProduct:
            break
        case .extInst:
            guard i.operands.count > 1, ![35, 51].contains(i.operands[1]) else { return false }
        case .load:
            guard let first = i.operands.first, case .pointer(let p)? = f.values[ValueID(first)] ?? globals[ValueID(first)],
                  case .buffer(let slot) = p.space, p.dynamic.map({ invariantRows.contains($0) }) ?? true else { return false }
            if case .storage = bufferSlots[slot], !readOnlySlots.contains(slot) { return false }
            return true
        default:
            return false
        }
        let first = i.opcode == .extInst ? 2 : 0
        for w in i.operands.dropFirst(first) {
            switch f.values[ValueID(w)] ?? globals[ValueID(w)] {
            case .rows(let r)?:
                guard let t = module.valueTypes[ValueID(w)], let n = try? size(of: t, at: i.offset) else { return false }
                for k in r..<(r + n) where !invariantRows.contains(k) { return false }
            case nil:
                continue   // a literal operand
            default:
                return false
            }
        }
        return true
    }
}
