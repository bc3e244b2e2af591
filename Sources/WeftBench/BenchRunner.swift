import WeftImage
import WeftRuntime
import WeftShaders
import Dispatch

/// Measures subjects on one executor.
///
/// Device timestamps are used where the executor returns them (one submission of
/// `repetitions` back-to-back passes, each bracketed by timestamps). Otherwise the host
/// clock is used differentially: (T(1 + k·n) − T(1)) / (k·n) for a batch of n repetitions,
/// which removes upload, readback and submit overhead from the per-repetition figure.
public struct BenchRunner {
    public struct Settings: Sendable {
        public var repetitions: Int = 30
        /// Wall-clock warm-up before each measured subject, seconds.
        public var warmUp: Double = 0.3
        /// Host-clock samples per row (each a batch of repetitions).
        public var hostSamples: Int = 5
        /// About the most wall-clock time one row's warm-up and host samples may take, seconds:
        /// batches are sized so they fit, and a row that cannot reach its precision within it
        /// is marked noisy instead of running on.
        public var maxSeconds: Double = 5
        /// `$frame` of the measured effects and scenes; nil: 0 for effects, a scene's own `frame` for scenes.
        public var frame: UInt32?
        /// `$reduceMotion` of the measured effects and scenes (a scene's own turns it on too).
        public var reduceMotion = false
        /// The moment scenes are measured at, seconds: by default 1.25, inside the animations of the examples.
        public var sceneTime = 1.25
        public init(repetitions: Int = 30, warmUp: Double = 0.3, hostSamples: Int = 5, maxSeconds: Double = 5) {
            self.repetitions = repetitions
            self.warmUp = warmUp
            self.hostSamples = hostSamples
            self.maxSeconds = maxSeconds
        }
    }

    /// Relative spread (interquartile range over the median) above which a figure is called noisy.
    public static let noisySpread = 0.2

    public let executor: any Executor
    public let deviceLabel: String
    public let threads: Int?
    public let settings: Settings

    public init(executor: any Executor, deviceLabel: String, threads: Int? = nil, settings: Settings) {
        self.executor = executor
        self.deviceLabel = deviceLabel
        self.threads = threads
        self.settings = settings
    }

    public struct Measurement: Sendable {
        public var timeSource: BenchReport.TimeSource
        public var time: TimingSummary
        public var hostTime: TimingSummary?
        /// Whether the figure is less precise than asked: host batches cut below the jitter
        /// bound or samples cut short by `maxSeconds`, or a spread above `noisySpread`.
        public var noisy: Bool
    }

    public func measure(_ subject: BenchSubject, width: Int, height: Int, format: PixelFormat) throws -> BenchReport.Row {
        let kernel = try subject.kernel(format)
        let plan = try makePlan(subject: subject, kernel: kernel, width: width, height: height, format: format)
        let inputs = (kernel.interface.readsLayer ? 1 : 0) + (kernel.interface.readsDestination ? 1 : 0)
        return try measure(plan: plan, name: subject.name, kind: subject.kind, width: width, height: height,
                           format: format, texturesMovedPerPixel: inputs + 1)
    }

    /// Measures any plan (a scene's, say) as one row; `texturesMovedPerPixel` counts the
    /// textures of `format` read or written once per output pixel, for the GB/s figure.
    public func measure(plan: RenderPlan, name: String, kind: String, width: Int, height: Int,
                        format: PixelFormat, texturesMovedPerPixel: Int) throws -> BenchReport.Row {
        let m = try time(plan: plan, subject: name)
        let pixels = Double(width * height)
        let bytes = pixels * Double(format.bytesPerPixel * texturesMovedPerPixel)
        return BenchReport.Row(
            effect: name, kind: kind, device: deviceLabel, width: width, height: height,
            format: format.rawValue, threads: threads, timeSource: m.timeSource, time: m.time, hostTime: m.hostTime,
            megapixelsPerSecond: pixels / m.time.median / 1e6, gigabytesPerSecond: bytes / m.time.median / 1e9,
            ceilingRatio: nil, noisy: m.noisy ? true : nil)
    }

    func makePlan(subject: BenchSubject, kernel: CompiledKernel, width: Int, height: Int, format: PixelFormat) throws -> RenderPlan {
        var plan = RenderPlan()
        let viewSize = SIMD2(Float(width), Float(height))
        let output = plan.addTexture(TextureDescriptor(width: width, height: height, format: format))
        var frame = FrameConstants()
        frame.outputSize = SIMD2(Int32(width), Int32(height))
        frame.viewSize = viewSize
        frame.layerSize = viewSize
        frame.destinationSize = viewSize
        frame.time = 1.25
        frame.frame = settings.frame ?? 0
        frame.reduceMotion = settings.reduceMotion ? 1 : 0
        let arguments = try subject.arguments(format, viewSize)
        var pass = KernelPass(kernel: kernel, output: output, frame: frame,
                              arguments: arguments.block, arrayData: arguments.arrays)
        if kernel.interface.readsLayer {
            pass.layer = plan.addUpload(BenchInput.pattern(width: width, height: height, format: format, seed: 1))
        }
        if kernel.interface.readsDestination {
            pass.destination = plan.addUpload(BenchInput.pattern(width: width, height: height, format: format, seed: 2))
        }
        pass.images = arguments.images.map { plan.addUpload($0) }
        plan.passes = [pass]
        plan.readbacks = []
        try plan.validate()
        return plan
    }

    func time(plan: RenderPlan, subject: String) throws -> Measurement {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(settings.maxSeconds * 1000))
        // Estimate one repetition's cost without the fixed cost of a submission. On a loaded
        // machine this difference can come out near zero, so batch sizes are also capped by
        // `ceiling`, the cost of a repetition with the submission's fixed cost shared in: never
        // below the true cost, so a capped batch cannot overrun the row's time.
        let single = try executor.execute(plan, options: ExecutionOptions(repetitions: 1)).hostTime.seconds
        let several = try executor.execute(plan, options: ExecutionOptions(repetitions: 1 + settings.repetitions)).hostTime.seconds
        let perRep = Swift.max((several - single) / Double(settings.repetitions), 1e-7)
        let ceiling = Swift.max(several / Double(1 + settings.repetitions), 1e-7)
        let share = settings.maxSeconds / Double(settings.hostSamples + 2) // warm-up, base runs, samples
        let fitting = Swift.max(Int(share / ceiling), 1)
        let timestamped = try executor.execute(plan, options: ExecutionOptions(repetitions: 1, measureDeviceTime: true))

        // Warm up: keep the device busy long enough for clocks to settle, within the row's time.
        let warmReps = Swift.min(Swift.max(Int(settings.warmUp / perRep), 1), 4000, fitting)
        var warmed = 0.0
        while warmed < settings.warmUp, clock.now < deadline {
            warmed += try executor.execute(plan, options: ExecutionOptions(repetitions: warmReps)).hostTime.seconds
        }

        // Devices without trustworthy timestamps (lavapipe, the CPU evaluator) skip the timestamped run.
        let timed = timestamped.deviceTimes.isEmpty ? timestamped
            : try executor.execute(plan, options: ExecutionOptions(repetitions: settings.repetitions, measureDeviceTime: true))
        // Host batches long enough (≥ 50 ms) that scheduling jitter is small against them, unless
        // that would not fit the row's time.
        let jitterBound = Swift.min(Swift.max(Int((0.05 / perRep).rounded(.up)), settings.repetitions), 20_000)
        var batch = Swift.min(jitterBound, fitting)
        // `ceiling` is pessimistic where the fixed cost dominates; a batch's own time bounds the
        // cost of a repetition more tightly, so grow the batch by what each run shows fits.
        while batch < jitterBound, clock.now < deadline {
            let t = try executor.execute(plan, options: ExecutionOptions(repetitions: 1 + batch)).hostTime.seconds
            let next = Swift.min(jitterBound, Swift.max(Int(share * Double(1 + batch) / Swift.max(t, 1e-9)), 1))
            let settled = next < 2 * batch
            batch = next
            if settled { break }
        }
        let host = try hostTimes(plan: plan, batch: batch, until: deadline)
        if !timed.deviceTimes.isEmpty {
            let time = TimingSummary(seconds: timed.deviceTimes.map(\.seconds))
            return Measurement(timeSource: .deviceTimestamps, time: time, hostTime: host.samples.map(TimingSummary.init(seconds:)),
                               noisy: time.relativeSpread > Self.noisySpread)
        }
        guard let samples = host.samples else { throw BenchError.noTimings(subject: subject, device: deviceLabel) }
        let time = TimingSummary(seconds: samples)
        return Measurement(timeSource: .hostClock, time: time, hostTime: nil,
                           noisy: batch < jitterBound || host.cutShort || time.relativeSpread > Self.noisySpread)
    }

    /// Per-repetition host times: (T(1 + batch) − T(1)) / batch for each sample, T(1) the
    /// median of three single runs; samples stop at `deadline` once there is one. When jitter
    /// swamped some samples (T(1 + batch) ≤ T(1)) only the others count; when it swamped all,
    /// T(1 + batch) / (1 + batch) stands in, an upper bound. Either is `cutShort`.
    private func hostTimes(plan: RenderPlan, batch: Int, until deadline: ContinuousClock.Instant) throws -> (samples: [Double]?, cutShort: Bool) {
        var base: [Double] = []
        for _ in 0..<3 { base.append(try executor.execute(plan, options: ExecutionOptions(repetitions: 1)).hostTime.seconds) }
        let baseline = TimingSummary(seconds: base).median
        var totals: [Double] = []
        for _ in 0..<settings.hostSamples {
            if !totals.isEmpty, ContinuousClock.now >= deadline { break }
            totals.append(try executor.execute(plan, options: ExecutionOptions(repetitions: 1 + batch)).hostTime.seconds)
        }
        let samples = totals.map { ($0 - baseline) / Double(batch) }.filter { $0 > 0 }
        if samples.isEmpty {
            let bounds = totals.map { $0 / Double(1 + batch) }.filter { $0 > 0 }
            return (bounds.isEmpty ? nil : bounds, true)
        }
        return (samples, samples.count < settings.hostSamples)
    }
}
