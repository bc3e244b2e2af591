import Testing
@testable import WeftBench

@Suite struct ThreadScalingTests {
    func row(_ effect: String, threads: Int?, seconds: Double, device: String = "Weft CPU evaluator") -> BenchReport.Row {
        BenchReport.Row(effect: effect, kind: "render", device: device, width: 1920, height: 1080, format: "rgba8", threads: threads,
                        timeSource: .hostClock, time: TimingSummary(seconds: [seconds]), hostTime: nil, megapixelsPerSecond: 1,
                        gigabytesPerSecond: 1, ceilingRatio: nil)
    }

    /// Speedup and efficiency against the one-thread row of the same effect, grouped by effect in the order the rows
    /// came; a GPU row and a row without a one-thread row are left out.
    @Test func rowsAreComparedWithTheirOneThreadRow() throws {
        let report = BenchReport(weftVersion: "test", date: "", host: "", devices: [], rows: [
            row("a", threads: 1, seconds: 0.160), row("b", threads: 1, seconds: 0.100),
            row("a", threads: 16, seconds: 0.016), row("b", threads: 16, seconds: 0.020),
            row("a", threads: 4, seconds: 0.050), row("gpu", threads: nil, seconds: 0.001, device: "NVIDIA H100"),
            row("c", threads: 4, seconds: 0.010),
        ])
        let scaling = ThreadScaling(report)
        #expect(scaling.threadCounts == [1, 4, 16])
        #expect(scaling.entries.map { "\($0.effect)@\($0.threads)" } == ["a@1", "a@4", "a@16", "b@1", "b@16"])
        let a16 = try #require(scaling.entries.first { $0.effect == "a" && $0.threads == 16 })
        #expect(abs(a16.speedup - 10) < 1e-9 && abs(a16.efficiency - 0.625) < 1e-9)
        let b16 = try #require(scaling.entries.first { $0.effect == "b" && $0.threads == 16 })
        #expect(abs(b16.efficiency - 0.3125) < 1e-9)
        let table = BenchTable.render(scaling)
        #expect(table.contains("×10.00") && table.contains("×3.20") && table.contains("0.31"))
    }

    @Test func oneThreadCountIsNoScaling() {
        let report = BenchReport(weftVersion: "test", date: "", host: "", devices: [], rows: [row("a", threads: 1, seconds: 0.1)])
        #expect(ThreadScaling(report).isEmpty)
    }
}
