import Foundation
import Testing
@testable import Weft
import WeftCatalog
import WeftCPU
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftViews

/// The CPU evaluator's determinism promise (docs/cpu-evaluator.md): a plan renders to the same bytes, with the same
/// check findings, on any number of threads. Every example scene and every stock effect runs on 1, 3, 16, 64 and 256
/// threads — far more than this machine's cores, so a 2-core machine cuts every partition as a many-core one does,
/// including more workers than a pass has rows (the examples at half their scale are 30 to 225 pixels high).
@Suite struct ThreadMatrixTests {
    static let threadCounts = [1, 3, 16, 64, 256]
    /// One evaluator per thread count for the whole suite, so each decodes a kernel once.
    static let executors = threadCounts.map { CPUExecutor(options: CPUExecutor.Options(threads: $0)) }
    static let planner = RenderContext(executor: executors[0])

    /// Runs `planned` on every evaluator; each result must equal the one-thread result byte for byte.
    func expectSameOnEveryThreadCount(_ name: String, _ planned: PlannedRender) throws {
        let single = try Self.executors[0].execute(planned.plan)
        let expected = try #require(single.outputs[planned.output], "\(name): no output")
        for (threads, executor) in zip(Self.threadCounts, Self.executors).dropFirst() {
            let result = try executor.execute(planned.plan)
            let pixels = try #require(result.outputs[planned.output], "\(name): no output on \(threads) threads")
            if pixels.bytes != expected.bytes {
                let difference = ImageDifference(expected, pixels)
                Issue.record("\(name): \(threads) threads differ from 1 thread, most at \(String(describing: difference?.worstPixel))")
            }
            #expect(result.reports == single.reports, "\(name): \(threads) threads report otherwise than 1 thread")
        }
    }

    /// At half their scale (a quarter of the pixels, so the matrix stays a couple of minutes of a debug build's time).
    @Test func everyExampleSceneIsTheSameOnEveryThreadCount() throws {
        #expect(Examples.sceneFiles.count >= 20)
        for file in Examples.sceneFiles {
            var frame = try Examples.load(file).frame(at: 0.5)
            frame.options.scale *= 0.5
            try expectSameOnEveryThreadCount(file, try Self.planner.plan(frame.view, size: frame.size, options: frame.options))
        }
    }

    @Test func everyStockEffectIsTheSameOnEveryThreadCount() throws {
        let root = DifferentialTests.root
        let pattern = try PNGFile.load(path: root.appendingPathComponent("examples/images/test-pattern.png").path)
        let catalog = try EffectCatalog(paths: [root.appendingPathComponent("Shaders").path])
        let items = Gallery(pattern: DifferentialTests.averagedDown(pattern, by: 4), catalog: catalog, scenes: []).items()
        #expect(items.count == catalog.effectNames.count)
        for item in items {
            let (view, size, options) = try item.make()
            try expectSameOnEveryThreadCount(item.name, try Self.planner.plan(view, size: size, options: options))
        }
    }

    /// The partitions' edge: passes of one row, one column and one pixel, a blur (the shadow) and shapes over a solid
    /// among them, where all but one of 256 workers get nothing.
    @Test(arguments: [Size(width: 1, height: 1), Size(width: 1, height: 9), Size(width: 9, height: 1), Size(width: 13, height: 7)])
    func tinyRendersAreTheSameOnEveryThreadCount(size: Size) throws {
        for file in ["download-badge.json", "circles-group-shadow.json", "paths.json"] {
            let frame = try Examples.load(file).frame(at: 0.5)
            try expectSameOnEveryThreadCount("\(file) at \(size)", try Self.planner.plan(frame.view, size: size, options: frame.options))
        }
    }
}
