import WeftCPU
import WeftPlanner
import WeftRuntime
import WeftVulkan

/// A device chosen and not yet opened (`DeviceChoice.choose`): what it is — its kind, its name, its texture limit —
/// is known, which is enough to plan a frame for it and to choose a video's pixel format, while opening it (the
/// Vulkan logical device and its pipeline cache, `open`) is the slower part of making an executor.
public struct ChosenDevice: Sendable {
    public let choice: DeviceChoice
    /// What the opened executor's `device` will be, unless opening falls back to the CPU evaluator (`open`).
    public let description: DeviceDescription
    /// The opened executor's `capabilities.maxTextureDimension`, with the same exception.
    public let maxTextureDimension: Int
    /// Why automatic choice took the CPU evaluator (no Vulkan device), to print on standard error.
    public let notice: String?
    private let cpu: CPUExecutor.Options
    private var vulkan: (instance: VulkanInstance, info: VulkanDeviceInfo, options: VulkanExecutor.Options)?

    init(choice: DeviceChoice, cpu: CPUExecutor.Options, vulkan: (VulkanInstance, VulkanDeviceInfo, VulkanExecutor.Options)? = nil,
         notice: String? = nil) {
        self.choice = choice
        self.cpu = cpu
        self.vulkan = vulkan
        self.notice = notice
        if let (_, info, _) = vulkan {
            description = info.deviceDescription
            maxTextureDimension = Int(info.maxImageDimension2D)
        } else {
            description = CPUExecutor.description
            maxTextureDimension = CPUExecutor.maxTextureDimension
        }
    }

    /// What the device is, without the Vulkan instance it was chosen on (which an opened device holds itself), to hand
    /// to whoever asks what the device is. Not to be opened.
    var described: ChosenDevice {
        var copy = self
        copy.vulkan = nil
        return copy
    }

    /// The limit a frame for this device is planned against (`Planner.plan(_:size:options:textureLimit:)`).
    public var textureLimit: TextureLimit { TextureLimit(maxDimension: maxTextureDimension, device: description) }

    /// Opens the device: the Vulkan logical device and its executor, or the CPU evaluator. Where automatic choice cannot
    /// open the Vulkan device it chose, it falls back to the CPU evaluator, with a notice, as `makeExecutor` does.
    public func open() throws(DeviceChoiceError) -> (executor: any Executor, notice: String?) {
        guard let (instance, info, options) = vulkan else {
            precondition(description.kind == .cpuEvaluator, "a device as described (ContextStart.devices) is not opened")
            return (CPUExecutor(options: cpu), nil)
        }
        do {
            let device = try VulkanDevice(instance: instance, device: info)
            return (try VulkanExecutor(device: device, pipelineCache: options.pipelineCache, submissionTimeout: options.submissionTimeout,
                                       timeoutPerMegapixel: options.timeoutPerMegapixel, checks: options.checks), nil)
        } catch {
            let notice = try choice.fallingBack(from: error)
            return (CPUExecutor(options: cpu), notice)
        }
    }
}
