import Synchronization
import WeftRuntime
import WeftShaders
import WeftViews

/// Fused kernels by the kernels they stitch (their cache keys name their source and format), so a repeated render
/// generates and hashes nothing; the SPIR-V itself is cached like any kernel's (`KernelFusion.compile`). Keeps the
/// `LRUCache.kernelCapacity` most recently used, so hot-reload edits do not pile up.
final class FusedKernelCache: Sendable {
    private let compiled = Mutex(LRUCache<String, Result<CompiledKernel, GLSLCompiler.Failure>>())

    /// The kernel stitching `stages`, whose own kernels are `parts`, with `composite` folded onto its end.
    func kernel(_ stages: [FusionStage], parts: [CompiledKernel], composite: FusionComposite.Destination? = nil) throws(GLSLCompiler.Failure) -> CompiledKernel {
        let key = parts.map(\.cacheKey).joined(separator: "|") + (composite.map { "|composite." + $0.rawValue } ?? "")
        if let hit = compiled.withLock({ $0[key] }) { return try hit.get() }
        let result: Result<CompiledKernel, GLSLCompiler.Failure>
        do {
            let folded = composite.map { FusionComposite(destination: $0, helpers: EngineKernel.compositingFunctions) }
            let compilation = try KernelFusion.compile(stages, outputFormat: parts[0].outputFormat, composite: folded)
            result = .success(compilation.kernel)
        } catch {
            result = .failure(error)
        }
        compiled.withLock { $0[key] = result }
        return try result.get()
    }
}
