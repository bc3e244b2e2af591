import SPIRV

/// Trace points: when translating for `KernelProgram.trace`, an op after each instruction
/// records its value for the traced lane, with the instruction's `OpLine` location and names.
extension Compiler {
    /// Instructions whose results are not worth a record: pointers, resources, and loads (the
    /// value loaded was recorded where it was stored).
    static let untracedOpcodes: Set<Opcode> = [.variable, .accessChain, .inBoundsAccessChain, .load, .sampledImage, .image,
                                               .copyObject, .copyLogical]

    /// Records the result of `i` (or, for a store, the value stored), and names pointers.
    mutating func traceResult(_ i: Instruction, _ f: Frame, _ ops: inout [Op]) {
        switch i.opcode {
        case .variable:
            if let id = i.result, let name = module.names[id.raw], !name.isEmpty { pointerNames[id] = name }
            return
        case .accessChain, .inBoundsAccessChain:
            guard let id = i.result, let base = i.operands.first else { return }
            pointerNames[id] = accessChainName(i, base: ValueID(base))
            return
        case .store:
            guard i.operands.count >= 2, case .rows(let source)? = f.values[i.value(1)] ?? globals[i.value(1)],
                  let type = module.valueTypes[i.value(1)], let kinds = traceKinds(type) else { return }
            let pointer = i.value(0)
            addPoint(TracePoint(kind: .store, id: pointer.raw, opcode: i.opcode, instruction: instructionName(i), name: pointerNames[pointer], function: f.name,
                                location: module.sourceLocations[i.offset],
                                operands: [.init(label: "", type: typeName(type), kinds: kinds, row: source)]), &ops)
            return
        default:
            break
        }
        guard !Self.untracedOpcodes.contains(i.opcode), let id = i.result, let type = i.resultType,
              case .rows(let rows)? = f.values[id], let kinds = traceKinds(type) else { return }
        let name = module.names[id.raw].flatMap { $0.isEmpty ? nil : $0 }
        addPoint(TracePoint(kind: .value, id: id.raw, opcode: i.opcode, instruction: instructionName(i), name: name, function: f.name,
                            location: module.sourceLocations[i.offset],
                            operands: [.init(label: "", type: typeName(type), kinds: kinds, row: rows)]), &ops)
    }

    /// Records a call's arguments: values, or what the pointers glslang passes point at.
    mutating func traceCall(_ i: Instruction, _ callee: Function, _ arguments: [Value], _ f: Frame, _ ops: inout [Op]) {
        var operands: [TracePoint.Operand] = []
        for (k, argument) in arguments.enumerated() {
            let label = k < callee.parameterIDs.count ? module.names[callee.parameterIDs[k].raw] ?? "" : ""
            switch argument {
            case .rows(let rows):
                guard k + 1 < i.operands.count, let type = module.valueTypes[i.value(k + 1)], let kinds = traceKinds(type) else { continue }
                operands.append(.init(label: label, type: typeName(type), kinds: kinds, row: rows))
            case .pointer(let p):
                guard case .registers(let base, _) = p.space, p.dynamic == nil, let kinds = traceKinds(p.pointee) else { continue }
                operands.append(.init(label: label, type: typeName(p.pointee), kinds: kinds, row: base + p.offset))
            default:
                continue
            }
        }
        addPoint(TracePoint(kind: .call, id: i.result?.raw ?? 0, opcode: i.opcode, instruction: instructionName(i), name: functionName(callee), function: f.name,
                            location: module.sourceLocations[i.offset], operands: operands), &ops)
    }

    /// Records what a call returned, at the start of the caller's continuation.
    mutating func traceReturn(_ i: Instruction, _ callee: Function, _ rows: Int, _ f: Frame, _ ops: inout [Op]) {
        guard let kinds = traceKinds(callee.resultType) else { return }
        addPoint(TracePoint(kind: .returned, id: i.result?.raw ?? 0, opcode: i.opcode, instruction: instructionName(i), name: functionName(callee), function: f.name,
                            location: module.sourceLocations[i.offset],
                            operands: [.init(label: "", type: typeName(callee.resultType), kinds: kinds, row: rows)]), &ops)
    }

    /// GLSL.std.450 instruction names by number, for the extended instructions GLSL's built-ins become.
    static let glslStd450Names: [UInt32: String] = [
        1: "Round", 2: "RoundEven", 3: "Trunc", 4: "FAbs", 5: "SAbs", 6: "FSign", 7: "SSign", 8: "Floor", 9: "Ceil", 10: "Fract",
        11: "Radians", 12: "Degrees", 13: "Sin", 14: "Cos", 15: "Tan", 16: "Asin", 17: "Acos", 18: "Atan", 19: "Sinh", 20: "Cosh",
        21: "Tanh", 22: "Asinh", 23: "Acosh", 24: "Atanh", 25: "Atan2", 26: "Pow", 27: "Exp", 28: "Log", 29: "Exp2", 30: "Log2",
        31: "Sqrt", 32: "InverseSqrt", 33: "Determinant", 34: "MatrixInverse", 35: "Modf", 36: "ModfStruct", 37: "FMin", 38: "UMin",
        39: "SMin", 40: "FMax", 41: "UMax", 42: "SMax", 43: "FClamp", 44: "UClamp", 45: "SClamp", 46: "FMix", 47: "IMix", 48: "Step",
        49: "SmoothStep", 50: "Fma", 51: "Frexp", 52: "FrexpStruct", 53: "Ldexp", 66: "Length", 67: "Distance", 68: "Cross",
        69: "Normalize", 70: "FaceForward", 71: "Reflect", 72: "Refract", 73: "FindILsb", 74: "FindSMsb", 75: "FindUMsb",
        79: "NMin", 80: "NMax", 81: "NClamp",
    ]

    func instructionName(_ i: Instruction) -> String {
        guard i.opcode == .extInst, i.operands.count > 1 else { return i.opcode.description }
        let set = module.extInstImports[ValueID(i.operands[0])] ?? "OpExtInst"
        let name = set == "GLSL.std.450" ? Self.glslStd450Names[i.operands[1]] : nil
        return "\(set) \(name ?? String(i.operands[1]))"
    }

    private mutating func addPoint(_ point: TracePoint, _ ops: inout [Op]) {
        let index = tracePoints.count
        tracePoints.append(point)
        ops.append { s in s.tracer?.record(s, index) }
    }

    /// glslang names functions `name(mangled-parameters;`: the part before the parenthesis.
    func functionName(_ function: Function) -> String {
        let full = module.displayName(function.id.raw)
        return full.split(separator: "(", maxSplits: 1).first.map(String.init) ?? full
    }

    /// `variable.x`, `variable[2]`, `variable[i]` for an access chain from a named pointer.
    func accessChainName(_ i: Instruction, base: ValueID) -> String? {
        guard var name = pointerNames[base] ?? module.names[base.raw].flatMap({ $0.isEmpty ? nil : $0 }),
              case .pointer(_, var type)? = module.valueTypes[base].flatMap({ module.types[$0] }) else { return nil }
        for index in i.operands.dropFirst() {
            let constant: UInt32? = if case .scalar(let bits)? = module.constants[ValueID(index)]?.value { bits } else { nil }
            switch module.types[type] {
            case .vector(let component, _):
                name += constant.map { $0 < 4 ? "." + ["x", "y", "z", "w"][Int($0)] : "[\($0)]" } ?? "[\(module.displayName(index))]"
                type = component
            case .structure(let members):
                guard let constant, Int(constant) < members.count else { return name }
                name += "." + (module.memberNames[type]?[Int(constant)] ?? "\(constant)")
                type = members[Int(constant)]
            case .array(let element, _), .runtimeArray(let element):
                name += constant.map { "[\(Int32(bitPattern: $0))]" } ?? "[\(module.displayName(index))]"
                type = element
            case .matrix(let column, _):
                name += constant.map { "[\($0)]" } ?? "[\(module.displayName(index))]"
                type = column
            default:
                return name
            }
        }
        return name
    }

    /// The scalar kind of each register row of a value of `type`; nil when it has no registers.
    func traceKinds(_ type: TypeID) -> [TraceScalar.Kind]? {
        switch module.types[type] {
        case .bool: return [.bool]
        case .int(_, let signed): return [signed ? .int : .uint]
        case .float: return [.float]
        case .vector(let c, let n), .matrix(let c, let n), .array(let c, let n):
            guard let inner = traceKinds(c) else { return nil }
            return Array([[TraceScalar.Kind]](repeating: inner, count: n).joined())
        case .structure(let members):
            var kinds: [TraceScalar.Kind] = []
            for m in members {
                guard let inner = traceKinds(m) else { return nil }
                kinds += inner
            }
            return kinds
        default:
            return nil
        }
    }

    /// GLSL's spelling of a type: `float`, `vec3`, `ivec2`, `uint`, `bool`, `mat2`, `float[4]`; `struct` for structures.
    func typeName(_ type: TypeID) -> String {
        switch module.types[type] {
        case .bool: return "bool"
        case .int(_, let signed): return signed ? "int" : "uint"
        case .float: return "float"
        case .vector(let c, let n):
            let prefix = switch module.types[c] {
            case .int(_, true): "i"
            case .int(_, false): "u"
            case .bool: "b"
            default: ""
            }
            return "\(prefix)vec\(n)"
        case .matrix(_, let n): return "mat\(n)"
        case .array(let e, let n): return "\(typeName(e))[\(n)]"
        case .structure: return module.names[type.raw].map { $0.isEmpty ? "struct" : $0 } ?? "struct"
        default: return "%\(type.raw)"
        }
    }
}
