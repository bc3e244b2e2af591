import Testing
import WeftBench
import WeftImage
@testable import WeftPlanner
import WeftTestSupport
import WeftViews

/// Planning at the size of real screens counts its work: each path of a still scene (a symbol drawn from its outline)
/// is flattened, stroked and covered at most once, however many frames plan it again.
struct PlanningScaleTests {
    /// Plans `view` three times with one planner, as a sequence's frames of a still scene are planned: the paths
    /// covered by each plan, and whether the later plans made the first one's uploads.
    static func coveredPerPlan(_ view: ViewNode, size: Size) throws -> (covered: [Int], sameUploads: Bool) {
        let context = PlanOnly()
        var covered: [Int] = []
        var plans: [PlannedRender] = []
        for _ in 0..<3 {
            let before = context.planner.pathCoverage.coveredCount
            plans.append(try context.plan(view, size: size))
            covered.append(context.planner.pathCoverage.coveredCount - before)
        }
        let sameUploads = plans.dropFirst().allSatisfy { $0.plan.uploads == plans[0].plan.uploads }
        return (covered, sameUploads)
    }

    @Test func aThousandViewScreenCoversEachSymbolOnceAcrossFrames() throws {
        let (covered, sameUploads) = try Self.coveredPerPlan(try ScaleScenes.screen(rows: 50, cells: 20),
                                                              size: Size(width: 1920, height: 1080))
        // Every cell's symbol is an outline from the catalog, each at its own place: 1,000 paths, but four symbols, so
        // those a whole number of pixels apart are covered once (PathCoverageCacheTests).
        #expect(ScaleScenes.screenSymbols.allSatisfy { !Symbol.isDrawnFromIconFont($0) })
        #expect((4..<1000).contains(covered[0]) && covered.dropFirst() == [0, 0], "paths covered by each plan: \(covered)")
        #expect(sameUploads, "the later plans upload the first one's coverage")
    }

    @Test(arguments: [4, 16, 64, 120])
    func nestedStacksCoverEachSymbolOnceAcrossFrames(depth: Int) throws {
        let (covered, sameUploads) = try Self.coveredPerPlan(try ScaleScenes.nested(depth: depth, symbol: "star.fill"),
                                                              size: Size(width: 390, height: 844))
        // One star a level, covered by the first plan only, and once for all the levels a whole number of pixels apart.
        #expect((1...depth).contains(covered[0]) && covered.dropFirst() == [0, 0], "paths covered by each plan: \(covered)")
        #expect(sameUploads)
    }
}
