import Dispatch

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
}
