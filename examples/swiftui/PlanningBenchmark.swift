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

/// RadarSeal turned by the clock (30° a second) through a `TimelineView`: not an article's view, the benchmark's
/// measure of what building a body again at every frame costs.
private struct TurningSeal: View {
    var body: some View {
        TimelineView(.animation) { context in
            RadarSeal().rotationEffect(.degrees(context.date.timeIntervalSinceReferenceDate * 30))
        }
    }
}

extension PlanningBenchmark {
    /// Frames 0…N−1 of `TurningSeal` at 30 a second through one `PlanReuse`: the time spent building each frame's tree
    /// (`Timeline.view(at:size:)`, the `TimelineView`'s content built again) beside the time planning it, medians of
    /// the repetitions.
    func measureClock(context: RenderContext) throws {
        let size = Size(width: 220, height: 220)
        let timeline = try Timeline(TurningSeal(), size: size)
        func run() throws -> (building: Duration, planning: Duration, rebound: Int) {
            let reuse = context.makePlanReuse()
            var building = Duration.zero, planning = Duration.zero
            for index in 0..<frames {
                let time = Double(index) / 30
                var clock = ContinuousClock.now
                let view = timeline.view(at: time, size: size)
                building += ContinuousClock.now - clock
                clock = ContinuousClock.now
                _ = try reuse.plan(view, size: size, options: RenderOptions(frame: FrameContext(time: time), background: .white))
                planning += ContinuousClock.now - clock
            }
            return (building, planning, reuse.framesRebound)
        }
        _ = try run()
        let runs = try (0..<repetitions).map { _ in try run() }
        let building = runs.map { $0.building }.sorted()[repetitions / 2], planning = runs.map { $0.planning }.sorted()[repetitions / 2]
        func ms(_ d: Duration) -> String { String(format: "%.2f", d / .milliseconds(1)) }
        print("radar-seal in a TimelineView turning it: \(frames) frames, building the trees \(ms(building)) ms, "
              + "planning them \(ms(planning)) ms (rebound \(runs[0].rebound))")
    }
}
