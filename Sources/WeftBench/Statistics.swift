/// Order statistics of repeated timings, in seconds.
public struct TimingSummary: Sendable, Codable, Hashable {
    public var samples: Int
    public var median: Double
    /// Interquartile range relative to the median (0.02 = ±2% spread).
    public var relativeSpread: Double
    public var minimum: Double
    public var maximum: Double

    /// The summary of `seconds`; of no samples, `samples` 0 and every figure 0.
    public init(seconds: [Double]) {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else {
            (samples, median, relativeSpread, minimum, maximum) = (0, 0, 0, 0, 0)
            return
        }
        func quantile(_ q: Double) -> Double {
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = Swift.min(lower + 1, sorted.count - 1)
            let t = position - Double(lower)
            return sorted[lower] * (1 - t) + sorted[upper] * t
        }
        samples = sorted.count
        median = quantile(0.5)
        relativeSpread = median > 0 ? (quantile(0.75) - quantile(0.25)) / median : 0
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }
}

extension Duration {
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
