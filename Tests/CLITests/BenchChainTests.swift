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
        #expect(chain.kind == "render (1 passes)")
        #expect((chain.ceilingRatio ?? 0) > 0 && ceiling.ceilingRatio == 1)
    }

    @Test func maxSecondsMustBePositive() throws {
        let run = try CLI.weft(["bench", "--max-seconds", "0"])
        #expect(run.status == 2 && run.stderr.contains("--max-seconds 0"), "\(run)")
    }
}
