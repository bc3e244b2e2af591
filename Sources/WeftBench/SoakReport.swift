import Foundation

/// What `weft bench --soak` records: many renders through one context, with the process's
/// resident memory and the executor's pools and live objects sampled at intervals. A soak
/// passes when nothing grows after the warm-up.
public struct SoakReport: Codable, Sendable {
    public struct Sample: Codable, Sendable, Equatable {
        /// Renders completed when the sample was taken.
        public var renders: Int
        public var residentBytes: Int
        /// What the executor holds now (pool sizes, live Vulkan objects, cached programs), by name.
        public var counters: [String: Int]
        /// Running totals (textures or pipelines created so far): shown, not judged, since
        /// changing sizes make a bounded pool replace textures for ever.
        public var totals: [String: Int]

        public init(renders: Int, residentBytes: Int, counters: [String: Int], totals: [String: Int] = [:]) {
            self.renders = renders
            self.residentBytes = residentBytes
            self.counters = counters
            self.totals = totals
        }
    }

    public struct Curve: Codable, Sendable {
        public var device: String
        public var warmUpRenders: Int
        public var samples: [Sample]
        public var seconds: Double

        public init(device: String, warmUpRenders: Int, samples: [Sample], seconds: Double) {
            self.device = device
            self.warmUpRenders = warmUpRenders
            self.samples = samples
            self.seconds = seconds
        }

        /// Resident memory a soak may gain after the warm-up without counting as growth: the
        /// allocator's and the loader's own noise.
        public static let residentSlack = 8 << 20

        /// What grew after the warm-up. The samples after it are split into an earlier and a
        /// later half; a counter grew when its mean over the later half exceeds the earlier mean
        /// by more than 10% (at least 2), resident memory when it rose by more than `residentSlack`.
        /// Pools that fill and drain from render to render stay within that; a leak of one object
        /// every few hundred renders does not.
        public var growth: [String] {
            let later = samples.filter { $0.renders > warmUpRenders }
            guard later.count >= 2 else { return [] }
            let first = later.prefix(later.count / 2), second = later.suffix(later.count - later.count / 2)
            func mean(_ values: [Int]) -> Double { values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count) }
            var grown: [String] = []
            for name in Set(samples.flatMap(\.counters.keys)).sorted() {
                let before = mean(first.compactMap { $0.counters[name] }), after = mean(second.compactMap { $0.counters[name] })
                if after - before > max(2, before * 0.1) { grown.append(String(format: "%@ %.1f → %.1f", name, before, after)) }
            }
            let before = mean(first.map(\.residentBytes)), after = mean(second.map(\.residentBytes))
            if after - before > Double(Self.residentSlack) {
                grown.append(String(format: "resident memory %.1f MiB → %.1f MiB", before / 1048576, after / 1048576))
            }
            return grown
        }
    }

    public var weftVersion: String
    public var date: String
    public var host: String
    public var sizes: [String]
    public var effects: [String]
    public var curves: [Curve]

    public init(weftVersion: String, date: String, host: String, sizes: [String], effects: [String], curves: [Curve]) {
        self.weftVersion = weftVersion
        self.date = date
        self.host = host
        self.sizes = sizes
        self.effects = effects
        self.curves = curves
    }

    /// This process's resident set size, from `/proc/self/statm`; nil where that is unreadable.
    public static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// One table per curve: a row per sample, a column per counter.
    public static func table(_ curve: Curve) -> String {
        let names = Set(curve.samples.flatMap(\.counters.keys)).sorted()
        let totals = Set(curve.samples.flatMap(\.totals.keys)).sorted()
        let headers = ["RENDERS", "RSS (MiB)"] + names.map { $0.uppercased() } + totals.map { "(\($0.uppercased()))" }
        let rows = curve.samples.map { sample in
            [String(sample.renders), String(format: "%.1f", Double(sample.residentBytes) / Double(1 << 20))]
                + names.map { sample.counters[$0].map(String.init) ?? "-" } + totals.map { sample.totals[$0].map(String.init) ?? "-" }
        }
        return BenchTable.table(headers: headers, rows: rows, rightAligned: Set(0..<headers.count))
    }
}
