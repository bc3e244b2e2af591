/// How the CPU evaluator's rows of a report scale with threads: each row beside the one-thread row of the same effect,
/// device, size and format in the same run, as speedup (one-thread time / time) and parallel efficiency (speedup /
/// threads: 1 is perfect scaling).
public struct ThreadScaling: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var effect: String
        public var width: Int
        public var height: Int
        public var format: String
        public var threads: Int
        /// Median seconds per repetition.
        public var seconds: Double
        public var speedup: Double
        public var efficiency: Double
    }

    /// In the report's order; only rows that have a one-thread row to compare with (the one-thread rows included).
    public var entries: [Entry]
    /// The thread counts measured, ascending.
    public var threadCounts: [Int]

    public init(_ report: BenchReport) {
        func group(_ row: BenchReport.Row) -> String { "\(row.effect)|\(row.device)|\(row.width)x\(row.height)|\(row.format)" }
        var single: [String: Double] = [:]
        var order: [String: Int] = [:]
        for row in report.rows {
            if row.threads == 1 { single[group(row)] = row.time.median }
            if order[group(row)] == nil { order[group(row)] = order.count }
        }
        // Each row's thread counts together, in the order the rows first came.
        let ranked = report.rows.compactMap { row -> (rank: Int, entry: Entry)? in
            guard let threads = row.threads, let base = single[group(row)], row.time.median > 0 else { return nil }
            let speedup = base / row.time.median
            return (order[group(row)]!, Entry(effect: row.effect, width: row.width, height: row.height, format: row.format, threads: threads,
                                              seconds: row.time.median, speedup: speedup, efficiency: speedup / Double(threads)))
        }
        entries = ranked.sorted { ($0.rank, $0.entry.threads) < ($1.rank, $1.entry.threads) }.map(\.entry)
        threadCounts = Set(entries.map(\.threads)).sorted()
    }

    /// Whether the report measured more than one thread count.
    public var isEmpty: Bool { threadCounts.count < 2 }
}
