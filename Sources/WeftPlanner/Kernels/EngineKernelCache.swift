import Synchronization
import WeftImage
import WeftRuntime
import WeftShaders
import WeftViews

/// Compiled engine kernels, one per (kernel, output format): from this cache's memory, the
/// SPIR-V cache (memory, then disk, like author kernels), or glslang on first use ever. Keeps the
/// `LRUCache.kernelCapacity` most recently used.
final class EngineKernelCache: Sendable {
    private struct Key: Hashable {
        var variant: EngineKernel.Variant
        var format: PixelFormat
        /// The cases' tags, not their raw values: those are strings, and every pass of every frame looks kernels up.
        func hash(into hasher: inout Hasher) {
            hasher.combine(SIMD4(Self.tag(variant.kernel), Self.tag(variant.destination), Self.tag(format), 0))
            hasher.combine(variant.blurRun)
        }
        /// A case of an enum without payloads and of fewer than 256 cases, as the one byte it is stored in.
        private static func tag<E>(_ value: E) -> UInt8 {
            precondition(MemoryLayout<E>.size == 1, "\(E.self) is not stored in a byte")
            return unsafeBitCast(value, to: UInt8.self)
        }
    }
    private let compiled = Mutex(LRUCache<Key, CompiledKernel>())
    private struct BatchKey: Hashable { var count: Int; var format: PixelFormat }
    private let batches = Mutex(LRUCache<BatchKey, CompiledKernel>())
    let spirv: SPIRVCache
    /// The glyph kernel's coverage, kept with its kernels: rasterised once per planner.
    let glyphAtlas: GlyphAtlas

    /// `glyphAtlasRows` below the default only for tests that start the atlas over.
    init(spirv: SPIRVCache = .shared, glyphAtlasRows: Int = GlyphAtlas.defaultMaxHeight) {
        self.spirv = spirv
        glyphAtlas = GlyphAtlas(maxHeight: glyphAtlasRows)
    }

    func kernel(_ kernel: EngineKernel, _ destination: EngineKernel.Destination = .texture,
                outputFormat: PixelFormat) throws(RenderError) -> CompiledKernel {
        try self.kernel(EngineKernel.Variant(kernel, destination), outputFormat: outputFormat)
    }

    func kernel(_ variant: EngineKernel.Variant, outputFormat: PixelFormat) throws(RenderError) -> CompiledKernel {
        let key = Key(variant: variant, format: outputFormat)
        if let hit = compiled.withLock({ $0[key] }) { return hit }
        let source = variant.source(outputFormat: outputFormat)
        let words = try compile(source, name: variant.name)
        let result = CompiledKernel(name: variant.name, kind: variant.reportedKind, outputFormat: outputFormat,
                                    spirv: words, interface: variant.interface,
                                    cacheKey: "\(variant.name).\(outputFormat.rawValue).\(Self.hash(source))",
                                    native: variant.kernel == .blur || variant.kernel == .tiledBlur ? .separableBlur
                                        : variant == EngineKernel.Variant(.shape, .overSolid) ? .shapesOverSolid
                                        : variant == EngineKernel.Variant(.glyph, .overSolid) ? .glyphsOverSolid : nil)
        compiled.withLock { $0[key] = result }
        return result
    }

    /// The SPIR-V of an engine kernel's `source`, through the SPIR-V cache.
    private func compile(_ source: String, name: String) throws(RenderError) -> [UInt32] {
        do {
            return try spirv.module(source: source, stage: "engine compute") { () throws(GLSLCompiler.Failure) in
                try GLSLCompiler.compileCompute(source)
            }.words
        } catch {
            throw .engineKernel(name: name, log: error.log)
        }
    }

    /// `weft.layer.batch.N` for `count` items (`LayerBatchKernel`).
    func layerBatch(count: Int, outputFormat: PixelFormat) throws(RenderError) -> CompiledKernel {
        let key = BatchKey(count: count, format: outputFormat)
        if let hit = batches.withLock({ $0[key] }) { return hit }
        let source = LayerBatchKernel.source(count: count, outputFormat: outputFormat)
        let name = LayerBatchKernel.name(count: count)
        let words = try compile(source, name: name)
        let result = CompiledKernel(name: name, kind: .blend, outputFormat: outputFormat, spirv: words,
                                    interface: LayerBatchKernel.interface(count: count),
                                    cacheKey: "\(name).\(outputFormat.rawValue).\(Self.hash(source))")
        batches.withLock { $0[key] = result }
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
