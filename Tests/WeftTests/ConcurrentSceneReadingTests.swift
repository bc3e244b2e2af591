import Dispatch
import Synchronization
import Testing
@testable import Weft
import WeftCPU
import WeftImage
@testable import WeftScene

/// Scene files read, laid out and planned on many threads at once: every thread goes through the process's shared
/// caches together — the font library's faces, layouts and glyph rasters, the icon font and the symbol outlines of
/// labels and buttons, the glyph atlas, path coverage, compiled kernels — and each render must be the one a single
/// thread makes. More threads than this machine's cores, each walking the scenes from a different start, so that
/// different scenes meet in those caches.
@Suite struct ConcurrentSceneReadingTests {
    static let threads = 24
    /// The examples with labels, symbols, buttons and text in several fonts and weights.
    static let files = ["toolbar-symbols.json", "text-styles.json", "control-density.json", "download-badge.json",
                        "card-grid.json", "nested-density.json"]

    /// `file` read from disk, at a quarter of its scale, on the CPU evaluator.
    static func render(_ file: String, _ context: RenderContext) throws -> PixelBuffer {
        var frame = try Examples.load(file).frame(at: 0.5)
        frame.options.scale *= 0.25
        return try context.render(frame.view, size: frame.size, options: frame.options).pixels
    }

    @Test func scenesReadOnManyThreadsAtOnceRenderWhatOneThreadDoes() throws {
        // One evaluator thread a render: the threads here are the scene readers.
        let shared = RenderContext(executor: CPUExecutor(threads: 1))
        let results = Mutex<[String: [PixelBuffer]]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for step in Self.files.indices {
                let file = Self.files[(thread + step) % Self.files.count]
                do {
                    let pixels = try Self.render(file, shared)
                    results.withLock { $0[file, default: []].append(pixels) }
                } catch {
                    failures.withLock { $0.append("\(file) on thread \(thread): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let serial = RenderContext(executor: CPUExecutor(threads: 1))
        let rendered = results.withLock { $0 }
        for file in Self.files {
            let expected = try Self.render(file, serial)
            let outputs = rendered[file] ?? []
            #expect(outputs.count == Self.threads, "\(file)")
            for output in outputs where output != expected {
                Issue.record("\(file) read on \(Self.threads) threads at once differs from one read alone, most at \(String(describing: ImageDifference(expected, output)?.worstPixel))")
            }
        }
    }
}
