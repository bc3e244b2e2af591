import Testing
@testable import WeftCPU
import WeftImage
import WeftShaders

/// Corrupted modules must give errors (or run), never crash the process.
@Suite struct RobustnessTests {
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func corruptedWordsNeverCrash() throws {
        let original = try GLSLCompiler.compileCompute(EffectKernels.blur())
        var rng = SplitMix(state: 42)
        var decoded = 0, ran = 0
        let input = CPUTexture(EffectKernels.image(width: 8, height: 8))
        for _ in 0..<600 {
            var w = original
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let at = 5 + Int(rng.next() % UInt64(w.count - 5))
                switch rng.next() % 4 {
                case 0: w[at] = UInt32(truncatingIfNeeded: rng.next())
                case 1: w[at] ^= 1 << UInt32(rng.next() % 32)
                case 2: w[at] = w[at] & 0xFFFF_0000 | UInt32(rng.next() % 400)
                default: w[at] = UInt32(rng.next() % 100)
                }
            }
            guard let program = try? KernelProgram(spirv: w) else { continue }
            decoded += 1
            let bindings = CPUBindings(pushConstants: EffectKernels.frame(width: 8, height: 8).bytes,
                                       buffers: [3: [UInt8](repeating: 0, count: 64)],
                                       textures: [0: CPUTexture(width: 8, height: 8, format: .rgba8Unorm), 1: input])
            if (try? program.dispatch(groups: (1, 1, 1), bindings: bindings, threads: 1, instructionBudget: 100_000)) != nil { ran += 1 }
        }
        #expect(decoded > 0)
        _ = ran
    }
}
