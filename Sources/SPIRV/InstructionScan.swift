/// The instructions of a SPIR-V binary in order, neither decoded nor validated: for readers that need a few facts
/// from a module that `Module.decode` may not accept (a vertex or fragment shader, a vendor extension). Stops at
/// the first malformed instruction.
public struct InstructionScan: Sequence, Sendable {
    public struct Element: Sendable {
        public var code: UInt16
        /// Every word after the opcode word.
        public var operands: ArraySlice<UInt32>
        public var opcode: Opcode? { Opcode(rawValue: code) }

        /// The null-terminated UTF-8 literal string starting at operand `index`.
        public func string(at index: Int) -> String {
            var bytes: [UInt8] = []
            for w in operands.dropFirst(index) {
                for shift in stride(from: 0, to: 32, by: 8) {
                    let b = UInt8(truncatingIfNeeded: w >> UInt32(shift))
                    if b == 0 { return String(decoding: bytes, as: UTF8.self) }
                    bytes.append(b)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        public func operand(_ index: Int) -> UInt32? {
            index < operands.count ? operands[operands.startIndex + index] : nil
        }
    }

    public struct Iterator: IteratorProtocol {
        let words: [UInt32]
        var offset = 5

        public mutating func next() -> Element? {
            guard offset < words.count else { return nil }
            let count = Int(words[offset] >> 16)
            guard count > 0, offset + count <= words.count else { return nil }
            defer { offset += count }
            return Element(code: UInt16(truncatingIfNeeded: words[offset]), operands: words[(offset + 1)..<(offset + count)])
        }
    }

    let words: [UInt32]

    public init(_ words: [UInt32]) { self.words = words }

    public func makeIterator() -> Iterator { Iterator(words: words) }
}
