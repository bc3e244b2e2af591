/// Checks ids and operand types of function bodies once every declaration is known.
struct Validator {
    let module: Module

    func validate() throws(SPIRVError) {
        for entry in module.entryPoints where module.functions[entry.function] == nil {
            throw .undefinedID(offset: 0, opcode: .entryPoint, id: entry.function.raw, expected: "a function")
        }
        for function in module.functions.values.sorted(by: { $0.offset < $1.offset }) {
            let labels = Set(function.blocks.map(\.label))
            for block in function.blocks {
                for (index, instruction) in block.instructions.enumerated() {
                    if instruction.opcode.isTerminator, index != block.instructions.count - 1 {
                        throw .malformed(offset: instruction.offset, opcode: instruction.opcode, message: "terminator in the middle of a block")
                    }
                    try check(instruction, function: function, labels: labels)
                }
            }
        }
    }

    private func fail(_ i: Instruction, _ message: String) -> SPIRVError {
        .typeMismatch(offset: i.offset, opcode: i.opcode, message: message)
    }

    private func operand(_ i: Instruction, _ n: Int) throws(SPIRVError) -> UInt32 {
        guard n < i.operands.count else {
            throw .malformed(offset: i.offset, opcode: i.opcode, message: "expected at least \(n + 1) operands, found \(i.operands.count)")
        }
        return i.operands[n]
    }

    /// The type of value operand `n`; throws when it is not a defined value.
    private func valueType(_ i: Instruction, _ n: Int) throws(SPIRVError) -> TypeID {
        let id = try operand(i, n)
        guard id != 0, id < module.bound else { throw .idOutOfRange(offset: i.offset, id: id, bound: module.bound) }
        guard let t = module.valueTypes[ValueID(id)] else { throw .undefinedID(offset: i.offset, opcode: i.opcode, id: id, expected: "a defined value") }
        return t
    }

    private func label(_ i: Instruction, _ n: Int, _ labels: Set<LabelID>) throws(SPIRVError) {
        let id = try operand(i, n)
        guard id != 0, id < module.bound else { throw .idOutOfRange(offset: i.offset, id: id, bound: module.bound) }
        guard labels.contains(LabelID(id)) else { throw .undefinedID(offset: i.offset, opcode: i.opcode, id: id, expected: "a block of this function") }
    }

    private enum Scalar { case bool, int, float }

    private func shape(_ t: TypeID) -> (Scalar, Int)? {
        switch module.types[t] {
        case .bool: (.bool, 1)
        case .int: (.int, 1)
        case .float: (.float, 1)
        case .vector(let c, let n): shape(c).map { ($0.0, n) }
        default: nil
        }
    }

    private func name(_ t: TypeID) -> String {
        guard let s = shape(t) else { return "%\(t.raw)" }
        return s.1 == 1 ? "\(s.0)" : "\(s.0)\(s.1)"
    }

    /// Every operand from `from` on is a value whose shape is `scalar` × the result's count.
    private func expectOperands(_ i: Instruction, from: Int = 0, count: Int? = nil, scalar: Scalar, sameTypeAsResult: Bool) throws(SPIRVError) {
        guard let rt = i.resultType, let rs = shape(rt) else { throw fail(i, "result type is not a scalar or vector") }
        let n = count ?? (i.operands.count - from)
        guard n >= 1, from + n <= i.operands.count else {
            throw .malformed(offset: i.offset, opcode: i.opcode, message: "expected \(from + (count ?? 1)) operands, found \(i.operands.count)")
        }
        for k in from..<(from + n) {
            let t = try valueType(i, k)
            if sameTypeAsResult {
                guard t == rt || (shape(t).map { $0 == rs } ?? false) else {
                    throw fail(i, "operand \(k) %\(i.operands[k]) has type \(name(t)), expected \(name(rt))")
                }
            } else {
                guard let s = shape(t), s.0 == scalar, s.1 == rs.1 else {
                    throw fail(i, "operand \(k) %\(i.operands[k]) has type \(name(t)), expected \(scalar) with \(rs.1) components")
                }
            }
        }
    }

    private func check(_ i: Instruction, function: Function, labels: Set<LabelID>) throws(SPIRVError) {
        switch i.opcode {
        case .fAdd, .fSub, .fMul, .fDiv, .fRem, .fMod, .fNegate:
            guard let rt = i.resultType, shape(rt)?.0 == .float else { throw fail(i, "result type must be float scalar or vector") }
            try expectOperands(i, scalar: .float, sameTypeAsResult: true)
        case .iAdd, .iSub, .iMul, .uDiv, .sDiv, .uMod, .sRem, .sMod, .sNegate, .not, .bitwiseOr, .bitwiseAnd, .bitwiseXor,
             .shiftLeftLogical, .shiftRightLogical, .shiftRightArithmetic, .bitCount, .bitReverse:
            guard let rt = i.resultType, shape(rt)?.0 == .int else { throw fail(i, "result type must be integer scalar or vector") }
            try expectOperands(i, scalar: .int, sameTypeAsResult: false)
        case .fOrdEqual, .fUnordEqual, .fOrdNotEqual, .fUnordNotEqual, .fOrdLessThan, .fUnordLessThan, .fOrdGreaterThan,
             .fUnordGreaterThan, .fOrdLessThanEqual, .fUnordLessThanEqual, .fOrdGreaterThanEqual, .fUnordGreaterThanEqual:
            guard let rt = i.resultType, shape(rt)?.0 == .bool else { throw fail(i, "result type must be boolean") }
            try expectOperands(i, count: 2, scalar: .float, sameTypeAsResult: false)
        case .iEqual, .iNotEqual, .uGreaterThan, .sGreaterThan, .uGreaterThanEqual, .sGreaterThanEqual, .uLessThan, .sLessThan,
             .uLessThanEqual, .sLessThanEqual:
            guard let rt = i.resultType, shape(rt)?.0 == .bool else { throw fail(i, "result type must be boolean") }
            try expectOperands(i, count: 2, scalar: .int, sameTypeAsResult: false)
        case .logicalEqual, .logicalNotEqual, .logicalOr, .logicalAnd, .logicalNot:
            try expectOperands(i, scalar: .bool, sameTypeAsResult: false)
        case .convertFToU, .convertFToS:
            try expectOperands(i, count: 1, scalar: .float, sameTypeAsResult: false)
        case .convertSToF, .convertUToF, .sConvert, .uConvert:
            try expectOperands(i, count: 1, scalar: .int, sameTypeAsResult: false)
        case .select:
            let c = try valueType(i, 0)
            guard shape(c)?.0 == .bool else { throw fail(i, "condition %\(i.operands[0]) is not boolean") }
            for k in 1...2 where try valueType(i, k) != i.resultType {
                throw fail(i, "operand %\(i.operands[k]) does not have the result type")
            }
        case .load:
            let p = try valueType(i, 0)
            guard case .pointer(_, let pointee)? = module.types[p] else { throw fail(i, "%\(i.operands[0]) is not a pointer") }
            guard pointee == i.resultType else { throw fail(i, "loads %\(pointee.raw) into a result of type %\(i.resultType?.raw ?? 0)") }
        case .store:
            let p = try valueType(i, 0)
            guard case .pointer(_, let pointee)? = module.types[p] else { throw fail(i, "%\(i.operands[0]) is not a pointer") }
            let v = try valueType(i, 1)
            guard pointee == v else { throw fail(i, "stores a value of type %\(v.raw) through a pointer to %\(pointee.raw)") }
        case .accessChain, .inBoundsAccessChain:
            let p = try valueType(i, 0)
            guard case .pointer? = module.types[p] else { throw fail(i, "base %\(i.operands[0]) is not a pointer") }
            for k in 1..<i.operands.count {
                guard shape(try valueType(i, k))?.0 == .int else { throw fail(i, "index %\(i.operands[k]) is not an integer") }
            }
        case .compositeExtract, .copyObject, .transpose, .bitcast, .fConvert, .quantizeToF16, .dPdx, .dPdy, .fwidth,
             .dPdxFine, .dPdyFine, .fwidthFine, .dPdxCoarse, .dPdyCoarse, .fwidthCoarse, .any, .all, .isNan, .isInf,
             .vectorTimesScalar, .matrixTimesScalar, .vectorTimesMatrix, .matrixTimesVector, .matrixTimesMatrix,
             .outerProduct, .dot, .vectorExtractDynamic, .sampledImage, .image, .imageQuerySize, .imageQuerySizeLod:
            _ = try valueType(i, 0)
            if [.vectorTimesScalar, .matrixTimesScalar, .vectorTimesMatrix, .matrixTimesVector, .matrixTimesMatrix,
                .outerProduct, .dot, .vectorExtractDynamic, .sampledImage, .imageQuerySizeLod].contains(i.opcode) {
                _ = try valueType(i, 1)
            }
        case .compositeConstruct:
            for k in 0..<i.operands.count { _ = try valueType(i, k) }
        case .compositeInsert, .vectorShuffle, .vectorInsertDynamic:
            _ = try valueType(i, 0)
            _ = try valueType(i, 1)
        case .branch:
            try label(i, 0, labels)
        case .branchConditional:
            guard case .bool? = module.types[try valueType(i, 0)] else { throw fail(i, "condition %\(i.operands[0]) is not a boolean scalar") }
            try label(i, 1, labels)
            try label(i, 2, labels)
        case .switch:
            guard case .int? = module.types[try valueType(i, 0)] else { throw fail(i, "selector %\(i.operands[0]) is not an integer scalar") }
            try label(i, 1, labels)
            guard (i.operands.count - 2) % 2 == 0 else { throw .malformed(offset: i.offset, opcode: i.opcode, message: "odd number of case words") }
            for k in stride(from: 3, to: i.operands.count, by: 2) { try label(i, k, labels) }
        case .selectionMerge:
            try label(i, 0, labels)
        case .loopMerge:
            try label(i, 0, labels)
            try label(i, 1, labels)
        case .phi:
            guard i.operands.count >= 2, i.operands.count % 2 == 0 else {
                throw .malformed(offset: i.offset, opcode: i.opcode, message: "OpPhi needs (value, parent) pairs")
            }
            for k in stride(from: 0, to: i.operands.count, by: 2) {
                guard try valueType(i, k) == i.resultType else { throw fail(i, "incoming %\(i.operands[k]) does not have the result type") }
                try label(i, k + 1, labels)
            }
        case .returnValue:
            guard try valueType(i, 0) == function.resultType else { throw fail(i, "returns a value not of the function's result type") }
        case .return:
            guard case .void? = module.types[function.resultType] else { throw fail(i, "OpReturn in a function returning a value") }
        case .functionCall:
            let callee = try operand(i, 0)
            guard let f = module.functions[FunctionID(callee)] else {
                throw .undefinedID(offset: i.offset, opcode: i.opcode, id: callee, expected: "a function")
            }
            guard f.resultType == i.resultType else { throw fail(i, "result type differs from the callee's") }
            guard f.parameterTypes.count == i.operands.count - 1 else {
                throw fail(i, "\(i.operands.count - 1) arguments for \(f.parameterTypes.count) parameters")
            }
            for (k, t) in f.parameterTypes.enumerated() where try valueType(i, k + 1) != t {
                throw fail(i, "argument \(k) %\(i.operands[k + 1]) does not have the parameter's type")
            }
        case .extInst:
            let set = try operand(i, 0)
            guard module.extInstImports[ValueID(set)] != nil else {
                throw .undefinedID(offset: i.offset, opcode: i.opcode, id: set, expected: "an OpExtInstImport")
            }
            _ = try operand(i, 1)
        case .variable:
            guard case .pointer(let storage, _)? = module.types[i.resultType ?? TypeID(0)], storage == .function else {
                throw fail(i, "a variable inside a function must have Function storage")
            }
        default:
            break
        }
    }
}
