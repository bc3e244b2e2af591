// `weft-swiftui-examples --planning [--frame-count N] [--repetitions R]`: how long each example's frames take to
// plan from its Swift timeline and from its scene file, side by side, and how many of them rebind the previous plan.
import Foundation
import Weft

/// Frames 0…N−1 at 30 a second from the example's first change (its first frame for a still one), each planned in
/// order through one `PlanReuse` per run, as a sequence plans them: from the Swift source (`Timeline.view(at:size:)`,
/// the tree its script's states make, then the plan) and from the scene file (`Scene.frame(at:)`, then the plan).
/// Each repetition plans both, the Swift run first in odd repetitions and second in even ones; the median
/// repetition's total is printed. The first plan of a run fills the planner's caches, so a warm-up run of each comes
/// first.
struct PlanningBenchmark {
    var frames: Int
    var repetitions: Int

    struct Run {
        var total: Duration = .zero
        var rebound = 0
        var reused = 0
    }

    func measure(_ example: SwiftUIExample, context: RenderContext) throws {
        let building = ContinuousClock().measure { _ = try? example.timeline() }
        let timeline = try example.timeline()
        let scene = try Scene.load(contentsOf: "examples/swiftui/\(example.name).json") { folders in
            try LibraryShaderProvider(folders: folders, baseDirectory: "examples/swiftui")
        }
        let start = timeline.changes.first?.time ?? 0
        let times = (0..<frames).map { start + Double($0) / 30 }
        func swift() throws -> Run {
            let reuse = context.makePlanReuse()
            var run = Run()
            for time in times {
                let clock = ContinuousClock.now
                _ = try reuse.plan(timeline.view(at: time, size: example.size), size: example.size,
                                   options: RenderOptions(frame: FrameContext(time: time), background: .white))
                run.total += ContinuousClock.now - clock
            }
            (run.rebound, run.reused) = (reuse.framesRebound, reuse.framesReused)
            return run
        }
        func file() throws -> Run {
            let reuse = context.makePlanReuse()
            var run = Run()
            for time in times {
                let clock = ContinuousClock.now
                let frame = scene.frame(at: time)
                _ = try reuse.plan(frame.view, size: frame.size, options: frame.options)
                run.total += ContinuousClock.now - clock
            }
            (run.rebound, run.reused) = (reuse.framesRebound, reuse.framesReused)
            return run
        }
        _ = try swift()
        _ = try file()
        var fromSwift: [Run] = [], fromFile: [Run] = []
        for repetition in 0..<repetitions {
            if repetition.isMultiple(of: 2) {
                fromSwift.append(try swift())
                fromFile.append(try file())
            } else {
                fromFile.append(try file())
                fromSwift.append(try swift())
            }
        }
        let a = fromSwift.sorted { $0.total < $1.total }[repetitions / 2], b = fromFile.sorted { $0.total < $1.total }[repetitions / 2]
        func ms(_ d: Duration) -> String { String(format: "%.2f", d / .milliseconds(1)) }
        let ratio = a.total / b.total
        print("\(example.name): \(frames) frames, Swift \(ms(a.total)) ms (rebound \(a.rebound), reused \(a.reused)), "
              + "scene file \(ms(b.total)) ms (rebound \(b.rebound), reused \(b.reused)), ratio \(String(format: "%.3f", ratio)); "
              + "building the Swift timeline \(ms(building)) ms")
    }
}
