import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Weft
@testable import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

/// `RenderContext` is `Sendable` and documented as safe to share: several threads rendering
/// through one fresh context at once (so kernel compilation, program caches, the texture pool
/// and submissions all race) must produce exactly what serial renders produce.
@Suite struct ConcurrentRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let threads = 4

    /// Six stock effects of every modifying kind over a small pattern, at sizes that differ per job.
    static func jobs() throws -> [(name: String, view: ViewNode, size: Size, options: RenderOptions)] {
        let pattern = try PNGFile.load(path: root.appendingPathComponent("examples/images/test-pattern.png").path)
        let small = DifferentialTests.averagedDown(pattern, by: 8)
        let catalog = try EffectCatalog(paths: [root.appendingPathComponent("Shaders").path])
        let wanted = ["boxBlur", "chromaticAberration", "grayscale", "ripple", "softLightBlend", "vignette"]
        let items = Gallery(pattern: small, catalog: catalog, scenes: []).items(only: Set(wanted))
        #expect(items.count == wanted.count)
        return try items.enumerated().map { i, item in
            let (view, _, options) = try item.make()
            return (item.name, view, Size(width: Float(40 + 8 * i), height: Float(32 + 4 * i)), options)
        }
    }

    @Test(arguments: Backend.allCases)
    func threadsSharingOneContextRenderWhatSerialRendersDo(_ backend: Backend) throws {
        let jobs = try Self.jobs()
        let serial = try Self.renderSerially(jobs, backend)

        let executor = try BackendFactory.executor(for: backend)
        let shared = RenderContext(executor: executor)
        let results = Mutex<[String: [PixelBuffer]]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            // Each thread walks the jobs from a different start, so different kernels meet.
            for step in 0..<jobs.count {
                let job = jobs[(thread + step) % jobs.count]
                do {
                    let pixels = try shared.render(job.view, size: job.size, options: job.options).pixels
                    results.withLock { $0[job.name, default: []].append(pixels) }
                } catch {
                    failures.withLock { $0.append("\(job.name) on thread \(thread): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let rendered = results.withLock { $0 }
        for job in jobs {
            let outputs = rendered[job.name] ?? []
            #expect(outputs.count == Self.threads, "\(job.name)")
            for output in outputs {
                #expect(output == serial[job.name], "\(job.name) rendered concurrently differs from the serial render")
            }
        }
        if let vulkan = executor as? VulkanExecutor {
            #expect(vulkan.validationMessages.isEmpty, "\(vulkan.validationMessages.prefix(3))")
        }
    }

    static func renderSerially(_ jobs: [(name: String, view: ViewNode, size: Size, options: RenderOptions)],
                               _ backend: Backend) throws -> [String: PixelBuffer] {
        let context = RenderContext(executor: try BackendFactory.executor(for: backend))
        var out: [String: PixelBuffer] = [:]
        for job in jobs { out[job.name] = try context.render(job.view, size: job.size, options: job.options).pixels }
        return out
    }
}
