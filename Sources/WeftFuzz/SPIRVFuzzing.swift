import SPIRV
import WeftCPU

enum SPIRVFuzzing {
    /// Little-endian words; a trailing partial word is dropped, as a file reader would refuse it.
    static func words(_ bytes: [UInt8]) -> [UInt32] {
        var words = [UInt32]()
        words.reserveCapacity(bytes.count / 4)
        var i = 0
        while i + 4 <= bytes.count {
            words.append(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
            i += 4
        }
        return words
    }

    static func decode(_ bytes: [UInt8]) {
        _ = try? Module.decode(words(bytes))
    }

    static func translate(_ bytes: [UInt8]) {
        _ = try? KernelProgram(spirv: words(bytes))
    }
}
