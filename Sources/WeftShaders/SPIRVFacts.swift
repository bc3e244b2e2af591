/// The few facts the front end reads back from a compiled module: the argument block's
/// member offsets as glslang laid them out, and whether derivative instructions occur.
/// (The SPIRV module is the full parser; this stays a word scan so WeftShaders' checks do
/// not depend on it.)
enum SPIRVFacts {
    private static let opName: UInt32 = 5
    private static let opMemberDecorate: UInt32 = 72
    private static let decorationOffset: UInt32 = 35
    /// OpDPdx … OpFwidthCoarse.
    private static let derivativeOpcodes: ClosedRange<UInt32> = 207...215

    /// Offsets by member index of the struct named `structName`; empty when it is absent.
    static func memberOffsets(of structName: String, in words: [UInt32]) -> [Int: Int] {
        var target: UInt32?
        var offsets = [UInt32: [Int: Int]]()
        forEachInstruction(words) { opcode, operands in
            if opcode == opName, operands.count >= 2, decodeString(operands.dropFirst()) == structName {
                target = operands[operands.startIndex]
            } else if opcode == opMemberDecorate, operands.count >= 4, operands[operands.startIndex + 2] == decorationOffset {
                let s = operands[operands.startIndex]
                offsets[s, default: [:]][Int(operands[operands.startIndex + 1])] = Int(operands[operands.startIndex + 3])
            }
        }
        return target.flatMap { offsets[$0] } ?? [:]
    }

    static func usesDerivatives(_ words: [UInt32]) -> Bool {
        var found = false
        forEachInstruction(words) { opcode, _ in
            if derivativeOpcodes.contains(opcode) { found = true }
        }
        return found
    }

    private static func forEachInstruction(_ words: [UInt32], _ body: (UInt32, ArraySlice<UInt32>) -> Void) {
        var i = 5
        while i < words.count {
            let count = Int(words[i] >> 16)
            guard count > 0, i + count <= words.count else { return }
            body(words[i] & 0xffff, words[(i + 1)..<(i + count)])
            i += count
        }
    }

    private static func decodeString(_ words: ArraySlice<UInt32>) -> String {
        var bytes = [UInt8]()
        outer: for w in words {
            for shift in stride(from: 0, to: 32, by: 8) {
                let b = UInt8(truncatingIfNeeded: w >> UInt32(shift))
                if b == 0 { break outer }
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
