import Foundation
import Testing
import WeftBench
import WeftImage

/// `--threads N` on every command that renders on the CPU evaluator: more threads than this machine's cores give the
/// same picture as one, and a count out of range is refused with what to give.
@Suite struct ThreadsOptionTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The reproduction: 16 workers over the shadow's blur stopped with SIGILL (a worker's rows began past the
    /// region's last row).
    @Test func badgeTintRendersTheSameOnOneSixteenAndTwoHundredFiftySixThreads() throws {
        var pictures: [PixelBuffer] = []
        for threads in ["1", "16", "256"] {
            let out = path("badge-\(threads).png")
            let run = try CLI.weft(["render", "examples/badge-tint.json", "--device", "cpu", "--threads", threads, "-o", out])
            #expect(run.status == 0 && !run.signaled, "\(run)")
            pictures.append(try PNGFile.load(path: out))
        }
        #expect(pictures[0].width == 400 && pictures[0].height == 320)
        #expect(pictures.dropFirst().allSatisfy { $0 == pictures[0] })
    }

    @Test func galleryDebugAndCheckTakeThreads() throws {
        let gallery = try CLI.weft(["gallery", "--device", "cpu", "--threads", "64", "--out", folder.path, "--only", "wave,scene-badge-tint"])
        #expect(gallery.status == 0, "\(gallery)")
        let one = try CLI.weft(["gallery", "--device", "cpu", "--threads", "1", "--out", path("one"), "--only", "wave,scene-badge-tint"])
        #expect(one.status == 0, "\(one)")
        for name in ["wave.png", "scene-badge-tint.png"] {
            #expect(try PNGFile.load(path: path("gallery/" + name)) == (try PNGFile.load(path: path("one/gallery/" + name))), "\(name)")
        }

        let debug = try CLI.weft(["debug", "examples/badge-tint.json", "--pixel", "50,40", "--trace", "wave", "--scale", "0.25", "--threads", "256"])
        #expect(debug.status == 0 && debug.stdout.contains("wave (distortion) at pixel (50, 40)"), "\(debug)")

        let shaders = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: shaders) }
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("Shaders/grayscale.glsl").path,
                                         toPath: shaders.appendingPathComponent("grayscale.glsl").path)
        let check = try CLI.weft(["check", "--render", "--threads", "3", shaders.path])
        #expect(check.status == 0 && check.stdout.contains("grayscale"), "\(check)")
    }

    @Test func outOfRangeCountsAreUsageErrors() throws {
        for value in ["0", "-2", "1025", "many", ""] {
            let run = try CLI.weft(["render", "examples/badge-tint.json", "--device", "cpu", "--threads", value, "-o", path("x.png")])
            #expect(run.status == 1 && run.stderr.contains("--threads") && run.stderr.contains("from 1 to 1024"), "\(value): \(run)")
        }
        let bench = try CLI.weft(["bench", "examples/badge-tint.json", "--device", "cpu", "--threads", "1,0"])
        #expect(bench.status == 1 && bench.stderr.contains("from 1 to 1024"), "\(bench)")
        let check = try CLI.weft(["check", "--threads", "2"])
        #expect(check.status == 2 && check.stderr.contains("--threads is for --render"), "\(check)")
    }

    /// `weft bench --threads 1,2,16` measures each count and prints the scaling table: every row at every count, with
    /// a speedup of exactly 1 on one thread.
    @Test func benchMeasuresEachThreadCountAndPrintsTheScalingTable() throws {
        let json = path("scaling.json")
        let run = try CLI.weft(["bench", "examples/badge-tint.json", "--device", "cpu", "--threads", "16,2", "--repetitions", "2",
                                "--warm-up", "0", "--max-seconds", "1", "--json", json])
        #expect(run.status == 0 && !run.signaled, "\(run)")
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(Set(report.rows.compactMap(\.threads)) == [1, 2, 16])
        let scaling = ThreadScaling(report)
        #expect(scaling.threadCounts == [1, 2, 16])
        #expect(scaling.entries.count == report.rows.count)
        #expect(scaling.entries.filter { $0.threads == 1 }.allSatisfy { $0.speedup == 1 && $0.efficiency == 1 })
        #expect(run.stdout.contains("SPEEDUP") && run.stdout.contains("EFFICIENCY"), "\(run)")
        let badgeLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("scene:badge-tint") && $0.contains("×") }
        #expect(badgeLines.count >= 3, "\(run)")
    }
}
