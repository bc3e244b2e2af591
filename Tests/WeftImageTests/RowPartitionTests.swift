import Synchronization
import Testing
import WeftImage

@Suite struct RowPartitionTests {
    /// Every part is non-empty, the parts follow one another without gap or overlap and cover the rows exactly, and
    /// their sizes differ by at most one; there are as many as asked for unless the rows (by `minimumRows`) run out.
    func expectWellFormed(_ p: RowPartition, parts: Int, minimumRows: Int) {
        if let problem = Self.problem(of: p, parts: parts, minimumRows: minimumRows) {
            Issue.record("\(p.rows) in \(parts) parts of ≥ \(minimumRows) rows: \(problem)")
        }
    }

    static func problem(of p: RowPartition, parts: Int, minimumRows: Int) -> String? {
        let rows = p.rows
        let expectedCount = rows.isEmpty ? 0 : max(1, min(parts, rows.count / minimumRows))
        guard p.count == expectedCount else { return "\(p.count) parts, expected \(expectedCount)" }
        var next = rows.lowerBound
        var smallest = Int.max, largest = 0
        for part in p {
            guard !part.isEmpty, part.lowerBound == next else { return "part \(part) after \(next)" }
            smallest = min(smallest, part.count)
            largest = max(largest, part.count)
            next = part.upperBound
        }
        guard next == rows.upperBound else { return "the parts end at \(next)" }
        guard largest - min(smallest, largest) <= 1 else { return "sizes from \(smallest) to \(largest)" }
        guard p.count <= 1 || smallest >= minimumRows else { return "a part of \(smallest) rows" }
        return nil
    }

    @Test func everyWorkerCountOverEverySmallRegion() {
        for workers in 1...256 {
            for rows in 0...300 {
                expectWellFormed(RowPartition(0..<rows, parts: workers), parts: workers, minimumRows: 1)
            }
        }
    }

    @Test func regionsThatDoNotStartAtZeroAndMinimumRows() {
        for start in [-7, 1, 1079] {
            for rows in [0, 1, 7, 8, 9, 135, 1080, 2161] {
                for workers in [1, 2, 3, 16, 64, 192, 256, Int.max] {
                    for minimumRows in [1, 8, 16, 1 << 20] {
                        expectWellFormed(RowPartition(start..<(start + rows), parts: workers, minimumRows: minimumRows),
                                         parts: workers, minimumRows: minimumRows)
                    }
                }
            }
        }
    }

    /// Workers whose parts (`partsPerWorker` each) are more than an `Int` holds: every row a part, as for any count of
    /// workers beyond the rows.
    @Test(arguments: [Int.max, Int.max / RowPartition.partsPerWorker + 1, 1 << 61])
    func workersPastIntsRangeGiveEveryRowAPart(workers: Int) {
        #expect(RowPartition.parts(forWorkers: workers) == .max)
        for minimumRows in [1, 8] {
            expectWellFormed(RowPartition(0..<1080, workers: workers, minimumRows: minimumRows), parts: .max, minimumRows: minimumRows)
        }
        #expect(RowPartition(3..<6, workers: workers).map(\.count) == [1, 1, 1])
    }

    @Test func moreWorkersThanRowsGivesEachRowAPart() {
        let p = RowPartition(5..<8, parts: 256)
        #expect(Array(p) == [5..<6, 6..<7, 7..<8])
    }

    /// Runs every row once, on however many threads, for parts from 1 to more than the machine's cores.
    @Test(arguments: [1, 2, 3, 16, 64, 256])
    func concurrentRunsVisitEveryRowOnce(workers: Int) {
        let rows = 0..<1000
        let visits = VisitCounts(rows.count)
        RowPartition(rows, parts: workers).forEachConcurrently { part in
            for row in part { visits.add(row) }
        }
        #expect(visits.all == Array(repeating: 1, count: rows.count))
        RowPartition(0..<0, parts: workers).forEachConcurrently { _ in Issue.record("an empty run has no parts") }
    }

    final class VisitCounts: Sendable {
        private let counts: Mutex<[Int]>
        init(_ n: Int) { counts = Mutex(Array(repeating: 0, count: n)) }
        func add(_ row: Int) { counts.withLock { $0[row] += 1 } }
        var all: [Int] { counts.withLock { $0 } }
    }
}
