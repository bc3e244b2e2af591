import Foundation
import Testing
@testable import WeftBench
import WeftRuntime

/// A row as a run measures it: its ratio to a copy ceiling of `ceiling` seconds in the same run.
private func row(_ effect: String, seconds: [Double], device: String = "llvmpipe", ceiling: Double = 0.005,
                 noisy: Bool? = nil) -> BenchReport.Row {
    let time = TimingSummary(seconds: seconds)
    return BenchReport.Row(effect: effect, kind: "color", device: device, width: 64, height: 32, format: "rgba8",
                           threads: nil, timeSource: .hostClock, time: time, hostTime: nil,
                           megapixelsPerSecond: 64 * 32 / time.median / 1e6,
                           gigabytesPerSecond: 64 * 32 * 8 / time.median / 1e9, ceilingRatio: ceiling / time.median, noisy: noisy)
}

@Test func aBusierMachineIsNoSlowdown() {
    // Everything 40 % slower, the ceiling too: the ratios to the ceiling are the same.
    let baseline = report([row(CopyCeiling.name, seconds: [0.005]), row("radialTint", seconds: [0.010])])
    let current = report([row(CopyCeiling.name, seconds: [0.007], ceiling: 0.007), row("radialTint", seconds: [0.014], ceiling: 0.007)])
    let comparison = RegressionComparison(current: current, baseline: baseline, tolerance: 0.10)
    #expect(!comparison.hasRegression)
    #expect(comparison.entries.map(\.basis) == [.ceiling])
    #expect(abs(comparison.entries[0].ratio - 1) < 1e-9)
    #expect(comparison.ceilings.count == 1 && !comparison.ceilings[0].regressed)
    // The same slowdown of the effect alone is one.
    let slower = report([row(CopyCeiling.name, seconds: [0.005]), row("radialTint", seconds: [0.014])])
    #expect(RegressionComparison(current: slower, baseline: baseline, tolerance: 0.10).hasRegression)
}

@Test func aNoisyCeilingIsNoYardstick() {
    let baseline = report([row(CopyCeiling.name, seconds: [0.005]), row("radialTint", seconds: [0.010])])
    // This run's ceiling came out fast and noisy: its ratio would call the unchanged effect slower.
    let current = report([row(CopyCeiling.name, seconds: [0.002], ceiling: 0.002, noisy: true), row("radialTint", seconds: [0.010], ceiling: 0.002)])
    let comparison = RegressionComparison(current: current, baseline: baseline, tolerance: 0.10)
    #expect(comparison.entries.map(\.basis) == [.time])
    #expect(!comparison.hasRegression)
}

@Test func noisyRowsAreNotCompared() {
    let baseline = report([row("radialTint", seconds: [0.010])])
    let current = report([row("radialTint", seconds: [0.030], noisy: true)])
    let comparison = RegressionComparison(current: current, baseline: baseline, tolerance: 0.10)
    #expect(!comparison.hasRegression)
    #expect(comparison.entries.isEmpty)
    #expect(comparison.skippedNoisy == [row("radialTint", seconds: [1]).key])
    #expect(BenchTable.render(comparison).contains("not compared: noisy"))
}

private func report(_ rows: [BenchReport.Row]) -> BenchReport {
    BenchReport(weftVersion: "test", date: "2026-12-02T00:00:00Z", host: "test-host",
                devices: [DeviceDescription(name: "llvmpipe", kind: .cpuDevice, driver: "Mesa", apiVersion: "1.3")], rows: rows)
}

@Test func reportRoundTripsThroughJSON() throws {
    let original = report([row("radialTint", seconds: [0.010, 0.011, 0.012]), row("wave", seconds: [0.02])])
    let data = try JSONEncoder().encode(original)
    let decoded = try JSONDecoder().decode(BenchReport.self, from: data)
    #expect(decoded == original)
    #expect(decoded.schema == BenchReport.schemaVersion)
}

@Test func equalRunPasses() {
    let run = report([row("radialTint", seconds: [0.010]), row("wave", seconds: [0.020])])
    let comparison = RegressionComparison(current: run, baseline: run, tolerance: 0.10)
    #expect(!comparison.hasRegression)
    #expect(comparison.entries.count == 2)
    #expect(comparison.entries.allSatisfy { abs($0.ratio - 1) < 1e-12 })
}

@Test func syntheticSlowdownIsFlagged() {
    let baseline = report([row("radialTint", seconds: [0.010]), row("wave", seconds: [0.020])])
    let current = report([row("radialTint", seconds: [0.0115]), row("wave", seconds: [0.0205])])
    let comparison = RegressionComparison(current: current, baseline: baseline, tolerance: 0.10)
    #expect(comparison.hasRegression)
    #expect(comparison.entries.filter(\.regressed).map(\.key) == [row("radialTint", seconds: [1]).key])
}

@Test func missingRowsAreListedNotFlagged() {
    let baseline = report([row("radialTint", seconds: [0.010])])
    let current = report([row("wave", seconds: [0.020])])
    let comparison = RegressionComparison(current: current, baseline: baseline, tolerance: 0.10)
    #expect(!comparison.hasRegression)
    #expect(comparison.onlyInCurrent.count == 1)
    #expect(comparison.onlyInBaseline.count == 1)
}

@Test(arguments: [("10%", 0.10), ("0.25", 0.25), ("0%", 0.0)])
func toleranceParses(text: String, expected: Double) {
    #expect(parseTolerance(text) == expected)
}

@Test(arguments: ["", "%", "-5%", "abc", "10 %"])
func toleranceRejects(text: String) {
    #expect(parseTolerance(text) == nil)
}

@Test func timingSummaryIsOrderStatistics() {
    let summary = TimingSummary(seconds: [5, 1, 3, 2, 4])
    #expect(summary.median == 3)
    #expect(summary.minimum == 1)
    #expect(summary.maximum == 5)
    #expect(abs(summary.relativeSpread - (4 - 2) / 3.0) < 1e-12)
}

/// The recorded results in Benchmarks/results are baselines for `--baseline`: they must keep decoding.
@Test func recordedResultsDecodeAsBaselines() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/results")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(files.count >= 2)
    for file in files {
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
        #expect(!report.rows.isEmpty && !report.devices.isEmpty, "\(file)")
        #expect(report.rows.contains { $0.effect == CopyCeiling.name }, "\(file) has its copy ceiling")
    }
}
