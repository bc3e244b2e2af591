import Foundation
import Testing
import WeftBench

/// `weft bench INPUT.png --effect …`: the chain as planned (one pass per color effect), its
/// copy ceiling measured beside it, and rows bounded by `--max-seconds`.
struct BenchChainTests {
    @Test func aChainRowHasItsCopyCeilingAndOnePass() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let json = out.appendingPathComponent("chain.json").path
        let run = try CLI.weft(["bench", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--device", "cpu",
                                "--threads", "1", "--repetitions", "3", "--warm-up", "0", "--max-seconds", "1",
                                "--frame", "2", "--reduce-motion", "--json", json])
        #expect(run.status == 0, "\(run)")
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(report.rows.map(\.effect) == [CopyCeiling.name, "chain:grayscale"])
        let ceiling = try #require(report.rows.first), chain = try #require(report.rows.last)
        #expect(ceiling.width == 512 && ceiling.height == 384 && chain.width == 512 && chain.height == 384)
        #expect(chain.kind == "render (1 pass)")
        #expect((chain.ceilingRatio ?? 0) > 0 && ceiling.ceilingRatio == 1)
    }

    @Test func aSceneRowHasItsCopyCeiling() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let scene = out.appendingPathComponent("tiny.json"), json = out.appendingPathComponent("tiny-bench.json").path
        try ##"{"size": [16, 12], "root": {"color": "#ff0000"}}"##.write(to: scene, atomically: true, encoding: .utf8)
        let run = try CLI.weft(["bench", scene.path, "--device", "cpu", "--threads", "1", "--repetitions", "3", "--warm-up", "0",
                                "--max-seconds", "1", "--json", json])
        #expect(run.status == 0, "\(run)")
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(report.rows.map(\.effect) == [CopyCeiling.name, "scene:tiny"])
        let ceiling = try #require(report.rows.first), render = try #require(report.rows.last)
        #expect(ceiling.width == 16 && ceiling.height == 12 && render.width == 16 && render.height == 12)
        #expect(render.kind == "render (1 pass)")
        #expect((render.ceilingRatio ?? 0) > 0)
        // The frame of a whole render, step by step; the copy ceiling has none.
        let frame = try #require(render.frame)
        #expect(ceiling.frame == nil)
        #expect([frame.layout, frame.lowering, frame.rewrites, frame.runWithReadback, frame.pngEncoding].allSatisfy { $0 > 0 && $0 < 10 }, "\(frame)")
        #expect(frame.runWithReadback > frame.layout, "running a plan costs more than laying a color out: \(frame)")
    }

    @Test func maxSecondsMustBePositive() throws {
        let run = try CLI.weft(["bench", "--max-seconds", "0"])
        #expect(run.status == 2 && run.stderr.contains("--max-seconds 0"), "\(run)")
    }
}
