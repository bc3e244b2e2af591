import Foundation
import Testing
@testable import Weft
import WeftCatalog
@testable import WeftCPU
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

    /// The text benchmark's page drawn in order: a full-canvas pass, then 36 lines of glyphs drawn in place, which the
    /// evaluator interprets side by side (`RenderPlan.sideBySideRuns`) as one list of batches. (Drawn as usual, lines
    /// that meet no pixel of each other share passes: `RenderOptions.disjointDraws`.)
    static func textPage(scale: Float) throws -> PlannedRender {
        var frame = try Scene.load(contentsOf: Examples.directory + "/../Benchmarks/text/page-1080p.json") { folders in
            try LibraryShaderProvider(folders: folders, baseDirectory: Examples.directory)
        }.frame(at: 0)
        frame.options.scale *= scale
        frame.options.disjointDraws = false
        return try planner.plan(frame.view, size: frame.size, options: frame.options)
    }

    static func interpreted(_ pass: KernelPass) -> Bool { pass.kernel.native == nil }

    @Test func linesOfTextRunSideBySideOnEveryThreadCount() throws {
        let page = try Self.textPage(scale: 0.5)
        let runs = page.plan.sideBySideRuns(interpreted: Self.interpreted)
        #expect(runs.contains { $0.count >= 30 }, "the lines run side by side: \(runs)")
        try expectSameOnEveryThreadCount("the text page at half scale", page)
    }

    /// Passes join a run only while they are independent: a line moved over the line before it starts a new run, and so
    /// does a pass that samples what a pass of the run wrote, and then the next pass, which writes what it samples.
    @Test func sideBySideRunsKeepDependentPassesApart() throws {
        var plan = try Self.textPage(scale: 1).plan
        #expect(plan.passes.count == 37)
        #expect(plan.sideBySideRuns(interpreted: Self.interpreted) == [0..<1, 1..<37])
        let output = plan.textures[plan.passes[1].output.index]
        let first = plan.passes[1].dispatchRegion(width: output.width, height: output.height)
        var overlapping = plan.passes[2]
        overlapping = overlapping.bounded(to: PixelRegion(origin: first.origin &+ 1, size: first.size))
        plan.passes[2] = overlapping
        #expect(plan.sideBySideRuns(interpreted: Self.interpreted) == [0..<1, 1..<2, 2..<37])
        plan.passes[4].layer = plan.passes[3].output
        #expect(plan.sideBySideRuns(interpreted: Self.interpreted) == [0..<1, 1..<2, 2..<4, 4..<5, 5..<37])
        #expect(plan.sideBySideRuns { _ in false } == (0..<37).map { $0..<($0 + 1) })
    }

    /// A pass that runs past its budget among passes run side by side is reported as itself — the first of them, as
    /// every one fails — on any number of workers.
    @Test(arguments: [1, 3, 256])
    func aRunawayPassAmongPassesSideBySideIsNamed(threads: Int) throws {
        var plan = try Self.textPage(scale: 0.25).plan
        plan.passes.removeFirst()
        let executor = CPUExecutor(options: CPUExecutor.Options(threads: threads, instructionBudget: 1))
        #expect(plan.sideBySideRuns(interpreted: Self.interpreted).count == 1)
        #expect {
            try executor.execute(plan)
        } throws: { error in
            guard case ExecutionError.backend(_, let kernel, let pass, let message) = error else { return false }
            return pass == 0 && kernel == plan.passes[0].kernel.name && message.contains("budget")
        }
    }

    /// The partitions' edge: passes of one row, one column and one pixel, a blur (the shadow) and shapes over a solid
    /// among them, where all but one of 256 workers get nothing; and one pixel past a batch (`Lanes`, 32×8) each way.
    @Test(arguments: [Size(width: 1, height: 1), Size(width: 1, height: 9), Size(width: 9, height: 1), Size(width: 13, height: 7),
                      Size(width: 33, height: 9)])
    func tinyRendersAreTheSameOnEveryThreadCount(size: Size) throws {
        for file in ["download-badge.json", "circles-group-shadow.json", "paths.json"] {
            let frame = try Examples.load(file).frame(at: 0.5)
            try expectSameOnEveryThreadCount("\(file) at \(size)", try Self.planner.plan(frame.view, size: size, options: frame.options))
        }
    }
}
