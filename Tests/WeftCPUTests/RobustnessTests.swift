import Testing
@testable import WeftCPU
import WeftImage
import WeftShaders
import WeftTestSupport

/// Corrupted modules must give a named error (or run), never crash the process.
@Suite struct RobustnessTests {
    @Test func corruptedWordsNeverCrash() throws {
        let original = try GLSLCompiler.compileCompute(EffectKernels.blur())
        var rng = SplitMix64(seed: 42)
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
            let program: KernelProgram
            do { program = try KernelProgram(spirv: w) } catch {
                expectNamed(error, within: w.count)
                continue
            }
            decoded += 1
            let bindings = CPUBindings(pushConstants: EffectKernels.frame(width: 8, height: 8).bytes,
                                       buffers: [3: [UInt8](repeating: 0, count: 64)],
                                       textures: [0: CPUTexture(width: 8, height: 8, format: .rgba8Unorm), 1: input])
            do {
                _ = try program.dispatch(groups: (1, 1, 1), bindings: bindings, threads: 1, instructionBudget: 100_000)
                ran += 1
            } catch {
                expectNamed(error, within: w.count)
            }
        }
        #expect(decoded > 0)
        #expect(ran > 0)
    }

    /// Each way of breaking a module gets its own error, naming where.
    @Test func eachCorruptionHasItsNamedError() throws {
        let original = try GLSLCompiler.compileCompute(EffectKernels.blur())
        func error(_ words: [UInt32]) -> CPUError? {
            do { _ = try KernelProgram(spirv: words); return nil } catch { return error }
        }
        var badMagic = original
        badMagic[0] = 0xDEAD_BEEF
        #expect(error(badMagic) == .invalidModule(.badMagic(found: 0xDEAD_BEEF)))

        guard case .invalidModule(.truncated(_, _, _))? = error(Array(original.prefix(4))) else {
            Issue.record("a module shorter than its header must be .truncated")
            return
        }
        guard case .invalidModule(let cut)? = error(Array(original.dropLast(3))) else {
            Issue.record("a module cut inside its last function must be an invalid module")
            return
        }
        #expect(cut.wordOffset <= original.count)

        var unknown = original
        unknown[5] = (unknown[5] & 0xFFFF_0000) | 0x7FFF
        #expect(error(unknown) == .invalidModule(.unknownOpcode(offset: 5, code: 0x7FFF)))

        var zeroLength = original
        zeroLength[5] &= 0x0000_FFFF
        guard case .invalidModule(.malformed(offset: 5, _, _))? = error(zeroLength) else {
            Issue.record("an instruction of word count 0 must be .malformed at its offset")
            return
        }
    }

    /// A named error: one of the evaluator's or the decoder's cases, with a message, and any word offset inside
    /// the module.
    private func expectNamed(_ error: CPUError, within count: Int) {
        #expect(!error.description.isEmpty)
        switch error {
        case .invalidModule(let e): #expect(e.wordOffset <= count, "\(e)")
        case .unsupported(let offset, _, _), .unsupportedExtendedInstruction(let offset, _, _), .invalidKernel(let offset, _):
            #expect(offset <= count, "\(error)")
        default: break
        }
    }
}
