import Testing
@testable import WeftCPU
import WeftImage

/// How a list of dispatches' batches is cut into takes (`BatchTakes`): every batch in exactly one take, in order, a take
/// never empty nor spanning two dispatches; several batches a take for small kernels, one for large ones.
@Suite struct BatchTakesTests {
    /// Every batch of every dispatch, take by take: each exactly once, in the order listed.
    func covered(_ takes: BatchTakes) -> [[Int]] {
        var seen: [[Int]] = []
        var d = 0
        for t in 0..<takes.count {
            let (dispatch, batches) = takes.take(t, from: d)
            #expect(!batches.isEmpty && dispatch >= d, "take \(t): \(batches) of dispatch \(dispatch)")
            while seen.count <= dispatch { seen.append([]) }
            seen[dispatch] += Array(batches)
            d = dispatch
        }
        return seen
    }

    /// Up to threads whose `partsPerWorker` takes each are more than an `Int` holds: every batch its own take there.
    @Test(arguments: [1, 3, 16, 64, 256, Int.max / RowPartition.partsPerWorker + 1, Int.max])
    func everyBatchIsTakenOnceInOrder(threads: Int) {
        // A 1080p pass of the image copy (37 rows, 60 × 135 batches), one batch, a pass of nothing, one past a band of
        // 60, a large kernel's pass (1,726 rows).
        let batches = [8_100, 1, 0, 61, 783], rows = [37, 37, 440, 86, 1_726]
        let takes = BatchTakes(batches: batches, rows: rows, threads: threads)
        let seen = covered(takes)
        for (d, count) in batches.enumerated() {
            #expect((d < seen.count ? seen[d] : []) == Array(0..<count), "dispatch \(d) on \(threads) threads")
        }
    }

    @Test func smallKernelsTakeSeveralBatchesLargeOnesOne() {
        #expect(BatchTakes.takes(batches: 8_100, rows: 37, threads: 16) == 8_100 / 13 + 1)
        #expect(BatchTakes.takes(batches: 783, rows: 1_726, threads: 16) == 783)
        // Enough takes for every worker to take several, where the batches allow.
        #expect(BatchTakes.takes(batches: 300, rows: 37, threads: 16) == 128)
        #expect(BatchTakes.takes(batches: 5, rows: 37, threads: 256) == 5)
        #expect(BatchTakes.takes(batches: 1, rows: 1, threads: 1) == 1)
        // As many workers as an `Int` counts: more than batches, so every batch its own take.
        #expect(BatchTakes.takes(batches: 8_100, rows: 37, threads: .max) == 8_100)
        #expect(BatchTakes.takes(batches: 8_100, rows: 37, threads: 1 << 61) == 8_100)
    }

    /// A small kernel over a row of 48 batches and one invocation (a 1-D grid: one batch row of `Lanes.width` a batch),
    /// on more workers than takes and fewer: each invocation's result is where it belongs, whichever worker ran it.
    @Test(arguments: [1, 3, 16, 64, 256])
    func aSmallKernelsTakesLandEveryInvocation(threads: Int) throws {
        let count = 48 * Lanes.width + 1
        let out = try Harness.run("result[i] = float(i) * 0.5;", count: count, outputs: count, threads: threads).floats
        #expect(out == (0..<count).map { Float($0) * 0.5 })
    }
}
