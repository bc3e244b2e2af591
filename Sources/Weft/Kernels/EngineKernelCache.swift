import Synchronization
import WeftImage
import WeftRuntime
import WeftShaders

/// Compiled engine kernels, one per (kernel, output format): from this cache's memory, the
/// SPIR-V cache (memory, then disk, like author kernels), or glslang on first use ever.
final class EngineKernelCache: Sendable {
    private struct Key: Hashable { var kernel: EngineKernel; var format: PixelFormat }
    private let compiled = Mutex<[Key: CompiledKernel]>([:])
    let spirv: SPIRVCache

    init(spirv: SPIRVCache = .shared) {
        self.spirv = spirv
    }

    func kernel(_ kernel: EngineKernel, outputFormat: PixelFormat) throws(RenderError) -> CompiledKernel {
        let key = Key(kernel: kernel, format: outputFormat)
        if let hit = compiled.withLock({ $0[key] }) { return hit }
        let source = kernel.source(outputFormat: outputFormat)
        let words: [UInt32]
        do {
            words = try spirv.module(source: source, stage: "engine compute") { () throws(GLSLCompiler.Failure) in
                try GLSLCompiler.compileCompute(source)
            }.words
        } catch {
            throw .engineKernel(name: kernel.rawValue, log: error.log)
        }
        let result = CompiledKernel(name: kernel.rawValue, kind: kernel.reportedKind, outputFormat: outputFormat,
                                    spirv: words, interface: kernel.interface,
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
