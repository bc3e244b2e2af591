/// One instruction inside a function body, with its operands after the result id.
public struct Instruction: Hashable, Sendable {
    public var opcode: Opcode
    /// Word offset of the instruction in the module (header included).
    public var offset: Int
    public var resultType: TypeID?
    public var result: ValueID?
    /// Words after the result id (or after the opcode word when there is no result).
    public var operands: [UInt32]

    /// Operand `i` as a value id. The decoder has checked every id operand of the opcodes the
    /// evaluator executes; an index past the end is a programming error.
    public func value(_ i: Int) -> ValueID { ValueID(operands[i]) }
    public func label(_ i: Int) -> LabelID { LabelID(operands[i]) }
}

public struct Block: Hashable, Sendable {
    public var label: LabelID
    public var offset: Int
    /// Every instruction after `OpLabel`: `OpPhi`s first, then the body, then the merge
    /// instruction (if any) and the terminator, which is always last.
    public var instructions: [Instruction]
    public var terminator: Instruction { instructions[instructions.count - 1] }
    /// `OpSelectionMerge` or `OpLoopMerge`, when this block heads a construct.
    public var merge: Instruction? {
        guard instructions.count >= 2 else { return nil }
        let m = instructions[instructions.count - 2]
        return m.opcode == .selectionMerge || m.opcode == .loopMerge ? m : nil
    }
}

public struct Function: Hashable, Sendable {
    public var id: FunctionID
    public var offset: Int
    public var resultType: TypeID
    public var type: TypeID
    public var parameters: [(id: ValueID, type: TypeID)] { zip(parameterIDs, parameterTypes).map { ($0, $1) } }
    public var parameterIDs: [ValueID]
    public var parameterTypes: [TypeID]
    public var blocks: [Block]
}
