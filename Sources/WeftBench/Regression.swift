/// The comparison of a run against a baseline run (`weft bench --baseline OLD.json`).
public struct RegressionComparison: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var baselineSeconds: Double
        public var currentSeconds: Double
        /// current / baseline: above 1 is slower.
        public var ratio: Double { currentSeconds / baselineSeconds }
        public var regressed: Bool
    }

    public var entries: [Entry]
    /// Rows of the current run that the baseline lacks, and the reverse.
    public var onlyInCurrent: [String]
    public var onlyInBaseline: [String]
    public var tolerance: Double

    /// `tolerance` 0.10 flags a row whose median time grew by more than 10%.
    public init(current: BenchReport, baseline: BenchReport, tolerance: Double) {
        precondition(tolerance >= 0, "tolerance must not be negative")
        self.tolerance = tolerance
        let old = Dictionary(baseline.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [Entry] = []
        var onlyInCurrent: [String] = []
        for row in current.rows {
            guard let before = old[row.key] else {
                onlyInCurrent.append(row.key)
                continue
            }
            let ratio = row.time.median / before.time.median
            entries.append(Entry(key: row.key, baselineSeconds: before.time.median, currentSeconds: row.time.median,
                                 regressed: ratio > 1 + tolerance))
        }
        let currentKeys = Set(current.rows.map(\.key))
        self.entries = entries
        self.onlyInCurrent = onlyInCurrent
        self.onlyInBaseline = baseline.rows.map(\.key).filter { !currentKeys.contains($0) }
    }

    public var hasRegression: Bool { entries.contains { $0.regressed } }
}

/// Parses `10%` or `0.1` into a fraction.
public func parseTolerance(_ text: String) -> Double? {
    if text.hasSuffix("%") {
        guard let percent = Double(text.dropLast()), percent >= 0 else { return nil }
        return percent / 100
    }
    guard let fraction = Double(text), fraction >= 0 else { return nil }
    return fraction
}
