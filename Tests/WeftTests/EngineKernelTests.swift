import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
@testable import WeftShaders
import WeftTestSupport
@testable import WeftViews

@Test(arguments: EngineKernel.Variant.allCases, PixelFormat.allCases)
func engineKernelCompiles(kernel: EngineKernel.Variant, format: PixelFormat) throws {
    let compiled = try EngineKernelCache().kernel(kernel, outputFormat: format)
    #expect(compiled.spirv.first == 0x0723_0203)
    #expect(compiled.outputFormat == format)
}

@Test func argumentBlocksMatchTheDeclaredSizes() throws {
    // Each engine kernel's block is vec4/ivec4 members, the last of them a 64-byte WeftCompositeArguments in the kernels
    // with a composite folded in: the interface size must end where glslang put the last member.
    #expect(EngineKernel.Variant.allCases.count == 15, "seven kernels, three destinations each but the fill's, the tiled blur's and the YUV conversion's")
    for kernel in EngineKernel.Variant.allCases {
        let compiled = try EngineKernelCache().kernel(kernel, outputFormat: .rgba8Unorm)
        let offsets = SPIRVFacts.memberOffsets(of: "WeftArgumentsData", in: compiled.spirv)
        guard let last = offsets.keys.max(), let offset = offsets[last] else {
            Issue.record("\(kernel) declares no argument block")
            continue
        }
        let lastSize = kernel.composite != nil ? FusionComposite.blockSize : 16
        #expect(offset + lastSize == kernel.interface.argumentBlockSize, "\(kernel)")
    }
}

/// A process that finds every kernel on disk — the engine's and the author's — compiles
/// nothing: a fresh `SPIRVCache` over a warm directory answers every module (no glslang).
@Test(arguments: Backend.allCases)
func aWarmCacheAnswersEveryKernelOfARender(backend: Backend) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-warm-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let executor = try BackendFactory.executor(for: backend)
    func renderOnce(_ cache: SPIRVCache) throws -> PixelBuffer {
        let library = try ShaderLibrary(path: StockShaders.folder, cache: cache)
        let context = RenderContext(executor: executor, cache: cache)
        let gray = try library.grayscale(.float(1))
        let view = ZStack {
            Circle().fill(Color.blue).frame(width: 6, height: 6)
            Image(testImage()).colorEffect(gray).opacity(0.5)
        }
        return try context.render(view, size: Size(width: 8, height: 8)).pixels
    }
    let cold = SPIRVCache(directory: directory)
    let first = try renderOnce(cold)
    #expect(cold.statistics.misses >= 4, "the solid, shape and layer kernels and grayscale compile: \(cold.statistics)")

    let warm = SPIRVCache(directory: directory)
    let second = try renderOnce(warm)
    #expect(warm.statistics.misses == 0, "\(warm.statistics)")
    #expect(warm.statistics.diskHits == cold.statistics.misses, "\(warm.statistics)")
    #expect(first == second)
}
