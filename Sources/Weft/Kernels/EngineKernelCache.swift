import Synchronization
import WeftImage
import WeftRuntime
import WeftShaders

/// Compiled engine kernels, one per (kernel, output format), compiled on first use.
final class EngineKernelCache: Sendable {
    private struct Key: Hashable { var kernel: EngineKernel; var format: PixelFormat }
    private let compiled = Mutex<[Key: CompiledKernel]>([:])

    func kernel(_ kernel: EngineKernel, outputFormat: PixelFormat) throws(RenderError) -> CompiledKernel {
        let key = Key(kernel: kernel, format: outputFormat)
        if let hit = compiled.withLock({ $0[key] }) { return hit }
        let source = kernel.source(outputFormat: outputFormat)
        let spirv: [UInt32]
        do {
            spirv = try GLSLCompiler.compileCompute(source)
        } catch {
            throw .engineKernel(name: kernel.rawValue, log: error.log)
        }
        let result = CompiledKernel(name: kernel.rawValue, kind: kernel.reportedKind, outputFormat: outputFormat,
                                    spirv: spirv, interface: kernel.interface,
                                    cacheKey: "\(kernel.rawValue).\(outputFormat.rawValue).\(Self.hash(source))")
        compiled.withLock { $0[key] = result }
        return result
    }

    /// FNV-1a of the source text: stable across runs, unlike `Hasher`.
    private static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return String(h, radix: 16)
    }
}
