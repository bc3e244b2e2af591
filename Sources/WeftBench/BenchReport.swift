import WeftRuntime

/// Everything one `weft bench` run measured; the `--json` file and the `--baseline` input.
public struct BenchReport: Sendable, Codable, Equatable {
    public static let schemaVersion = 1

    public var schema: Int = BenchReport.schemaVersion
    public var weftVersion: String
    public var date: String
    public var host: String
    public var devices: [DeviceDescription]
    public var rows: [Row]

    public init(weftVersion: String, date: String, host: String, devices: [DeviceDescription], rows: [Row]) {
        self.weftVersion = weftVersion
        self.date = date
        self.host = host
        self.devices = devices
        self.rows = rows
    }

    /// Which clock a row's `time` comes from.
    public enum TimeSource: String, Sendable, Codable {
        /// Vulkan timestamp queries around each repetition.
        case deviceTimestamps = "gpu-timestamps"
        /// Host clock around submit-and-wait, per repetition.
        case hostClock = "host"
    }

    public struct Row: Sendable, Codable, Equatable {
        /// Effect name, `ceiling:copy` for the copy ceiling, or `scene:NAME`.
        public var effect: String
        public var kind: String
        public var device: String
        public var width: Int
        public var height: Int
        public var format: String
        /// Threads used, for CPU-evaluator rows; nil for GPU devices.
        public var threads: Int?
        public var timeSource: TimeSource
        /// Per-repetition time, seconds.
        public var time: TimingSummary
        /// Host-clock time per repetition beside device timestamps (nil when `time` is host time).
        public var hostTime: TimingSummary?
        public var megapixelsPerSecond: Double
        /// Bytes read plus written per second, counting each input texel once and each output texel once.
        public var gigabytesPerSecond: Double
        /// Time of the copy ceiling over this row's time, same device, size and format, same run.
        public var ceilingRatio: Double?
        /// True when the figure is less precise than the run asked for (`BenchRunner.Measurement.noisy`).
        public var noisy: Bool?
        /// For whole renders (scenes, chains): where one frame's time goes beside the plan's run (`FrameBreakdown`).
        public var frame: FrameBreakdown?

        public init(effect: String, kind: String, device: String, width: Int, height: Int, format: String,
                    threads: Int?, timeSource: TimeSource, time: TimingSummary, hostTime: TimingSummary?,
                    megapixelsPerSecond: Double, gigabytesPerSecond: Double, ceilingRatio: Double?, noisy: Bool? = nil) {
            self.effect = effect
            self.kind = kind
            self.device = device
            self.width = width
            self.height = height
            self.format = format
            self.threads = threads
            self.timeSource = timeSource
            self.time = time
            self.hostTime = hostTime
            self.megapixelsPerSecond = megapixelsPerSecond
            self.gigabytesPerSecond = gigabytesPerSecond
            self.ceilingRatio = ceilingRatio
            self.noisy = noisy
        }

        /// One frame of a whole render, step by step, medians in seconds: planning by phase, one run of the plan with its
        /// readback (host clock around `execute`), and encoding the output as a sequence's PNG (zlib level 1, Sub filter).
        public struct FrameBreakdown: Sendable, Codable, Equatable {
            public var layout: Double
            public var lowering: Double
            public var rewrites: Double
            public var runWithReadback: Double
            public var pngEncoding: Double

            public init(layout: Double, lowering: Double, rewrites: Double, runWithReadback: Double, pngEncoding: Double) {
                self.layout = layout
                self.lowering = lowering
                self.rewrites = rewrites
                self.runWithReadback = runWithReadback
                self.pngEncoding = pngEncoding
            }
        }

        /// Identifies the same measurement across runs.
        public var key: String {
            "\(effect)|\(device)|\(width)x\(height)|\(format)|\(threads.map(String.init) ?? "gpu")"
        }
    }
}
