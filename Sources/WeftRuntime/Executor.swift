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
        precondition(repetitions >= 1)
        self.repetitions = repetitions
        self.measureDeviceTime = measureDeviceTime
    }
}

/// A finding of a backend's checks about an effect's output (the CPU evaluator's
/// premultiplication, sample-bound and non-finite checks).
public struct ExecutionReport: Sendable, Hashable, CustomStringConvertible {
    public var kernel: String
    public var check: String
    public var message: String
    public init(kernel: String, check: String, message: String) {
        self.kernel = kernel
        self.check = check
        self.message = message
    }
    public var description: String { "\(kernel): \(check): \(message)" }
}

public struct ExecutionResult: Sendable {
    public var outputs: [TextureID: PixelBuffer]
    /// Device time of each repetition, when measured and the device gives trustworthy timestamps.
    public var deviceTimes: [Duration]
    /// Host time around submit-and-wait of the whole submission (all repetitions).
    public var hostTime: Duration
    public var reports: [ExecutionReport]
    public init(outputs: [TextureID: PixelBuffer], deviceTimes: [Duration] = [], hostTime: Duration, reports: [ExecutionReport] = []) {
        self.outputs = outputs
        self.deviceTimes = deviceTimes
        self.hostTime = hostTime
        self.reports = reports
    }
}

/// A backend: runs render plans. Vulkan and the CPU evaluator implement it; nothing above
/// this protocol knows which one runs.
public protocol Executor: AnyObject, Sendable {
    var device: DeviceDescription { get }
    /// The widest and tallest texture the executor holds, in pixels (Vulkan's maxImageDimension2D).
    var maxTextureDimension: Int { get }
    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws -> ExecutionResult
}

extension Executor {
    /// 16384, lavapipe's and most GPUs' maxImageDimension2D, for executors that do not say.
    public var maxTextureDimension: Int { 16384 }

    public func execute(_ plan: RenderPlan) throws -> ExecutionResult {
        try execute(plan, options: ExecutionOptions())
    }
}
