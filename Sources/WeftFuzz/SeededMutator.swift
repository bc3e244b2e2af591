/// A deterministic mutation source: the same seed, corpus and count give the same inputs on
/// every machine. Used by the suite's fuzz smoke run and by `weft-fuzz` when the toolchain has
/// no libFuzzer.
public struct SeededMutator: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`; `bound` must be positive.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    static let interestingWords: [UInt32] = [0, 1, 2, 3, 4, 0xFF, 0x100, 0xFFFF, 0x1_0000, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
                                            0x0723_0203, 0x0003_0011, 0x0004_002B, 0x0005_0036]

    /// One to four stacked mutations of `input`, at most `maxSize` bytes long. `others` are
    /// spliced from; `dictionary` tokens are inserted or overwritten.
    public mutating func mutate(_ input: [UInt8], others: [[UInt8]], dictionary: [[UInt8]], wordAligned: Bool, maxSize: Int) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            mutateOnce(&bytes, others: others, dictionary: dictionary, wordAligned: wordAligned)
        }
        return bytes.count > maxSize ? Array(bytes.prefix(maxSize)) : bytes
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8], others: [[UInt8]], dictionary: [[UInt8]], wordAligned: Bool) {
        let unit = wordAligned ? 4 : 1
        let units = bytes.count / unit
        guard units > 0 else {
            bytes += (0..<unit * (1 + below(8))).map { _ in UInt8(truncatingIfNeeded: next()) }
            return
        }
        switch below(9) {
        case 0:
            let i = below(bytes.count)
            bytes[i] ^= 1 << UInt8(below(8))
        case 1:
            bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: next())
        case 2:
            let value = below(2) == 0 ? Self.interestingWords[below(Self.interestingWords.count)] : UInt32(below(64))
            let at = below(units) * unit
            for k in 0..<min(4, bytes.count - at) { bytes[at + k] = UInt8(truncatingIfNeeded: value >> UInt32(8 * k)) }
        case 3:
            let start = below(units) * unit
            let length = min(bytes.count - start, (1 + below(8)) * unit)
            bytes.removeSubrange(start..<start + length)
        case 4:
            let start = below(units) * unit
            let length = min(bytes.count - start, (1 + below(16)) * unit)
            let chunk = bytes[start..<start + length]
            bytes.insert(contentsOf: chunk, at: below(units + 1) * unit)
        case 5:
            guard let other = others.isEmpty ? nil : others[below(others.count)], other.count >= unit else { return }
            let from = below(other.count / unit) * unit
            let length = min(other.count - from, (1 + below(32)) * unit)
            let at = below(units + 1) * unit
            bytes.replaceSubrange(at..<min(bytes.count, at + length), with: other[from..<from + length])
        case 6:
            bytes.removeSubrange((below(units) + 1) * unit..<bytes.count)
        case 7:
            guard !dictionary.isEmpty else { return }
            bytes.insert(contentsOf: dictionary[below(dictionary.count)], at: below(bytes.count + 1))
        default:
            guard !dictionary.isEmpty else { return }
            let token = dictionary[below(dictionary.count)]
            let at = below(bytes.count)
            bytes.replaceSubrange(at..<min(bytes.count, at + token.count), with: token)
        }
    }
}
