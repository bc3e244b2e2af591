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
        public init(repetitions: Int = 30, warmUp: Double = 0.3, hostSamples: Int = 5) {
            self.repetitions = repetitions
            self.warmUp = warmUp
            self.hostSamples = hostSamples
        }
    }

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
            ceilingRatio: nil)
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
        // Estimate one repetition's cost without the fixed cost of a submission.
        let single = try executor.execute(plan, options: ExecutionOptions(repetitions: 1)).hostTime.seconds
        let several = try executor.execute(plan, options: ExecutionOptions(repetitions: 1 + settings.repetitions)).hostTime.seconds
        let perRep = Swift.max((several - single) / Double(settings.repetitions), 1e-7)
        let timestamped = try executor.execute(plan, options: ExecutionOptions(repetitions: 1, measureDeviceTime: true))

        // Warm up: keep the device busy long enough for clocks to settle.
        let warmReps = Swift.min(Swift.max(Int(settings.warmUp / perRep), 1), 4000)
        var warmed = 0.0
        while warmed < settings.warmUp {
            warmed += try executor.execute(plan, options: ExecutionOptions(repetitions: warmReps)).hostTime.seconds
        }

        // Devices without trustworthy timestamps (lavapipe, the CPU evaluator) skip the timestamped run.
        let timed = timestamped.deviceTimes.isEmpty ? timestamped
            : try executor.execute(plan, options: ExecutionOptions(repetitions: settings.repetitions, measureDeviceTime: true))
        // Host batches long enough (≥ 50 ms) that scheduling jitter is small against them.
        let batch = Swift.min(Swift.max(Int((0.05 / perRep).rounded(.up)), settings.repetitions), 20_000)
        let hostPerRep = try hostTimes(plan: plan, batch: batch)
        if !timed.deviceTimes.isEmpty {
            return Measurement(timeSource: .deviceTimestamps,
                               time: TimingSummary(seconds: timed.deviceTimes.map(\.seconds)),
                               hostTime: hostPerRep.map(TimingSummary.init(seconds:)))
        }
        guard let host = hostPerRep else { throw BenchError.noTimings(subject: subject, device: deviceLabel) }
        return Measurement(timeSource: .hostClock, time: TimingSummary(seconds: host), hostTime: nil)
    }

    /// Per-repetition host times: (T(1 + batch) − T(1)) / batch for each sample, T(1) the
    /// median of three single runs. Nil when jitter swamped a sample even so.
    private func hostTimes(plan: RenderPlan, batch: Int) throws -> [Double]? {
        var base: [Double] = []
        for _ in 0..<3 { base.append(try executor.execute(plan, options: ExecutionOptions(repetitions: 1)).hostTime.seconds) }
        let baseline = TimingSummary(seconds: base).median
        var samples: [Double] = []
        for _ in 0..<settings.hostSamples {
            let t = try executor.execute(plan, options: ExecutionOptions(repetitions: 1 + batch)).hostTime.seconds
            samples.append((t - baseline) / Double(batch))
        }
        return samples.allSatisfy({ $0 > 0 }) ? samples : nil
    }
}
