import WeftCPU
import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews
import WeftVulkan

/// Which backend renders, as `--device NAME|cpu` and `WEFT_DEVICE` say.
public enum DeviceChoice: Sendable, Hashable, CustomStringConvertible {
    /// The best Vulkan device (discrete, integrated, virtual, lavapipe); the CPU evaluator when
    /// no Vulkan device can be had at all.
    case automatic
    /// The Vulkan device whose name or driver name contains this (case-insensitive); no fallback.
    case named(String)
    /// The CPU evaluator.
    case cpu

    /// The word that asks for the CPU evaluator.
    public static let cpuName = "cpu"

    /// The most worker threads `makeExecutor(cpuThreads:)` gives the CPU evaluator (`CPUExecutor.maxThreads`).
    public static let maxCPUThreads = CPUExecutor.maxThreads

    /// From a command-line flag, else `WEFT_DEVICE`, else automatic.
    public init(flag: String?) {
        switch flag ?? DeviceSelector.nameFromEnvironment {
        case nil, "": self = .automatic
        case let name? where name.lowercased() == Self.cpuName: self = .cpu
        case let name?: self = .named(name)
        }
    }

    /// What is wrong with `flag` as a device (a `uuid:` or `index:` without a UUID or an index), or nil when it names
    /// one. Whether that device exists is known only once Vulkan lists its devices.
    public static func problem(with flag: String) -> String? {
        guard flag.lowercased() != cpuName else { return nil }
        do { _ = try DeviceSpecifier(parsing: flag) } catch {
            if case .invalidDeviceSpecifier(_, let expected) = error { return "expected \(expected)" }
            return error.description
        }
        return nil
    }

    /// What decides the device for a command line whose `--device` is `flag` (nil: not given): the flag, `WEFT_DEVICE`,
    /// the scheduler's `CUDA_VISIBLE_DEVICES` or `NVIDIA_VISIBLE_DEVICES`, or the automatic rule.
    public static func basis(flag: String?) -> String {
        if let flag, !flag.isEmpty { return "--device \(flag)" }
        if let name = DeviceSelector.nameFromEnvironment { return "WEFT_DEVICE=\(name)" }
        return DeviceSelector(requestedName: nil).basis
    }

    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .named(let name): "\"\(name)\""
        case .cpu: Self.cpuName
        }
    }

    /// An executor as chosen, with a one-line notice when automatic choice fell back to the CPU
    /// evaluator (the caller prints it on standard error). `limits` default to the environment's
    /// (`RunawayLimits.fromEnvironment`); `cpuThreads` and `cpuChecks` set up the CPU evaluator when it is chosen or
    /// fallen back to (default: every core, every check); `vulkanChecks` runs the authors' kernels on a Vulkan device as their
    /// checked variants (`--check`; default off, as they cost atomics on every store and sample).
    public func makeExecutor(validation: Bool = VulkanInstance.validationRequestedByEnvironment,
                             pipelineCache: PipelineCacheLocation = .standard, limits: RunawayLimits? = nil,
                             cpuThreads: Int? = nil, cpuChecks: Bool = true, vulkanChecks: Bool = false) throws(DeviceChoiceError) -> (executor: any Executor, notice: String?) {
        let chosen = try choose(validation: validation, pipelineCache: pipelineCache, limits: limits, cpuThreads: cpuThreads,
                                cpuChecks: cpuChecks, vulkanChecks: vulkanChecks)
        let (executor, notice) = try chosen.open()
        return (executor, chosen.notice ?? notice)
    }

    /// The device `makeExecutor` would open, chosen and not yet opened (`ChosenDevice`): the Vulkan instance is made
    /// and its physical devices are read, which says what the device is, before the slower logical device is made.
    /// The arguments are `makeExecutor`'s.
    public func choose(validation: Bool = VulkanInstance.validationRequestedByEnvironment,
                       pipelineCache: PipelineCacheLocation = .standard, limits: RunawayLimits? = nil,
                       cpuThreads: Int? = nil, cpuChecks: Bool = true, vulkanChecks: Bool = false) throws(DeviceChoiceError) -> ChosenDevice {
        let limits = if let limits { limits } else { try RunawayLimits.fromEnvironment() }
        let cpu = CPUExecutor.Options(threads: min(max(1, cpuThreads ?? KernelProgram.defaultThreadCount), Self.maxCPUThreads),
                                      checks: cpuChecks ? .all : [], instructionBudget: limits.instructionBudget)
        let name: String?
        switch self {
        case .cpu: return ChosenDevice(choice: self, cpu: cpu)
        case .automatic: name = nil
        case .named(let n): name = n
        }
        let options = VulkanExecutor.Options(deviceName: name, validation: validation, pipelineCache: pipelineCache,
                                             submissionTimeout: limits.submissionTimeout, timeoutPerMegapixel: limits.timeoutPerMegapixel,
                                             checks: vulkanChecks)
        do {
            let instance = try VulkanInstance(VulkanInstance.Options(validation: validation))
            let info = try DeviceSelector(requestedName: name).select(from: instance.devices)
            return ChosenDevice(choice: self, cpu: cpu, vulkan: (instance, info, options))
        } catch {
            let fallback = try fallingBack(from: error)
            return ChosenDevice(choice: self, cpu: cpu, notice: fallback)
        }
    }

    /// The notice of falling back to the CPU evaluator after `error`, where automatic choice does; else the error
    /// to throw.
    func fallingBack(from error: VulkanError) throws(DeviceChoiceError) -> String {
        if case .named(let requested) = self, Self.meansNoVulkanDevice(error), case .call = error {
            throw .noVulkanForNamedDevice(name: requested, reason: error)
        }
        guard self == .automatic, Self.meansNoVulkanDevice(error) else { throw .vulkan(error) }
        return "weft: no Vulkan device (\(Self.firstLine(of: error.description))); using the CPU evaluator"
    }

    /// Errors that mean no Vulkan device can be had here: no driver, an instance that cannot be
    /// created, a loader too old, or no usable device.
    static func meansNoVulkanDevice(_ error: VulkanError) -> Bool {
        switch error {
        case .call, .instanceVersionTooLow, .extensionMissing, .noSuitableDevice: true
        default: false
        }
    }

    static func firstLine(of text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }
}

/// Why no executor could be made: the Vulkan device asked for (by name, or the only kind
/// automatic choice does not fall back from) failed.
public enum DeviceChoiceError: Error, Sendable, CustomStringConvertible {
    case vulkan(VulkanError)
    /// A device was asked for by name where Vulkan itself cannot start (no driver, no instance).
    case noVulkanForNamedDevice(name: String, reason: VulkanError)
    /// An environment variable that sets a limit holds something else.
    case invalidSetting(variable: String, value: String, expected: String)
    /// `--devices` holds an entry that names no device, or names one twice.
    case invalidDeviceList(String, reason: String)

    public var description: String {
        switch self {
        case .vulkan(let error): error.description
        case .noVulkanForNamedDevice(let name, let reason):
            "no Vulkan device \"\(name)\": Vulkan is not available here (\(reason))"
        case let .invalidSetting(variable, value, expected): "\(variable)=\(value) is not \(expected)"
        case let .invalidDeviceList(text, reason):
            "--devices \(text): \(reason); give all, cpu or devices as --device names them (part of a name, uuid:GPU-…, index:N), separated by commas"
        }
    }
}
