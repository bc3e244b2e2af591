import SPIRV

/// The few facts the front end reads back from a compiled module: the argument block's member offsets as glslang
/// laid them out, and whether derivative instructions occur.
enum SPIRVFacts {
    static let derivativeOpcodes: Set<Opcode> = [.dPdx, .dPdy, .fwidth, .dPdxFine, .dPdyFine, .fwidthFine,
                                                 .dPdxCoarse, .dPdyCoarse, .fwidthCoarse]

    /// Offsets by member index of the struct named `structName`; empty when it is absent.
    static func memberOffsets(of structName: String, in words: [UInt32]) -> [Int: Int] {
        var target: UInt32?
        var offsets = [UInt32: [Int: Int]]()
        for instruction in InstructionScan(words) {
            switch instruction.opcode {
            case .name where instruction.operands.count >= 2 && instruction.string(at: 1) == structName:
                target = instruction.operand(0)
            case .memberDecorate:
                guard let type = instruction.operand(0), let member = instruction.operand(1),
                      instruction.operand(2) == Decoration.offset.rawValue, let offset = instruction.operand(3) else { continue }
                offsets[type, default: [:]][Int(member)] = Int(offset)
            default:
                continue
            }
        }
        return target.flatMap { offsets[$0] } ?? [:]
    }

    static func usesDerivatives(_ words: [UInt32]) -> Bool {
        InstructionScan(words).contains { $0.opcode.map(derivativeOpcodes.contains) ?? false }
    }
}
