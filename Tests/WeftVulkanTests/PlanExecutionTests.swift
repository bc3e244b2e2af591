import Foundation
import Testing
import WeftImage
import WeftRuntime
import WeftShaders
import WeftTestSupport
@testable import WeftVulkan

/// Whole plans: several passes in one submission, repetitions, reuse across renders, timing,
/// concurrency and the on-disk pipeline cache.
@Suite(.requiresVulkan)
struct PlanExecutionTests {
    static func fillKernel() throws -> CompiledKernel {
        try makeKernel("stripes", kind: .fill, format: .rgba16Float, result: "vec4(float(pixel.x) / 8.0, float(pixel.y) / 8.0, 0.5, 1.0)")
    }
    static func invertKernel(_ format: PixelFormat = .rgba16Float) throws -> CompiledKernel {
        try makeKernel("invert", kind: .color, format: format,
                       result: "vec4(vec3(1.0) - weftLoad(weftLayer, weft.layerOrigin, weft.layerSize, position).rgb, 1.0)")
    }
    static func layerFrame(_ w: Int, _ h: Int) -> FrameConstants {
        var f = frame(output: (w, h))
        f.layerSize = SIMD2(Float(w), Float(h))
        return f
    }

    /// fill → invert → invert-again into RGBA8; pass 2 reads pass 1's output, pass 3 pass 2's.
    static func chainPlan(width: Int = 9, height: Int = 5) throws -> (RenderPlan, TextureID, TextureID) {
        var plan = RenderPlan()
        let a = plan.addTexture(TextureDescriptor(width: width, height: height, format: .rgba16Float))
        let b = plan.addTexture(TextureDescriptor(width: width, height: height, format: .rgba16Float))
        let c = plan.addTexture(TextureDescriptor(width: width, height: height, format: .rgba8Unorm))
        plan.passes.append(KernelPass(kernel: try fillKernel(), output: a, frame: frame(output: (width, height))))
        plan.passes.append(KernelPass(kernel: try invertKernel(), output: b, layer: a, frame: layerFrame(width, height)))
        plan.passes.append(KernelPass(kernel: try invertKernel(.rgba8Unorm), output: c, layer: b, frame: layerFrame(width, height)))
        plan.readbacks = [b, c]
        return (plan, b, c)
    }

    static func expectChain(_ result: ExecutionResult, _ b: TextureID, _ c: TextureID) {
        expectPixels(result.outputs[b]) { x, y in SIMD4(1 - Float(x) / 8, 1 - Float(y) / 8, 0.5, 1) }
        expectPixels(result.outputs[c], tolerance: 1.0 / 255) { x, y in SIMD4(Float(x) / 8, Float(y) / 8, 0.5, 1) }
    }

    @Test func multiPassPlanRunsInOneSubmission() throws {
        try withExecutor { executor in
            let (plan, b, c) = try Self.chainPlan()
            let submissionsBefore = executor.vulkanDevice.submissionCount
            let result = try executor.execute(plan)
            #expect(executor.vulkanDevice.submissionCount == submissionsBefore + 1)
            Self.expectChain(result, b, c)
            #expect(result.deviceTimes.isEmpty)
            #expect(result.hostTime > .zero)
        }
    }

    @Test(arguments: [1, 3, 8])
    func repetitionsGiveTheSameResult(repetitions: Int) throws {
        try withExecutor { executor in
            let (plan, b, c) = try Self.chainPlan()
            let result = try executor.execute(plan, options: ExecutionOptions(repetitions: repetitions, measureDeviceTime: true))
            Self.expectChain(result, b, c)
            if executor.vulkanDevice.info.timestampsTrusted {
                #expect(result.deviceTimes.count == repetitions)
                #expect(result.deviceTimes.allSatisfy { $0 > .zero })
            } else {
                // Lavapipe: timestamps do not bracket compute work, so none are reported.
                #expect(result.deviceTimes.isEmpty)
            }
        }
    }

    @Test func secondRenderReusesTexturesPipelinesAndMemory() throws {
        try withExecutor { executor in
            let (plan, b, c) = try Self.chainPlan()
            Self.expectChain(try executor.execute(plan), b, c)
            let first = executor.statistics
            #expect(first.texturesCreated == 3)
            #expect(first.pipelinesCreated == 3)
            #expect(first.idleTextures == 3)
            let (plan2, b2, c2) = try Self.chainPlan()
            Self.expectChain(try executor.execute(plan2), b2, c2)
            let second = executor.statistics
            #expect(second.texturesCreated == first.texturesCreated)
            #expect(second.pipelinesCreated == first.pipelinesCreated)
            #expect(second.deviceMemoryAllocations == first.deviceMemoryAllocations)
            #expect(second.renders == 2)
            // A different size needs new textures, but not new memory blocks.
            let (plan3, b3, c3) = try Self.chainPlan(width: 33, height: 17)
            Self.expectChain(try executor.execute(plan3), b3, c3)
            let third = executor.statistics
            #expect(third.texturesCreated == first.texturesCreated + 3)
            #expect(third.deviceMemoryAllocations == first.deviceMemoryAllocations)
        }
    }

    @Test func manyTexturesShareFewMemoryBlocks() throws {
        try withExecutor { executor in
            var plan = RenderPlan()
            let kernel = try Self.fillKernel()
            var outputs: [TextureID] = []
            for i in 0..<24 {
                let t = plan.addTexture(TextureDescriptor(width: 20 + i, height: 10, format: .rgba16Float))
                plan.passes.append(KernelPass(kernel: kernel, output: t, frame: frame(output: (20 + i, 10))))
                outputs.append(t)
            }
            plan.readbacks = [outputs[0], outputs[23]]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[outputs[23]]) { x, y in SIMD4(Float(x) / 8, Float(y) / 8, 0.5, 1) }
            let stats = executor.statistics
            #expect(stats.texturesCreated == 24)
            #expect(stats.memoryAllocations >= 24)
            #expect(stats.deviceMemoryAllocations <= 3, "textures and staging are sub-allocated: \(stats)")
        }
    }

    @Test func independentPassesNeedNoBarrierBetweenThem() throws {
        try withExecutor { executor in
            var plan = RenderPlan()
            let kernel = try Self.fillKernel()
            let a = plan.addTexture(TextureDescriptor(width: 4, height: 4, format: .rgba16Float))
            let b = plan.addTexture(TextureDescriptor(width: 4, height: 4, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: kernel, output: a, frame: frame(output: (4, 4))))
            plan.passes.append(KernelPass(kernel: kernel, output: b, frame: frame(output: (4, 4))))
            plan.readbacks = [a, b]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[b]) { x, y in SIMD4(Float(x) / 8, Float(y) / 8, 0.5, 1) }
            // Both first-write transitions share the opening batch; nothing separates the two
            // dispatches; the readback transitions form the second batch.
            #expect(executor.statistics.lastRenderBarriers == 4)
            #expect(executor.statistics.lastRenderBarrierBatches == 2)
        }
    }

    @Test func readingAnUndefinedTextureSeesTransparentBlack() throws {
        try withExecutor { executor in
            var plan = RenderPlan()
            let empty = plan.addTexture(TextureDescriptor(width: 3, height: 3, format: .rgba8Unorm))
            let out = plan.addTexture(TextureDescriptor(width: 3, height: 3, format: .rgba16Float))
            plan.passes.append(KernelPass(kernel: try Self.invertKernel(), output: out, layer: empty, frame: Self.layerFrame(3, 3)))
            plan.readbacks = [out, empty]
            let result = try executor.execute(plan)
            expectPixels(result.outputs[out]) { _, _ in SIMD4(1, 1, 1, 1) }
            expectPixels(result.outputs[empty]) { _, _ in .zero }
        }
    }

    @Test func concurrentCallersAreSerialized() throws {
        try withExecutor { executor in
            let failures = ConcurrentList()
            DispatchQueue.concurrentPerform(iterations: 6) { i in
                do {
                    let (plan, b, c) = try Self.chainPlan(width: 5 + i, height: 3 + i)
                    let result = try executor.execute(plan)
                    let expected = Self.expectedChainC(width: 5 + i, height: 3 + i)
                    if result.outputs[c] != expected { failures.append("call \(i): wrong pixels") }
                    if result.outputs[b] == nil { failures.append("call \(i): missing output") }
                } catch {
                    failures.append("call \(i): \(error)")
                }
            }
            #expect(failures.items.isEmpty, "\(failures.items)")
            #expect(executor.statistics.renders == 6)
        }
    }

    @Test func executorsSharingOneDeviceRunConcurrently() throws {
        let first = try makeExecutor()
        let second = try VulkanExecutor(device: first.vulkanDevice, pipelineCache: .none)
        let failures = ConcurrentList()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            do {
                let executor = i % 2 == 0 ? first : second
                let (plan, _, c) = try Self.chainPlan(width: 4 + i, height: 6)
                let result = try executor.execute(plan, options: ExecutionOptions(repetitions: 2))
                if result.outputs[c] != Self.expectedChainC(width: 4 + i, height: 6) { failures.append("call \(i): wrong pixels") }
            } catch {
                failures.append("call \(i): \(error)")
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items)")
        #expect(first.vulkanDevice.submissionCount == 8)
        expectNoValidationFailures(first.validationMessages)
    }

    static func expectedChainC(width: Int, height: Int) -> PixelBuffer {
        pixels(width, height, .rgba8Unorm) { x, y in
            // Through RGBA16F: 1 - x/8 is exact in half precision for these sizes, so 1 - (1 - x/8) is too.
            SIMD4(Float(x) / 8, Float(y) / 8, 0.5, 1)
        }
    }

    @Test func pipelineCachePersistsOnDisk() throws {
        let directory = temporaryDirectory()
        let path: String?
        do {
            let executor = try makeExecutor(cacheDirectory: directory)
            #expect(executor.statistics.pipelineCacheBytesLoaded == 0)
            let (plan, b, c) = try Self.chainPlan()
            Self.expectChain(try executor.execute(plan), b, c)
            path = executor.pipelineCachePath
            #expect(path?.hasPrefix(directory) == true)
            expectNoValidationFailures(executor.validationMessages)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path ?? "")[.size] as? Int) ?? 0
        // Lavapipe stores only the 32-byte header; real drivers store the pipelines as well.
        #expect(size >= CacheEnvelope.headerSize + 32, "the cache file holds at least its frame and the driver's header")
        let again = try makeExecutor(cacheDirectory: directory)
        #expect(again.statistics.pipelineCacheBytesLoaded == size - CacheEnvelope.headerSize)
        expectNoValidationFailures(again.validationMessages)
    }

    @Test func pipelineCacheFromAnotherDeviceIsIgnored() throws {
        let directory = temporaryDirectory()
        let path = try makeExecutor(cacheDirectory: directory).pipelineCachePath!
        var header = [UInt8](repeating: 0, count: 64)
        header[0] = 32; header[4] = 1; header[8] = 0xde; header[9] = 0xc0   // another vendor
        #expect(FileManager.default.createFile(atPath: path, contents: CacheEnvelope.wrap(Data(header), magic: KernelPipelines.fileMagic)))
        let executor = try makeExecutor(cacheDirectory: directory)
        #expect(executor.statistics.pipelineCacheBytesLoaded == 0)
        let (plan, b, c) = try Self.chainPlan()
        Self.expectChain(try executor.execute(plan), b, c)
        expectNoValidationFailures(executor.validationMessages)
    }
}

final class ConcurrentList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ s: String) { lock.lock(); storage.append(s); lock.unlock() }
    var items: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}
