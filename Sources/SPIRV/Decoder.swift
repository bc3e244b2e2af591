extension Module {
    /// Decodes and validates a SPIR-V binary. Never traps on malformed input: every problem is a
    /// `SPIRVError` naming the word offset.
    public static func decode(_ words: [UInt32]) throws(SPIRVError) -> Module {
        var decoder = Decoder(words: words)
        try decoder.run()
        try Validator(module: decoder.module).validate()
        return decoder.module
    }
}

/// One raw instruction while decoding: opcode, offset, and all words after the opcode word.
struct RawInstruction {
    var opcode: Opcode
    var offset: Int
    var words: ArraySlice<UInt32>

    func word(_ i: Int) throws(SPIRVError) -> UInt32 {
        guard i < words.count else {
            throw .malformed(offset: offset, opcode: opcode, message: "expected at least \(i + 1) operand words, found \(words.count)")
        }
        return words[words.startIndex + i]
    }

    /// A null-terminated UTF-8 literal string starting at operand word `i`, and the index after it.
    func string(at i: Int) throws(SPIRVError) -> (String, Int) {
        var bytes: [UInt8] = []
        var index = i
        while index < words.count {
            let w = words[words.startIndex + index]
            index += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                let b = UInt8(truncatingIfNeeded: w >> UInt32(shift))
                if b == 0 { return (String(decoding: bytes, as: UTF8.self), index) }
                bytes.append(b)
            }
        }
        throw .malformed(offset: offset, opcode: opcode, message: "literal string is not null-terminated")
    }
}

struct Decoder {
    let words: [UInt32]
    var module = Module()
    var definedIDs: Set<UInt32> = []
    var currentFunction: Function?
    var currentBlock: Block?
    var pendingModes: [(FunctionID, ExecutionMode, [UInt32])] = []
    /// The `OpLine` in effect inside the current block.
    var currentLine: SourceLocation?

    init(words: [UInt32]) { self.words = words }

    mutating func run() throws(SPIRVError) {
        guard words.count >= 5 else { throw .truncated(offset: 0, needed: 5, available: words.count) }
        guard words[0] == Module.magic else { throw .badMagic(found: words[0]) }
        module.version = (Int(words[1] >> 16 & 0xff), Int(words[1] >> 8 & 0xff))
        module.generator = words[2]
        module.bound = words[3]
        var offset = 5
        while offset < words.count {
            let first = words[offset]
            let count = Int(first >> 16)
            let code = UInt16(truncatingIfNeeded: first)
            guard count >= 1 else { throw .malformed(offset: offset, opcode: Opcode(rawValue: code), message: "instruction word count is 0") }
            guard offset + count <= words.count else { throw .truncated(offset: offset, needed: count, available: words.count - offset) }
            guard let opcode = Opcode(rawValue: code) else { throw .unknownOpcode(offset: offset, code: code) }
            try decode(RawInstruction(opcode: opcode, offset: offset, words: words[(offset + 1)..<(offset + count)]))
            offset += count
        }
        guard currentFunction == nil else {
            throw .truncated(offset: words.count, needed: 1, available: 0)
        }
        for (function, mode, literals) in pendingModes {
            guard let index = module.entryPoints.firstIndex(where: { $0.function == function }) else {
                throw .malformed(offset: 0, opcode: .executionMode, message: "execution mode for %\(function.raw), which is not an entry point")
            }
            module.entryPoints[index].modes[mode] = literals
        }
    }

    mutating func define(_ id: UInt32, _ raw: RawInstruction) throws(SPIRVError) {
        guard id != 0, id < module.bound else { throw .idOutOfRange(offset: raw.offset, id: id, bound: module.bound) }
        guard definedIDs.insert(id).inserted else { throw .redefinedID(offset: raw.offset, opcode: raw.opcode, id: id) }
    }

    func checkRange(_ id: UInt32, _ raw: RawInstruction) throws(SPIRVError) {
        guard id != 0, id < module.bound else { throw .idOutOfRange(offset: raw.offset, id: id, bound: module.bound) }
    }

    /// A type id that is already declared (types must precede their uses).
    func type(_ id: UInt32, _ raw: RawInstruction) throws(SPIRVError) -> TypeID {
        try checkRange(id, raw)
        guard module.types[TypeID(id)] != nil else { throw .undefinedID(offset: raw.offset, opcode: raw.opcode, id: id, expected: "a declared type") }
        return TypeID(id)
    }

    func scalarConstant(_ id: UInt32, _ raw: RawInstruction) throws(SPIRVError) -> UInt32 {
        try checkRange(id, raw)
        guard let c = module.constants[ValueID(id)] else {
            throw .undefinedID(offset: raw.offset, opcode: raw.opcode, id: id, expected: "a declared constant")
        }
        switch c.value {
        case .scalar(let bits): return bits
        case .null: return 0
        case .composite: throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "%\(id) is a composite, expected a scalar constant")
        }
    }

    mutating func decode(_ raw: RawInstruction) throws(SPIRVError) {
        let (hasResult, hasResultType) = raw.opcode.resultShape
        if currentFunction != nil, raw.opcode != .function {
            try decodeInFunction(raw, hasResult: hasResult, hasResultType: hasResultType)
            return
        }
        switch raw.opcode {
        case .capability: module.capabilities.append(try raw.word(0))
        case .extension: module.extensions.append(try raw.string(at: 0).0)
        case .extInstImport:
            let id = try raw.word(0)
            try define(id, raw)
            module.extInstImports[ValueID(id)] = try raw.string(at: 1).0
        case .memoryModel, .source, .sourceContinued, .sourceExtension, .moduleProcessed, .line, .noLine, .nop:
            break
        case .string:
            try define(try raw.word(0), raw)
            module.strings[try raw.word(0)] = try raw.string(at: 1).0
        case .entryPoint:
            let model = ExecutionModel(rawValue: try raw.word(0))
            let function = try raw.word(1)
            try checkRange(function, raw)
            let (name, next) = try raw.string(at: 2)
            var interface: [ValueID] = []
            for i in next..<raw.words.count {
                let id = try raw.word(i)
                try checkRange(id, raw)
                interface.append(ValueID(id))
            }
            module.entryPoints.append(EntryPoint(model: model, function: FunctionID(function), name: name, interface: interface, modes: [:]))
        case .executionMode, .executionModeId:
            let function = try raw.word(0)
            try checkRange(function, raw)
            let mode = ExecutionMode(rawValue: try raw.word(1))
            pendingModes.append((FunctionID(function), mode, Array(raw.words.dropFirst(2))))
        case .name:
            let id = try raw.word(0)
            try checkRange(id, raw)
            module.names[id] = try raw.string(at: 1).0
        case .memberName:
            let id = try raw.word(0)
            try checkRange(id, raw)
            module.memberNames[TypeID(id), default: [:]][Int(try raw.word(1))] = try raw.string(at: 2).0
        case .decorate, .decorateId:
            let id = try raw.word(0)
            try checkRange(id, raw)
            module.decorations[id, default: []].append(Decorated(decoration: Decoration(rawValue: try raw.word(1)), literals: Array(raw.words.dropFirst(2))))
        case .decorateString:
            let id = try raw.word(0)
            try checkRange(id, raw)
            module.decorations[id, default: []].append(Decorated(decoration: Decoration(rawValue: try raw.word(1)), literals: []))
        case .memberDecorate:
            let id = try raw.word(0)
            try checkRange(id, raw)
            let member = Int(try raw.word(1))
            let d = Decorated(decoration: Decoration(rawValue: try raw.word(2)), literals: Array(raw.words.dropFirst(3)))
            module.memberDecorations[TypeID(id), default: [:]][member, default: []].append(d)
        case .memberDecorateString, .decorationGroup, .groupDecorate, .groupMemberDecorate:
            if raw.opcode == .decorationGroup { try define(try raw.word(0), raw) }
        case .typeVoid, .typeBool, .typeInt, .typeFloat, .typeVector, .typeMatrix, .typeArray, .typeRuntimeArray,
             .typeStruct, .typePointer, .typeFunction, .typeImage, .typeSampler, .typeSampledImage:
            try decodeType(raw)
        case .typeForwardPointer:
            throw .unsupported(offset: raw.offset, opcode: raw.opcode, message: "forward pointers (physical storage buffers)")
        case .constant, .constantTrue, .constantFalse, .constantComposite, .constantNull,
             .specConstant, .specConstantTrue, .specConstantFalse, .specConstantComposite, .specConstantOp:
            try decodeConstant(raw)
        case .variable:
            let typeID = try type(try raw.word(0), raw)
            let id = try raw.word(1)
            try define(id, raw)
            guard case .pointer(let storage, let pointee)? = module.types[typeID] else {
                throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "result type %\(typeID.raw) is not a pointer type")
            }
            let declared = StorageClass(rawValue: try raw.word(2))
            guard declared == storage else {
                throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "storage class \(declared) differs from the pointer type's \(storage)")
            }
            var initializer: ValueID?
            if raw.words.count > 3 {
                let i = try raw.word(3)
                try checkRange(i, raw)
                initializer = ValueID(i)
            }
            module.globals[ValueID(id)] = GlobalVariable(id: ValueID(id), type: typeID, storage: storage, pointee: pointee, initializer: initializer)
            module.valueTypes[ValueID(id)] = typeID
        case .undef:
            let typeID = try type(try raw.word(0), raw)
            let id = try raw.word(1)
            try define(id, raw)
            module.undefs[ValueID(id)] = typeID
            module.valueTypes[ValueID(id)] = typeID
        case .function:
            guard currentFunction == nil else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "OpFunction inside a function") }
            let resultType = try type(try raw.word(0), raw)
            let id = try raw.word(1)
            try define(id, raw)
            let functionType = try type(try raw.word(3), raw)
            guard case .function(let r, let params)? = module.types[functionType], r == resultType else {
                throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "function type %\(functionType.raw) does not return %\(resultType.raw)")
            }
            _ = params
            currentFunction = Function(id: FunctionID(id), offset: raw.offset, resultType: resultType, type: functionType,
                                       parameterIDs: [], parameterTypes: [], blocks: [])
        default:
            throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "not allowed outside a function")
        }
    }

    mutating func decodeType(_ raw: RawInstruction) throws(SPIRVError) {
        let id = try raw.word(0)
        try define(id, raw)
        let t: SPIRVType
        switch raw.opcode {
        case .typeVoid: t = .void
        case .typeBool: t = .bool
        case .typeInt:
            let width = Int(try raw.word(1))
            guard width == 32 else { throw .unsupported(offset: raw.offset, opcode: raw.opcode, message: "\(width)-bit integers (only 32-bit)") }
            t = .int(width: width, signed: try raw.word(2) != 0)
        case .typeFloat:
            let width = Int(try raw.word(1))
            guard width == 32 else { throw .unsupported(offset: raw.offset, opcode: raw.opcode, message: "\(width)-bit floats (only 32-bit)") }
            t = .float(width: width)
        case .typeVector:
            let c = try type(try raw.word(1), raw)
            let n = Int(try raw.word(2))
            switch module.types[c] {
            case .bool, .int, .float: break
            default: throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "vector component %\(c.raw) is not a scalar type")
            }
            guard (2...4).contains(n) else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "vector of \(n) components") }
            t = .vector(component: c, count: n)
        case .typeMatrix:
            let c = try type(try raw.word(1), raw)
            let n = Int(try raw.word(2))
            guard case .vector(let s, _)? = module.types[c], case .float? = module.types[s] else {
                throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "matrix column %\(c.raw) is not a float vector type")
            }
            guard (2...4).contains(n) else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "matrix of \(n) columns") }
            t = .matrix(column: c, columns: n)
        case .typeArray:
            let e = try type(try raw.word(1), raw)
            let length = try scalarConstant(try raw.word(2), raw)
            guard length >= 1 else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "array length must be at least 1") }
            t = .array(element: e, count: Int(length))
        case .typeRuntimeArray:
            t = .runtimeArray(element: try type(try raw.word(1), raw))
        case .typeStruct:
            var members: [TypeID] = []
            for i in 1..<raw.words.count { members.append(try type(try raw.word(i), raw)) }
            t = .structure(members: members)
        case .typePointer:
            t = .pointer(storage: StorageClass(rawValue: try raw.word(1)), pointee: try type(try raw.word(2), raw))
        case .typeFunction:
            let r = try type(try raw.word(1), raw)
            var params: [TypeID] = []
            for i in 2..<max(2, raw.words.count) { params.append(try type(try raw.word(i), raw)) }
            t = .function(result: r, parameters: params)
        case .typeImage:
            let sampledType = try type(try raw.word(1), raw)
            t = .image(ImageType(sampledType: sampledType, dim: Dim(rawValue: try raw.word(2)), depth: try raw.word(3),
                                 arrayed: try raw.word(4) != 0, multisampled: try raw.word(5) != 0, sampled: try raw.word(6),
                                 format: ImageFormat(rawValue: try raw.word(7))))
        case .typeSampler: t = .sampler
        case .typeSampledImage:
            let image = try type(try raw.word(1), raw)
            guard case .image? = module.types[image] else {
                throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "%\(image.raw) is not an image type")
            }
            t = .sampledImage(image: image)
        default:
            preconditionFailure("decodeType called with \(raw.opcode)")
        }
        module.types[TypeID(id)] = t
    }

    mutating func decodeConstant(_ raw: RawInstruction) throws(SPIRVError) {
        let typeID = try type(try raw.word(0), raw)
        let id = try raw.word(1)
        try define(id, raw)
        let t = module.types[typeID]
        let isSpec = [.specConstant, .specConstantTrue, .specConstantFalse, .specConstantComposite, .specConstantOp].contains(raw.opcode)
        let value: ConstantValue
        switch raw.opcode {
        case .constant, .specConstant:
            switch t {
            case .int, .float: value = .scalar(try raw.word(2))
            default: throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "OpConstant of a non-numeric type")
            }
        case .constantTrue, .constantFalse, .specConstantTrue, .specConstantFalse:
            guard case .bool? = t else { throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "boolean constant of a non-boolean type") }
            value = .scalar(raw.opcode == .constantTrue || raw.opcode == .specConstantTrue ? 1 : 0)
        case .constantComposite, .specConstantComposite:
            var parts: [ValueID] = []
            for i in 2..<max(2, raw.words.count) {
                let p = try raw.word(i)
                try checkRange(p, raw)
                guard module.constants[ValueID(p)] != nil || module.undefs[ValueID(p)] != nil else {
                    throw .undefinedID(offset: raw.offset, opcode: raw.opcode, id: p, expected: "a declared constant")
                }
                parts.append(ValueID(p))
            }
            value = .composite(parts)
            try checkComposite(typeID, parts, raw)
        case .constantNull:
            value = .null
        case .specConstantOp:
            value = .scalar(try evaluateSpecConstantOp(raw, type: typeID))
        default:
            preconditionFailure("decodeConstant called with \(raw.opcode)")
        }
        module.constants[ValueID(id)] = Constant(type: typeID, value: value, isSpecialization: isSpec)
        module.valueTypes[ValueID(id)] = typeID
    }

    func checkComposite(_ type: TypeID, _ parts: [ValueID], _ raw: RawInstruction) throws(SPIRVError) {
        let expected: [TypeID]
        switch module.types[type] {
        case .vector(let c, let n): expected = Array(repeating: c, count: n)
        case .matrix(let c, let n): expected = Array(repeating: c, count: n)
        case .array(let e, let n): expected = Array(repeating: e, count: n)
        case .structure(let m): expected = m
        default: throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "%\(type.raw) is not a composite type")
        }
        guard expected.count == parts.count else {
            throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "\(parts.count) constituents for a composite of \(expected.count)")
        }
        for (e, p) in zip(expected, parts) where module.valueTypes[p] != e {
            throw .typeMismatch(offset: raw.offset, opcode: raw.opcode, message: "constituent %\(p.raw) is not of type %\(e.raw)")
        }
    }

    /// The integer operations `OpSpecConstantOp` may apply to scalar constants, at default values.
    func evaluateSpecConstantOp(_ raw: RawInstruction, type: TypeID) throws(SPIRVError) -> UInt32 {
        let code = UInt16(truncatingIfNeeded: try raw.word(2))
        guard let op = Opcode(rawValue: code) else { throw .unknownOpcode(offset: raw.offset, code: code) }
        var args: [UInt32] = []
        for i in 3..<max(3, raw.words.count) { args.append(try scalarConstant(try raw.word(i), raw)) }
        func arg(_ i: Int) throws(SPIRVError) -> UInt32 {
            guard i < args.count else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "\(op) needs \(i + 1) operands") }
            return args[i]
        }
        switch op {
        case .iAdd: return try arg(0) &+ arg(1)
        case .iSub: return try arg(0) &- arg(1)
        case .iMul: return try arg(0) &* arg(1)
        case .uDiv: let b = try arg(1); return b == 0 ? 0 : try arg(0) / b
        case .sDiv:
            let a = Int32(bitPattern: try arg(0)), b = Int32(bitPattern: try arg(1))
            return b == 0 ? 0 : UInt32(bitPattern: a.dividedReportingOverflow(by: b).partialValue)
        case .bitwiseAnd: return try arg(0) & arg(1)
        case .bitwiseOr: return try arg(0) | arg(1)
        case .bitwiseXor: return try arg(0) ^ arg(1)
        case .shiftLeftLogical: return try arg(0) << (arg(1) & 31)
        case .shiftRightLogical: return try arg(0) >> (arg(1) & 31)
        case .not: return try ~arg(0)
        case .sNegate: return 0 &- (try arg(0))
        case .iEqual: return try arg(0) == arg(1) ? 1 : 0
        case .iNotEqual: return try arg(0) != arg(1) ? 1 : 0
        case .logicalNot: return try arg(0) == 0 ? 1 : 0
        case .select: return try arg(0) != 0 ? arg(1) : arg(2)
        default: throw .unsupported(offset: raw.offset, opcode: raw.opcode, message: "\(op) as a specialization constant operation")
        }
    }

    mutating func decodeInFunction(_ raw: RawInstruction, hasResult: Bool, hasResultType: Bool) throws(SPIRVError) {
        guard var function = currentFunction else { preconditionFailure("decodeInFunction outside a function") }
        var ended = false
        defer { currentFunction = ended ? nil : function }
        switch raw.opcode {
        case .functionParameter:
            guard function.blocks.isEmpty, currentBlock == nil else {
                throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "parameters must precede the first block")
            }
            let t = try type(try raw.word(0), raw)
            let id = try raw.word(1)
            try define(id, raw)
            function.parameterIDs.append(ValueID(id))
            function.parameterTypes.append(t)
            module.valueTypes[ValueID(id)] = t
            return
        case .functionEnd:
            guard currentBlock == nil else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "the last block has no terminator") }
            guard !function.blocks.isEmpty else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "function without blocks") }
            guard case .function(_, let params)? = module.types[function.type], params == function.parameterTypes else {
                throw .typeMismatch(offset: function.offset, opcode: .function, message: "parameters do not match the function type")
            }
            module.functions[function.id] = function
            ended = true
            return
        case .label:
            guard currentBlock == nil else { throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "OpLabel inside a block") }
            let id = try raw.word(0)
            try define(id, raw)
            currentBlock = Block(label: LabelID(id), offset: raw.offset, instructions: [])
            return
        case .line:
            let file = try raw.word(0)
            currentLine = SourceLocation(file: module.strings[file] ?? "%\(file)", line: Int(try raw.word(1)), column: Int(try raw.word(2)))
            return
        case .noLine:
            currentLine = nil
            return
        case .nop:
            return
        default:
            break
        }
        guard var block = currentBlock else {
            throw .malformed(offset: raw.offset, opcode: raw.opcode, message: "instruction outside a block")
        }
        var instruction = Instruction(opcode: raw.opcode, offset: raw.offset, resultType: nil, result: nil, operands: [])
        var first = 0
        if hasResultType {
            instruction.resultType = try type(try raw.word(0), raw)
            first = 1
        }
        if hasResult {
            let id = try raw.word(first)
            try define(id, raw)
            instruction.result = ValueID(id)
            first += 1
            if let t = instruction.resultType { module.valueTypes[ValueID(id)] = t }
        }
        instruction.operands = Array(raw.words.dropFirst(first))
        if raw.opcode == .undef, let r = instruction.result, let t = instruction.resultType { module.undefs[r] = t }
        block.instructions.append(instruction)
        if let currentLine { module.sourceLocations[raw.offset] = currentLine }
        if raw.opcode.isTerminator {
            currentLine = nil // an OpLine's scope ends with its block
            function.blocks.append(block)
            currentBlock = nil
        } else {
            currentBlock = block
        }
    }
}

extension Opcode {
    /// Ends a block.
    public var isTerminator: Bool {
        switch self {
        case .branch, .branchConditional, .switch, .return, .returnValue, .kill, .terminateInvocation, .unreachable: true
        default: false
        }
    }
}
