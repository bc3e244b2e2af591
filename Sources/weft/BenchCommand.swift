import Foundation
import Weft
import WeftBench
import WeftImage
import WeftRuntime
import WeftShaders

/// `weft bench`: what effects cost on each device, against a copy ceiling measured in the same run.
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "Measure effects and scenes on each device against an image-copy ceiling; compare with a baseline."
    static let usage = """
    weft bench [SCENE.json | INPUT.png --effect NAME [--arg NAME=VALUE]... | --library PATH | --suite fusion]
                      [--device NAME|cpu|all]... [--size WxH]... [--format rgba8|rgba16f]...
                      [--repetitions N] [--warm-up SECONDS] [--max-seconds S] [--threads N[,N]...] [--json OUT.json]
                      [--time T] [--frame N] [--reduce-motion] [--no-fuse] [--scale S]
                      [--baseline OLD.json [--tolerance 10%]]
    weft bench SCENE.json|nested:N|screen:RxC --planning [--frame-count N] [--repetitions N] [--runs RUN[,RUN]...] [--scale S]
               [--confine DIR]
    weft bench --soak [--renders N] [--sample-every N] [--warm-up-renders N] [--size WxH]... [--device NAME|cpu]... [--json OUT.json]
    """
    static let discussion = """
    Without SCENE.json, INPUT.png or --library: every effect of the stock library (with the
    arguments of Shaders/presets.json) and every examples/*.json scene. Library effects are
    measured alone, one kernel over a non-trivial input of each --size (default 1920x1080)
    and --format (default rgba8); scenes and INPUT.png chains are measured as whole renders.
    Each device and size also gets the ceiling row `ceiling:copy`, a plain compute image copy
    of the same size and format (for a scene or an INPUT.png chain, of its output), and every effect row its ratio to it (ceiling time / effect
    time: 1.0 means as fast as copying the image).

    Time is the median over --repetitions (default 30) after a warm-up of --warm-up seconds
    (default 0.3) that keeps the device busy. A row's warm-up and host samples fit in about
    --max-seconds (default 5): batches are sized to fit, and a figure that could not reach its
    precision in that time (or whose spread exceeds ±10%) is marked `noisy` beside its spread. GPUs report device time from Vulkan timestamp
    queries (TIME SOURCE gpu-timestamps), with host time beside it in the JSON; devices whose
    timestamps do not bracket compute work (lavapipe) and the CPU evaluator are timed with the
    host clock around submit-and-wait, taken differentially so upload and readback drop out
    (TIME SOURCE host). The CPU evaluator is measured on one thread and on each of --threads
    (default: every core; a list such as 1,2,4,8,16 measures each count), and a scaling table
    follows: each row's speedup over one thread and its parallel efficiency (speedup / threads).
    GB/s counts each input texel read once and each output texel written once.

    --device all measures every Vulkan device and the CPU evaluator. --json writes every figure
    with device names, drivers, sizes and the Weft version. --baseline compares with an earlier
    JSON: the ratio per row, and exit status 1 when any row got slower than --tolerance
    (default 10%). Rows are compared by their ratio to the copy ceiling of their own run (so a
    busier machine is no slowdown); rows marked noisy in either run are not compared. Exit status: 0 when everything was measured (and nothing regressed), 1 when
    anything failed or regressed (or an option's value cannot be used), 2 for a usage error.

    --planning plans SCENE.json's frames and runs none of them: a "fresh" run plans the first
    frame --frame-count times, each from nothing (every view laid out and lowered; kernels,
    text and path coverage cached), a "replanned" run plans the same views again from a new
    plan cache each time (their layout kept, every view lowered again), a "still" run plans it
    again through one plan cache, as a sequence does (a screen that does not change), a
    "rebuilt" run plans the first frame of the scene built anew each time through one plan
    cache (equal views taken from the frame before, as when a body is built again or the
    preview reads the file again), a "moving" run plans frames 0…N−1 at 30 per second in order
    through one plan cache; each --repetitions (default 5) times. --runs measures only the runs
    it names (to profile one: the others' work is not in the profile). Instead of a
    scene file it takes a built-in one: nested:N, stacks nested N deep on a 390×844 screen (a
    file nests at most 127), or screen:RxC, R rows of C cells (a text, a symbol, a rounded
    rectangle) on 1920×1080. It prints the
    median milliseconds a frame of planning, of the planning thread's CPU time (which other work
    on a busy machine does not stretch) and of each phase (layout, lowering, rewrites,
    rebinding), and how many frames reused, rebound
    or rewrote the plan. The first plan of each run fills caches and is left out. Below the
    table, the median time a fresh frame took to read the scene file (or build the built-in
    scene) anew, which the table does not count.

    --soak is a leak check, not a timing: --renders (default 10000) renders through one render
    context per device (default: the automatic Vulkan device and the CPU evaluator), cycling
    through the stock effects over the test pattern at sizes from 32 to 256 pixels a side (or at
    each --size in turn).
    Every --sample-every renders (default 500) it samples resident memory, the executor's pools
    and its live Vulkan objects, and prints them as a table; exit status 1 when any of them
    grew after --warm-up-renders (default 2000) or the validation layer reported anything.
    """
    static let options: [OptionSpec] = [
        .value("library", "PATH", help: "Measure every effect of this folder (its presets.json gives arguments)."),
        .value("suite", "fusion", help: "Measure the stitching tables: fused and unfused chains, blurs, scenes (docs/benchmarks.md)."),
    ] + RenderCommand.effectOptions + [
        .value("device", "NAME|cpu|all", help: "Device to measure (repeatable; default: $WEFT_DEVICE, else automatic)."),
        .value("size", "WxH", help: "Output size for library effects (repeatable; default 1920x1080)."),
        .value("format", "rgba8|rgba16f", help: "Texture format for library effects (repeatable; default rgba8)."),
        .value("repetitions", "N", help: "Timed repetitions per row (default 30)."),
        .value("warm-up", "SECONDS", help: "Busy time before each row (default 0.3)."),
        .value("max-seconds", "S", help: "About the most time one row's warm-up and samples take (default 5); rows cut by it are marked noisy."),
        .value("time", "T", help: "Seconds into a scene (or a chain's $time) it is measured at (default 1.25 for scenes, 0 for chains)."),
        .value("threads", "N[,N]...", help: "CPU evaluator thread counts measured beside one thread (default: every core)."),
        .value("scale", "S", help: "Render scenes at their own scale times S (default 1; 6 makes the 320×180 examples 1920×1080)."),
        .value("json", "OUT.json", help: "Write the report as JSON."),
        .value("baseline", "OLD.json", help: "Compare with this earlier report."),
        .value("tolerance", "PERCENT", help: "Slowdown allowed against --baseline (default 10%)."),
        .flag("soak", help: "Run the leak check instead of measuring time."),
        .flag("planning", help: "Plan SCENE.json's frames without running them; print planning time by phase."),
        .value("frame-count", "N", help: "Frames a --planning run plans (default 60)."),
        .value("runs", "RUN[,RUN]...", help: "The --planning runs measured: fresh, replanned, still, rebuilt, moving (default all)."),
        .value("renders", "N", help: "Renders per device for --soak (default 10000)."),
        .value("sample-every", "N", help: "Renders between --soak samples (default 500)."),
        .value("warm-up-renders", "N", help: "Renders before --soak expects no growth (default 2000)."),
    ] + RenderRequest.frameOptions + [RenderRequest.noFuseOption, RenderRequest.confineOption]
    static let acceptsPositionals = true

    static func run(_ arguments: ParsedArguments, output: inout Output) throws(UsageError) -> Int32 {
        if arguments.has("soak") { return try BenchSoak(arguments).run(output: &output) }
        if arguments.has("planning") { return try BenchPlanning(arguments).run(output: &output) }
        let plan = try BenchPlan(arguments)
        var failures: [String] = []
        var rows: [BenchReport.Row] = []
        var devices: [DeviceDescription] = []

        let workloads: [BenchWorkload]
        do {
            workloads = try plan.workloads()
        } catch {
            output.printError("weft bench: \(error)")
            return 1
        }
        let runners: [BenchRunner]
        do {
            runners = try plan.runners(notice: { output.printError($0) })
        } catch {
            output.printError("weft bench: \(error)")
            return 1
        }
        for runner in runners where !devices.contains(runner.executor.device) {
            devices.append(runner.executor.device)
        }

        let total = runners.count * workloads.reduce(0) { $0 + $1.rowCount(sizes: plan.sizes, formats: plan.formats) }
        var done = 0
        for runner in runners {
            let context = RenderContext(executor: runner.executor)
            for workload in workloads {
                do {
                    try workload.measure(on: runner, context: context, sizes: plan.sizes, formats: plan.formats) { row in
                        done += 1
                        // Whole renders of one size share one ceiling row.
                        if row.effect == CopyCeiling.name, rows.contains(where: { $0.key == row.key }) { return }
                        output.printError("[\(done)/\(total)] \(row.effect) on \(row.device) \(row.width)x\(row.height) \(row.format): "
                                          + String(format: "%.3f ms", row.time.median * 1e3))
                        rows.append(row)
                    }
                } catch {
                    failures.append("\(workload.name) on \(runner.deviceLabel): \(error)")
                    output.printError("weft bench: \(workload.name) on \(runner.deviceLabel): \(error)")
                }
            }
        }
        rows = BenchWorkload.withCeilingRatios(rows)

        let report = BenchReport(weftVersion: WeftVersion.current, date: ISO8601DateFormatter().string(from: Date()),
                                 host: BenchPlan.hostDescription, devices: devices, rows: rows)
        output.print(BenchTable.render(report))
        let scaling = ThreadScaling(report)
        if !scaling.isEmpty { output.print("\n" + BenchTable.render(scaling)) }
        if let path = plan.jsonPath {
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(report).write(to: URL(fileURLWithPath: path))
                output.print("wrote \(path)")
            } catch {
                output.printError("weft bench: cannot write \(path): \(error.localizedDescription)")
                failures.append("json")
            }
        }
        var regressed = false
        if let baselinePath = plan.baselinePath {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: baselinePath))
                let baseline = try JSONDecoder().decode(BenchReport.self, from: data)
                let comparison = RegressionComparison(current: report, baseline: baseline, tolerance: plan.tolerance)
                output.print(BenchTable.render(comparison))
                regressed = comparison.hasRegression
            } catch {
                output.printError("weft bench: \(BenchError.unreadableBaseline(path: baselinePath, reason: "\(error)"))")
                return 1
            }
        }
        return failures.isEmpty && !regressed ? 0 : 1
    }
}
