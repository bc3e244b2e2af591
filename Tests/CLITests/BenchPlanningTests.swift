import Testing
import WeftBench

/// `weft bench SCENE.json --planning`: plans without running, and tells fresh, still and moving frames apart.
struct BenchPlanningTests {
    /// The row named `run` of the table, as its cells.
    static func row(_ run: String, in output: String) -> [String]? {
        output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == run }
    }

    @Test func aStillSceneIsPlannedFreshOnceAFrameAndRunsItsPlanAgainWhenStill() throws {
        let run = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--planning", "--frame-count", "3", "--repetitions", "2"])
        #expect(run.status == 0, "\(run)")
        // Columns: run, planning, cpu, layout, lowering, rewrites, rebinding, reused, rebound, rewritten.
        let fresh = try #require(Self.row("fresh", in: run.stdout), "\(run.stdout)")
        let still = try #require(Self.row("still", in: run.stdout), "\(run.stdout)")
        #expect(fresh.count == 10 && fresh[9] == "6", "every fresh frame is rewritten: \(fresh)")
        #expect(still.count == 10 && still[7] == "6" && still[4] == "0.000", "every still frame reuses the plan, lowering nothing: \(still)")
        // Reading the file anew takes time the table does not count.
        let reading = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("reading the scene file anew") }, "\(run.stdout)")
        let milliseconds = reading.split(separator: ": ").last?.split(separator: " ").first.flatMap { Double($0) }
        #expect((milliseconds ?? 0) > 0, "\(reading)")
    }

    /// A built-in scene at a depth no scene file can nest (a file nests at most 127 stacks).
    @Test func aBuiltInSceneNestsDeeperThanAFileCan() throws {
        let run = try CLI.weft(["bench", "nested:200", "--planning", "--frame-count", "2", "--repetitions", "1"])
        #expect(run.status == 0 && run.stdout.hasPrefix("nested:200: 2 frames a run"), "\(run)")
        #expect(run.stdout.contains("building the scene anew for each fresh frame"), "\(run.stdout)")
        #expect(Self.row("still", in: run.stdout)?[7] == "2", "\(run.stdout)")
    }

    @Test func anAnimatedSceneIsLoweredWhileItMoves() throws {
        let run = try CLI.weft(["bench", "examples/download-badge.json", "--planning", "--frame-count", "30", "--repetitions", "1"])
        #expect(run.status == 0, "\(run)")
        let moving = try #require(Self.row("moving", in: run.stdout), "\(run.stdout)")
        #expect(moving.count == 10 && (Double(moving[4]) ?? 0) > 0, "frames of a change are lowered: \(moving)")
    }

    /// `--runs` measures the runs it names and no other (a profile of one run holds nothing of the rest).
    @Test func itMeasuresOnlyTheRunsNamed() throws {
        let run = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--planning", "--frame-count", "2", "--repetitions", "1",
                                "--runs", "replanned,fresh"])
        #expect(run.status == 0, "\(run)")
        let rows = run.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let runNames: Set = ["fresh", "replanned", "still", "rebuilt", "moving"]
        #expect(rows.filter(runNames.contains) == ["fresh", "replanned"], "in the order they are measured: \(run.stdout)")
        #expect(run.stdout.contains("reading the scene file anew"), "a fresh run reads the file anew: \(run.stdout)")
        let stillOnly = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--planning", "--frame-count", "2", "--repetitions", "1",
                                      "--runs", "still"])
        #expect(stillOnly.status == 0 && Self.row("still", in: stillOnly.stdout)?[7] == "2", "\(stillOnly)")
        #expect(Self.row("fresh", in: stillOnly.stdout) == nil && !stillOnly.stdout.contains("anew"), "\(stillOnly.stdout)")
        let unknown = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--planning", "--runs", "fresh,warm"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no run named 'warm'") && unknown.stderr.contains("replanned"), "\(unknown)")
        let withoutPlanning = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--runs", "fresh", "--device", "cpu"])
        #expect(withoutPlanning.status == 2 && withoutPlanning.stderr.contains("--runs applies to --planning"), "\(withoutPlanning)")
    }

    @Test func itPlansOneSceneAndNothingElse() throws {
        let run = try CLI.weft(["bench", "--planning"])
        #expect(run.status == 2 && run.stderr.contains("--planning measures one SCENE.json"), "\(run)")
        let unknown = try CLI.weft(["bench", "nested:0", "--planning"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no such built-in scene"), "\(unknown)")
        let tooDeep = try CLI.weft(["bench", "nested:\(ScaleScenes.deepestNesting + 1)", "--planning"])
        #expect(tooDeep.status == 1 && tooDeep.stderr.contains("nested:N with N in 1…\(ScaleScenes.deepestNesting)"), "\(tooDeep)")
    }

    /// Stacks nested as deep as `nested:N` allows plan within the main thread's stack, in the debug build the tests run
    /// (its frames are larger than a release build's).
    @Test func theDeepestBuiltInSceneIsPlanned() throws {
        let run = try CLI.weft(["bench", "nested:\(ScaleScenes.deepestNesting)", "--planning", "--frame-count", "2", "--repetitions", "1"])
        #expect(run.status == 0 && run.stdout.hasPrefix("nested:\(ScaleScenes.deepestNesting): 2 frames a run"), "\(run)")
        let device = try CLI.weft(["bench", "examples/toolbar-symbols.json", "--planning", "--device", "cpu"])
        #expect(device.status == 2 && device.stderr.contains("--device does not apply to --planning"), "\(device)")
    }
}
