import WeftImage

/// What kind of device runs a plan, in the order device selection prefers them.
public enum DeviceKind: String, Sendable, Codable, CaseIterable {
    case discreteGPU = "discrete GPU"
    case integratedGPU = "integrated GPU"
    case virtualGPU = "virtual GPU"
    case cpuDevice = "CPU (Vulkan)"
    case cpuEvaluator = "CPU evaluator"
    case other = "other"
}

public struct DeviceDescription: Sendable, Codable, Hashable {
    public var name: String
    public var kind: DeviceKind
    public var driver: String
    public var apiVersion: String
    public init(name: String, kind: DeviceKind, driver: String, apiVersion: String) {
        self.name = name
        self.kind = kind
        self.driver = driver
        self.apiVersion = apiVersion
    }
}

public struct ExecutionOptions: Sendable {
    /// The plan's passes are recorded this many times in the one submission (for benchmarks);
    /// uploads happen once before, readbacks once after.
    public var repetitions: Int = 1
    /// Measure device time per repetition where the device can.
    public var measureDeviceTime: Bool = false
    public init(repetitions: Int = 1, measureDeviceTime: Bool = false) {
        self.repetitions = repetitions
        self.measureDeviceTime = measureDeviceTime
    }
}

/// A finding of a backend's checks: the CPU evaluator's premultiplication, sample-bound and non-finite checks about
/// an effect's output, and the Vulkan validation layer's messages (check "validation").
public struct ExecutionReport: Sendable, Hashable, CustomStringConvertible {
    public var kernel: String
    public var check: String
    public var message: String
    /// What the effect's author does about it, in words that follow "to fix:" (nil for validation messages).
    public var fix: String?
    /// A sample-bound finding's farthest sample from its pixel, per axis, in points.
    public var sampleReach: SIMD2<Float>?
    public init(kernel: String, check: String, message: String, fix: String? = nil, sampleReach: SIMD2<Float>? = nil) {
        self.kernel = kernel
        self.check = check
        self.message = message
        self.fix = fix
        self.sampleReach = sampleReach
    }
    public var description: String { "\(kernel): \(check): \(message)" }
    /// The message, then its fix when there is one.
    public var messageWithFix: String { fix.map { "\(message); to fix: \($0)" } ?? message }
}

public struct ExecutionResult: Sendable {
    public var outputs: [TextureID: PixelBuffer]
    /// Device time of each repetition, when measured and the device gives trustworthy timestamps.
    public var deviceTimes: [Duration]
    /// Host time around submit-and-wait of the whole submission (all repetitions).
    public var hostTime: Duration
    public var reports: [ExecutionReport]
    /// The pipeline barriers recorded, where the executor records any (Vulkan).
    public var barriers: BarrierCounts?
    public init(outputs: [TextureID: PixelBuffer], deviceTimes: [Duration] = [], hostTime: Duration, reports: [ExecutionReport] = [],
                barriers: BarrierCounts? = nil) {
        self.outputs = outputs
        self.barriers = barriers
        self.deviceTimes = deviceTimes
        self.hostTime = hostTime
        self.reports = reports
    }
}

/// A backend: runs render plans. Vulkan and the CPU evaluator implement it; nothing above
/// this protocol knows which one runs.
public protocol Executor: AnyObject, Sendable {
    var device: DeviceDescription { get }
    var capabilities: ExecutorCapabilities { get }
    /// Whether the device stopped answering or was lost (`ExecutionError.deviceLost`): nothing runs on it again.
    var isLost: Bool { get }
    /// What the executor holds now and has created so far, by kind, for leak checks.
    var resourceCounts: ExecutorResourceCounts { get }
    /// Runs `plan`; checks it first (`RenderPlan.validate(options:)`), so a hand-built plan that contradicts itself
    /// is an error, never a crash.
    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult
    /// Starts `plan` and returns at once where the device runs it apart from the host (Vulkan: a ring of frame slots, each
    /// with its own command buffer, fence and host buffers), so the caller can plan and submit the next frame while this
    /// one runs and is read back. Every ticket must be collected, in any order; an executor that runs plans on the calling
    /// thread (the CPU evaluator) runs it here and gives back a finished ticket.
    func submit(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket
    /// Waits for a submitted plan and reads its outputs back (`execute` is `submit` then `collect`).
    func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult
}

/// A plan submitted to an executor (`Executor.submit`), to be collected once.
public enum ExecutionTicket: Sendable {
    /// Running on the device: the executor's own number for the submission.
    case submitted(UInt64)
    /// Run to completion on the calling thread.
    case finished(ExecutionResult)
}

extension Executor {
    /// Executors that cannot lose their device (the CPU evaluator) are never lost.
    public var isLost: Bool { false }

    public var resourceCounts: ExecutorResourceCounts { ExecutorResourceCounts() }

    public func execute(_ plan: RenderPlan) throws(ExecutionError) -> ExecutionResult {
        try execute(plan, options: ExecutionOptions())
    }

    /// Runs `plan` on the calling thread: the ticket is finished.
    public func submit(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket {
        .finished(try execute(plan, options: options))
    }

    public func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult {
        switch ticket {
        case .finished(let result): return result
        case .submitted(let id): throw .invalidPlan("ticket \(id) was not submitted to \(device.name), which runs plans as they are submitted")
        }
    }
}

/// Counts an executor reports for leak checks (`weft bench --soak`): `live` should level off after a warm-up, `created`
/// only says how much work reuse saved.
public struct ExecutorResourceCounts: Sendable, Hashable {
    /// What the executor holds right now (live Vulkan objects, pooled textures, cached programs), by kind.
    public var live: [String: Int]
    /// What it has created since it started, by kind.
    public var created: [String: Int]

    public init(live: [String: Int] = [:], created: [String: Int] = [:]) {
        self.live = live
        self.created = created
    }
}
