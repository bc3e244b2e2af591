import Testing
import WeftBench

/// When a soak counts as growing: means of the later half of the post-warm-up samples against
/// the earlier half, with slack for pools that fill and drain.
@Suite struct SoakReportTests {
    private func curve(_ values: [Int], resident: (Int) -> Int = { _ in 100 << 20 }) -> SoakReport.Curve {
        let samples = values.enumerated().map { i, value in
            SoakReport.Sample(renders: i * 500, residentBytes: resident(i), counters: ["images": value], totals: ["textures created": i * 40])
        }
        return SoakReport.Curve(device: "test", warmUpRenders: 2000, samples: samples, seconds: 1)
    }

    @Test func aPoolThatFluctuatesIsNotGrowth() {
        #expect(curve([0, 40, 51, 50, 52, 51, 50, 52, 51, 52, 50, 51, 52]).growth.isEmpty)
    }

    @Test func runningTotalsAreNotJudged() {
        #expect(curve(Array(repeating: 10, count: 12)).growth.isEmpty)
    }

    @Test func aSteadyLeakIsGrowth() {
        let grown = curve([0, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]).growth
        #expect(grown.count == 1 && grown[0].hasPrefix("images"), "\(grown)")
    }

    @Test func residentMemoryBeyondTheSlackIsGrowth() {
        let flat = curve(Array(repeating: 5, count: 12)) { i in (100 << 20) + i * (1 << 20) / 4 }
        #expect(flat.growth.isEmpty)
        let leaking = curve(Array(repeating: 5, count: 12)) { i in (100 << 20) + i * (4 << 20) }
        #expect(leaking.growth.contains { $0.hasPrefix("resident memory") }, "\(leaking.growth)")
    }

    @Test func tooFewSamplesAfterTheWarmUpJudgeNothing() {
        #expect(curve([0, 1, 2, 3, 4, 90]).growth.isEmpty)
    }

    @Test func tableHasAColumnPerCounterAndTotal() {
        let table = SoakReport.table(curve([0, 5, 5]))
        #expect(table.hasPrefix("RENDERS  RSS (MiB)  IMAGES  (TEXTURES CREATED)"), "\(table)")
        #expect(table.split(separator: "\n").count == 4)
    }
}
