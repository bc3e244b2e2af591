import Foundation
import Weft
import WeftBench
import WeftScene

/// `weft bench SCENE.json --planning`: plans a scene's frames (or a built-in scene's, `ScaleScenes.named`) without running them, and prints the per-frame planning
/// time by phase. Five runs (or those `--runs` names): *fresh*, the first frame of the scene built anew (new views: nothing laid out yet) planned by
/// a new `PlanReuse` each time (every view laid out and lowered; the planner's caches — kernels, text, path coverage —
/// warm); *replanned*, the first frame of the same views planned by a new `PlanReuse` each time (each view's layout
/// answers kept, every view lowered again: a frame whose plan cannot be reused, with every cache warm); *still*, the
/// first frame planned again and
/// again through one `PlanReuse` (a screen that does not change); *rebuilt*, the first frame of the scene built anew
/// each time planned through one `PlanReuse` (a body built again, a scene file read again: equal views taken from the
/// previous frame's tree, `ViewNode.adopting`); *moving*, frames 0…N−1 at 30 per second, planned in
/// order through one `PlanReuse` as a sequence plans them. The first plan of each run fills caches and is left out.
/// Below the table: how long a fresh frame took to read the scene file (or build the built-in scene) anew and show it
/// at its time, which the table does not count.
struct BenchPlanning {
    /// The runs, in the order they are measured and printed.
    enum Run: String, CaseIterable {
        case fresh, replanned, still, rebuilt, moving
    }

    var path: String
    var frames: Int
    var repetitions: Int
    var scale: Float
    var confinement: SceneConfinement?
    /// The runs measured (`--runs`, default every one): one alone, to profile it.
    var runs: [Run]

    static let defaultFrames = 60

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first,
              name.lowercased().hasSuffix(".json") || name.contains(":") else {
            throw UsageError(message: "--planning measures one SCENE.json, or one built-in scene: nested:N or screen:RxC")
        }
        path = name
        repetitions = try arguments.wholeNumber("repetitions", minimum: 1) ?? 5
        frames = try arguments.wholeNumber("frame-count", minimum: 1) ?? Self.defaultFrames
        scale = 1
        if let text = arguments.value("scale") {
            guard let s = Float(text), s > 0, s.isFinite else { throw UsageError(message: "--scale \(text): expected a positive number", isInvalidValue: true) }
            scale = s
        }
        confinement = try RenderRequest.confinement(arguments)
        runs = Run.allCases
        if let text = arguments.value("runs") {
            let named = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            for name in named where Run(rawValue: name) == nil {
                throw UsageError(message: "--runs \(text): no run named '\(name)' (the runs: \(Run.allCases.map(\.rawValue).joined(separator: ", ")))",
                                 isInvalidValue: true)
            }
            runs = Run.allCases.filter { named.contains($0.rawValue) }
        }
        for name in ["device", "size", "format", "baseline", "json", "threads", "warm-up"] where arguments.value(name) != nil {
            throw UsageError(message: "--\(name) does not apply to --planning (it plans for the CPU evaluator's limits and runs nothing)")
        }
    }

    func run(output: inout Output) -> Int32 {
        do {
            let scene = try loadScene()
            let context = RenderContext(executor: try DeviceChoice.cpu.makeExecutor().executor)
            var caller = RenderOptions()
            caller.scale = scale
            let firstFrame = Array(repeating: 0.0, count: frames)
            // The process's caches (kernels, text layouts, path coverage, the glyph atlas) filled by a plan of the first
            // frame, so that each run finds them as it would after the runs before it, whichever runs are measured.
            let first = scene.frame(at: 0, index: 0, caller: caller)
            _ = try context.makePlanReuse().plan(first.view, size: first.size, options: first.options)
            var results: [(Run, Result)] = []
            for run in runs {
                let result: Result
                switch run {
                case .fresh: result = try measure(scene, context: context, caller: caller, times: firstFrame, fresh: loadScene)
                case .replanned: result = try measure(scene, context: context, caller: caller, times: firstFrame, fresh: { scene })
                case .still: result = try measure(scene, context: context, caller: caller, times: firstFrame)
                case .rebuilt: result = try measure(scene, context: context, caller: caller, times: firstFrame, fresh: loadScene, newPlanReuse: false)
                case .moving: result = try measure(scene, context: context, caller: caller, times: (0..<frames).map { Double($0) / 30 })
                }
                results.append((run, result))
            }
            output.print("\(path): \(frames) frames a run, \(repetitions) runs, planned for the CPU evaluator's limits; milliseconds a frame, medians")
            var table = TextTable(headers: ["run", "planning", "cpu", "layout", "lowering", "rewrites", "rebinding", "reused", "rebound",
                                            "rewritten"], rightAligned: Set(1...9))
            for (run, result) in results {
                let m = result.medians
                table.append([run.rawValue] + [m.total, m.cpu, m.layout, m.lowering, m.rewrites, m.rebinding].map { String(format: "%.3f", $0 * 1000) }
                          + [result.reused, result.rebound, result.rewritten].map(String.init))
            }
            output.print(table.rendered)
            if let fresh = results.first(where: { $0.0 == .fresh })?.1 {
                let source = path.lowercased().hasSuffix(".json") ? "reading the scene file" : "building the scene"
                output.print(String(format: "%@ anew for each fresh frame (not counted above): %.3f ms a frame, median", source,
                                    fresh.sceneBuilding * 1000))
            }
            return 0
        } catch {
            output.printError("weft bench: \(path): \(error)")
            return 1
        }
    }

    /// The scene file at `path`, or the built-in scene it names (`ScaleScenes.named`).
    private func loadScene() throws -> Scene {
        if path.lowercased().hasSuffix(".json") { return try Scene.loadWithLibraries(contentsOf: path, confinement: confinement).scene }
        guard let (view, size) = try ScaleScenes.named(path) else {
            throw UsageError(message: "no such built-in scene (nested:N with N in 1…\(ScaleScenes.deepestNesting), screen:RxC with R and C in 1…1000)",
                             isInvalidValue: true)
        }
        return Scene(root: view, size: size)
    }

    struct Result {
        /// `cpu`: the planning thread's CPU time, which a busy machine's other work does not stretch as it does the others.
        var medians: (total: Double, cpu: Double, layout: Double, lowering: Double, rewrites: Double, rebinding: Double)
        var reused = 0
        var rebound = 0
        var rewritten = 0
        /// The median wall time of building the scene anew for a frame (a fresh run's), in seconds; 0 for other runs.
        var sceneBuilding: Double = 0
    }

    /// Plans the scene at each of `times` in order, `repetitions` times over with one `PlanReuse`; given `fresh`, each
    /// frame is of a scene it builds anew (untimed), planned by a new `PlanReuse` unless not `newPlanReuse`.
    private func measure(_ scene: Scene, context: RenderContext, caller: RenderOptions, times: [Double],
                         fresh: (() throws -> Scene)? = nil, newPlanReuse: Bool = true) throws -> Result {
        var reuse = context.makePlanReuse()
        var samples: [PlanTimings] = []
        var cpuSeconds: [Double] = []
        var buildingSeconds: [Double] = []
        var result = Result(medians: (0, 0, 0, 0, 0, 0))
        let first = scene.frame(at: times[0], index: 0, caller: caller)
        _ = try reuse.plan(first.view, size: first.size, options: first.options)
        for _ in 0..<repetitions {
            for (index, time) in times.enumerated() {
                let building = ContinuousClock.now
                let frame = try (fresh?() ?? scene).frame(at: time, index: UInt32(index), caller: caller)
                if fresh != nil {
                    buildingSeconds.append((ContinuousClock.now - building).seconds)
                    if newPlanReuse { reuse = context.makePlanReuse() }
                }
                let start = Self.threadCPUSeconds()
                let timings = try reuse.plan(frame.view, size: frame.size, options: frame.options).timings
                cpuSeconds.append(Self.threadCPUSeconds() - start)
                samples.append(timings)
                if timings.reused { result.reused += 1 } else if timings.rebound { result.rebound += 1 } else { result.rewritten += 1 }
            }
        }
        func median(_ seconds: [Double]) -> Double { seconds.sorted()[seconds.count / 2] }
        func median(_ phase: (PlanTimings) -> Duration) -> Double { median(samples.map { phase($0).seconds }) }
        if !buildingSeconds.isEmpty { result.sceneBuilding = median(buildingSeconds) }
        result.medians = (median { $0.layout + $0.lowering + $0.rewrites + $0.rebinding }, median(cpuSeconds),
                          median(\.layout), median(\.lowering), median(\.rewrites), median(\.rebinding))
        return result
    }

    /// The calling thread's CPU time so far, in seconds.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
