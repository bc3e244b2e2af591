import Foundation
import Synchronization
import Testing
@testable import WeftBench
import WeftRuntime

/// An executor on a simulated clock: each submission reports `overhead + repetitions · cost`,
/// except the very first, which a load spike inflates (so the differential estimate of one
/// repetition comes out near zero, as it did on a loaded machine). Nothing really runs.
private final class SimulatedExecutor: Executor {
    let device = DeviceDescription(name: "simulated", kind: .other, driver: "none", apiVersion: "-")
    let capabilities = ExecutorCapabilities(deviceTimestamps: false, hostThreads: nil, derivatives: .evaluatorQuads,
                                            maxTextureDimension: 16384)
    let overhead: Double
    let cost: Double
    let spike: Double
    private let log = Mutex<(calls: Int, simulated: Double, largest: Int)>((0, 0, 0))

    init(overhead: Double, cost: Double, spike: Double) {
        self.overhead = overhead
        self.cost = cost
        self.spike = spike
    }

    var simulatedSeconds: Double { log.withLock { $0.simulated } }
    var largestSubmission: Int { log.withLock { $0.largest } }

    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult {
        let seconds = log.withLock { state -> Double in
            var t = overhead + Double(options.repetitions) * cost
            if state.calls == 0 { t += spike }
            state.calls += 1
            state.simulated += t
            state.largest = max(state.largest, options.repetitions)
            return t
        }
        return ExecutionResult(outputs: [:], hostTime: .nanoseconds(Int64(seconds * 1e9)))
    }
}

@Test func aRowStaysWithinItsTimeWhenTheEstimateIsWrong() throws {
    // 10 ms a repetition; the spiked first run makes T(1 + 30) − T(1) negative.
    let executor = SimulatedExecutor(overhead: 0.002, cost: 0.010, spike: 0.5)
    let settings = BenchRunner.Settings(repetitions: 30, warmUp: 0.3, hostSamples: 5, maxSeconds: 2)
    let runner = BenchRunner(executor: executor, deviceLabel: "simulated", settings: settings)
    let row = try runner.measure(plan: RenderPlan(), name: "slow", kind: "color", width: 8, height: 8, format: .rgba8Unorm,
                                 texturesMovedPerPixel: 2)
    // Before the cap, batches grew to 20,000 repetitions (200 s a sample); now none is larger
    // than the estimate's own 1 + 30.
    #expect(executor.largestSubmission <= 31, "largest submission \(executor.largestSubmission)")
    // The estimate runs, the warm-up and the samples: about the row's time, not minutes.
    #expect(executor.simulatedSeconds < 2 * 2 + 0.5 + 0.4, "simulated \(executor.simulatedSeconds) s")
    #expect(abs(row.time.median - 0.010) < 0.001, "\(row.time.median)")
    #expect(row.noisy == true, "batches below the 50 ms jitter bound are noisy")
}

@Test func aQuietRowWithRoomIsNotNoisy() throws {
    let executor = SimulatedExecutor(overhead: 0.002, cost: 0.0001, spike: 0)
    let runner = BenchRunner(executor: executor, deviceLabel: "simulated", settings: BenchRunner.Settings(maxSeconds: 30))
    let row = try runner.measure(plan: RenderPlan(), name: "fast", kind: "color", width: 8, height: 8, format: .rgba8Unorm,
                                 texturesMovedPerPixel: 2)
    #expect(abs(row.time.median - 0.0001) < 1e-6, "\(row.time.median)")
    #expect(row.noisy == nil)
    #expect(executor.largestSubmission >= 500, "batches reach the 50 ms jitter bound: \(executor.largestSubmission)")
}
