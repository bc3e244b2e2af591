import Dispatch
import Synchronization

/// A run of rows (or any items taken in order: batches of pixels, bytes) cut into consecutive, non-empty parts whose
/// sizes differ by at most one. Every part-by-thread split of work in Weft goes through it, so no part is ever empty or
/// inverted, whatever the worker count and the size: more workers than rows gives one row a part, an empty run no parts.
public struct RowPartition: RandomAccessCollection, Sendable, Hashable {
    /// The rows partitioned.
    public let rows: Range<Int>
    /// How many parts there are: `parts` asked for, fewer where there are not enough rows for each to get
    /// `minimumRows` (at least one part while there are rows), none for an empty run.
    public let count: Int

    /// `rows` in at most `parts` parts of at least `minimumRows` rows each (a run shorter than that is one part).
    public init(_ rows: Range<Int>, parts: Int, minimumRows: Int = 1) {
        precondition(parts >= 1 && minimumRows >= 1, "a partition needs at least one part of at least one row")
        self.rows = rows
        count = rows.isEmpty ? 0 : Swift.max(1, Swift.min(parts, rows.count / minimumRows))
    }

    /// `rows` in `partsPerWorker` parts for each of `workers` (fewer where parts would be shorter than `minimumRows`),
    /// for `forEachConcurrently(workers:_:)`.
    public init(_ rows: Range<Int>, workers: Int, minimumRows: Int = 1) {
        precondition(workers >= 1, "at least one worker")
        self.init(rows, parts: Self.parts(forWorkers: workers), minimumRows: minimumRows)
    }

    /// Parts a worker takes on average when workers take them as they finish: enough that a worker whose parts cost more
    /// holds the others up by a fraction of its share, few enough that taking one costs nothing against its rows.
    public static let partsPerWorker = 8

    /// `partsPerWorker` parts for each of `workers`, `Int.max` where that many would not fit in an `Int` (no run has
    /// that many rows, so every row is then a part of its own).
    public static func parts(forWorkers workers: Int) -> Int {
        let (parts, overflow) = workers.multipliedReportingOverflow(by: partsPerWorker)
        return overflow ? .max : parts
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Part `index`: the first `rows.count % count` parts have one row more than the others.
    public subscript(index: Int) -> Range<Int> {
        precondition(index >= 0 && index < count, "part \(index) of a partition into \(count)")
        let each = rows.count / count, longer = rows.count % count
        let start = rows.lowerBound + index * each + Swift.min(index, longer)
        return start..<(start + each + (index < longer ? 1 : 0))
    }

    /// Runs `body` on every part, on as many threads as the system gives (the calling thread alone for one part).
    public func forEachConcurrently(_ body: @Sendable (Range<Int>) -> Void) {
        if count == 1 {
            body(self[0])
        } else if count > 1 {
            DispatchQueue.concurrentPerform(iterations: count) { body(self[$0]) }
        }
    }

    /// Runs `body` on every part on at most `workers` threads, each taking the next part nobody has taken: cut into
    /// several parts a worker, rows of uneven cost (a blur's rows inside its layer and beyond it) even out, where one
    /// part a worker leaves every worker waiting for the one that drew the costly rows.
    public func forEachConcurrently(workers: Int, _ body: @Sendable (Range<Int>) -> Void) {
        precondition(workers >= 1, "at least one worker")
        let workers = Swift.min(workers, count)
        guard workers > 1 else {
            for part in self { body(part) }
            return
        }
        let next = PartCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var part = next.take()
            while part < count {
                body(self[part])
                part = next.take()
            }
        }
    }
}

/// Hands out 0, 1, 2, … each once, to whichever thread asks first: workers sharing parts of a partition (or chunks of
/// any list of work) take the next one nobody has taken.
public final class PartCounter: Sendable {
    private let taken = Atomic(0)
    public init() {}
    public func take() -> Int { taken.add(1, ordering: .relaxed).oldValue }
}
