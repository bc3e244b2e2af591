/// The comparison of a run against a baseline run (`weft bench --baseline OLD.json`).
///
/// A busy machine slows everything in a run alike, the copy ceiling too; so a row with a ceiling ratio in both runs
/// is compared by that ratio (its time relative to copying the same image, measured in the same run), not by its
/// time — where that ceiling was measured steadily (not noisy) in both runs; otherwise by time. Rows marked noisy in either run are not compared, and listed as such; the ceiling rows themselves are
/// the yardstick and are never flagged.
public struct RegressionComparison: Sendable {
    public struct Entry: Sendable {
        public enum Basis: String, Sendable {
            /// Baseline ceiling ratio / current ceiling ratio.
            case ceiling
            /// Current median time / baseline median time (no ceiling ratio in one of the runs).
            case time
        }

        public var key: String
        public var baselineSeconds: Double
        public var currentSeconds: Double
        /// Above 1 is slower, on `basis`.
        public var ratio: Double
        public var basis: Basis
        public var regressed: Bool
    }

    public var entries: [Entry]
    /// Rows of the current run that the baseline lacks, and the reverse.
    public var onlyInCurrent: [String]
    public var onlyInBaseline: [String]
    /// Rows marked noisy in either run, not compared.
    public var skippedNoisy: [String]
    /// The copy-ceiling rows: their time ratio, never a regression.
    public var ceilings: [Entry]
    public var tolerance: Double

    /// `tolerance` 0.10 flags a row that got more than 10% slower; a negative or non-finite tolerance is taken as 0.
    public init(current: BenchReport, baseline: BenchReport, tolerance: Double) {
        let tolerance = tolerance.isFinite ? max(tolerance, 0) : 0
        self.tolerance = tolerance
        let old = Dictionary(baseline.rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A ceiling measured noisily is no yardstick: rows of its device, threads, size and format are then compared by time.
        func group(_ row: BenchReport.Row) -> String { "\(row.device)|\(row.threads ?? 0)|\(row.width)x\(row.height)|\(row.format)" }
        func steadyCeilings(_ report: BenchReport) -> Set<String> {
            Set(report.rows.filter { $0.effect == CopyCeiling.name && $0.noisy != true }.map(group))
        }
        let steady = steadyCeilings(current).intersection(steadyCeilings(baseline))
        var entries: [Entry] = []
        var ceilings: [Entry] = []
        var onlyInCurrent: [String] = []
        var skippedNoisy: [String] = []
        for row in current.rows {
            guard let before = old[row.key] else {
                onlyInCurrent.append(row.key)
                continue
            }
            let timeRatio = row.time.median / before.time.median
            if row.effect == CopyCeiling.name {
                ceilings.append(Entry(key: row.key, baselineSeconds: before.time.median, currentSeconds: row.time.median,
                                      ratio: timeRatio, basis: .time, regressed: false))
                continue
            }
            if row.noisy == true || before.noisy == true {
                skippedNoisy.append(row.key)
                continue
            }
            var entry = Entry(key: row.key, baselineSeconds: before.time.median, currentSeconds: row.time.median,
                              ratio: timeRatio, basis: .time, regressed: false)
            if let now = row.ceilingRatio, let then = before.ceilingRatio, now > 0, steady.contains(group(row)) {
                entry.ratio = then / now
                entry.basis = .ceiling
            }
            entry.regressed = entry.ratio > 1 + tolerance
            entries.append(entry)
        }
        let currentKeys = Set(current.rows.map(\.key))
        self.entries = entries
        self.ceilings = ceilings
        self.onlyInCurrent = onlyInCurrent
        self.skippedNoisy = skippedNoisy
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
