/// Why a SPIR-V module could not be decoded. Every case names the word offset (from the start
/// of the module, header included) of the instruction or word at fault.
public enum SPIRVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first word is not 0x07230203.
    case badMagic(found: UInt32)
    /// The module or an instruction ends before the words it needs.
    case truncated(offset: Int, needed: Int, available: Int)
    /// An instruction's opcode is not one this decoder knows.
    case unknownOpcode(offset: Int, code: UInt16)
    /// An id is zero or not below the header's bound.
    case idOutOfRange(offset: Int, id: UInt32, bound: UInt32)
    /// An id is used but never defined, or used as the wrong kind of thing.
    case undefinedID(offset: Int, opcode: Opcode, id: UInt32, expected: String)
    /// An id is defined twice.
    case redefinedID(offset: Int, opcode: Opcode, id: UInt32)
    /// Operand types do not agree with the instruction or its result type.
    case typeMismatch(offset: Int, opcode: Opcode, message: String)
    /// Structurally wrong: misplaced instruction, bad operand count, unterminated block.
    case malformed(offset: Int, opcode: Opcode?, message: String)
    /// Valid SPIR-V that this decoder does not accept (e.g. 64-bit types).
    case unsupported(offset: Int, opcode: Opcode, message: String)

    public var wordOffset: Int {
        switch self {
        case .badMagic: 0
        case .truncated(let o, _, _), .unknownOpcode(let o, _), .idOutOfRange(let o, _, _), .undefinedID(let o, _, _, _),
             .redefinedID(let o, _, _), .typeMismatch(let o, _, _), .malformed(let o, _, _), .unsupported(let o, _, _):
            o
        }
    }

    public var description: String {
        switch self {
        case .badMagic(let found):
            return "word 0: bad magic number 0x\(String(found, radix: 16)) (a SPIR-V module starts with 0x07230203)"
        case .truncated(let offset, let needed, let available):
            return "word \(offset): truncated: needs \(needed) words, only \(available) left"
        case .unknownOpcode(let offset, let code):
            return "word \(offset): unknown opcode \(code)"
        case .idOutOfRange(let offset, let id, let bound):
            return "word \(offset): id %\(id) is out of range (bound \(bound))"
        case .undefinedID(let offset, let opcode, let id, let expected):
            return "word \(offset): \(opcode.described): %\(id) is not \(expected)"
        case .redefinedID(let offset, let opcode, let id):
            return "word \(offset): \(opcode.described): %\(id) is defined twice"
        case .typeMismatch(let offset, let opcode, let message):
            return "word \(offset): \(opcode.described): type mismatch: \(message)"
        case .malformed(let offset, let opcode, let message):
            return "word \(offset): \(opcode.map { $0.described + ": " } ?? "")\(message)"
        case .unsupported(let offset, let opcode, let message):
            return "word \(offset): \(opcode.described): unsupported: \(message)"
        }
    }
}

extension Opcode {
    /// `OpFAdd (code 129)`, the form errors use.
    public var described: String { "\(self) (code \(rawValue))" }
}
