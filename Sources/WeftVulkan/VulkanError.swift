import CVulkan
import WeftImage

/// Every way the Vulkan backend can fail. Failures of a Vulkan call keep the call's `VkResult`.
public enum VulkanError: Error, Sendable, CustomStringConvertible {
    /// A Vulkan call returned an error code.
    case call(function: String, result: VkResultCode)
    /// The loader offers an instance version older than the 1.2 Weft needs.
    case instanceVersionTooLow(found: String)
    /// Validation was asked for but VK_LAYER_KHRONOS_validation is not installed.
    case validationLayerMissing
    /// A required instance or device extension is missing.
    case extensionMissing(String)
    /// No physical device qualifies (or none matches the requested name); lists every device seen.
    case noSuitableDevice(requestedName: String?, candidates: [DeviceCandidate])
    /// `--device` or `WEFT_DEVICE` is `uuid:…` or `index:…` with a value that is not one.
    case invalidDeviceSpecifier(String, expected: String)
    /// `CUDA_VISIBLE_DEVICES` or `NVIDIA_VISIBLE_DEVICES` holds something that names no GPU.
    case invalidVisibleDevices(variable: String, value: String, reason: String)
    /// `setting` (`CUDA_VISIBLE_DEVICES=3`) lists `entry`, which names no NVIDIA GPU Vulkan lists (or, `ambiguous`,
    /// several); `nvidiaGPUs` are those it lists, in PCI bus order.
    case visibleDeviceMissing(setting: String, entry: String, ambiguous: Bool, nvidiaGPUs: [String])
    /// No memory type satisfies a request.
    case noMemoryType(purpose: String)
    /// A texture larger than the device allows.
    case textureTooLarge(width: Int, height: Int, limit: Int)
    /// A kernel needs something this device cannot do.
    case unsupportedKernel(kernel: String, reason: String)
    /// A kernel's SPIR-V could not be turned into a pipeline.
    case pipelineCreation(kernel: String, result: VkResultCode)
    /// A submission running `kernels` did not finish within `timeout` (a runaway shader: an endless
    /// or very long loop). The device is lost from then on.
    case submissionTimedOut(kernels: [String], timeout: Duration)
    /// The driver reported VK_ERROR_DEVICE_LOST from `function` while running `kernels`.
    case deviceLost(function: String, kernels: [String])
    /// The device was lost earlier (`cause`); nothing more runs on it.
    case deviceUnusable(cause: String)
    /// A window's surface cannot show what the presenter copies into it (`reason`).
    case surfaceUnsupported(reason: String)
    /// `VulkanPresenter.present` was given pixels in `format`; it shows RGBA8 pixels.
    case unpresentableFormat(PixelFormat)
    /// `collect` was given a ticket this executor did not submit, or one already collected.
    case invalidTicket(UInt64)

    public var description: String {
        switch self {
        case let .call(function, result):
            return "Vulkan call \(function) failed: \(result)"
        case let .instanceVersionTooLow(found):
            return "the Vulkan loader offers version \(found); Weft needs Vulkan 1.2 or newer (update the Vulkan loader and driver)"
        case .validationLayerMissing:
            return "validation was requested but VK_LAYER_KHRONOS_validation is not installed (Debian: apt install vulkan-validationlayers), or unset WEFT_VALIDATION"
        case let .extensionMissing(name):
            return "the Vulkan extension \(name) is not available"
        case let .noSuitableDevice(requestedName, candidates):
            var lines = [requestedName.map { "no Vulkan device matches \"\($0)\"" } ?? "no suitable Vulkan device"]
            if candidates.isEmpty {
                lines.append("  no Vulkan devices were found (is a Vulkan driver installed? for CPU rendering: apt install mesa-vulkan-drivers)")
            }
            for c in candidates {
                lines.append("  \(c.name) (\(c.kind.rawValue)): " + (c.rejections.isEmpty ? "usable" : c.rejections.joined(separator: "; ")))
            }
            return lines.joined(separator: "\n")
        case let .invalidDeviceSpecifier(text, expected):
            return "device \"\(text)\": expected \(expected)"
        case let .invalidVisibleDevices(variable, value, reason):
            return "\(variable)=\(value): \(reason); set it as the scheduler does (indices or GPU-… UUIDs separated by commas, all, none), or unset it"
        case let .visibleDeviceMissing(setting, entry, ambiguous, gpus):
            let what = ambiguous ? "names several NVIDIA GPUs" : "names no NVIDIA GPU that Vulkan lists"
            let listed = gpus.isEmpty ? "Vulkan lists no NVIDIA GPU (is the NVIDIA Vulkan driver installed, its ICD file found?)"
                : "the NVIDIA GPUs in PCI bus order: " + gpus.joined(separator: "; ")
            return "\(setting): \(entry) \(what); \(listed). Fix the variable, or pick a device with --device"
        case let .noMemoryType(purpose):
            return "the Vulkan device has no memory type suitable for \(purpose)"
        case let .textureTooLarge(width, height, limit):
            return "a \(width)×\(height) texture exceeds the device's limit of \(limit) pixels per side"
        case let .unsupportedKernel(kernel, reason):
            return "kernel \(kernel) cannot run on this device: \(reason)"
        case let .pipelineCreation(kernel, result):
            return "could not create a pipeline for kernel \(kernel): \(result)"
        case let .submissionTimedOut(kernels, timeout):
            return "the Vulkan device did not finish \(Self.effects(kernels)) within \(Self.seconds(timeout)) (a runaway shader: an endless or very long loop?); "
                + "the device is treated as lost: make a new render context (WEFT_GPU_TIMEOUT=SECONDS raises the limit)"
        case let .deviceLost(function, kernels):
            return "the Vulkan device was lost (VK_ERROR_DEVICE_LOST from \(function)) while running \(Self.effects(kernels)); make a new render context"
        case let .deviceUnusable(cause):
            return "the Vulkan device was lost earlier (\(cause)); make a new render context"
        case let .surfaceUnsupported(reason):
            return "the window's Vulkan surface cannot be presented to: \(reason)"
        case let .unpresentableFormat(format):
            return "the presenter shows RGBA8 pixels, not \(format.rawValue) pixels: convert them to RGBA8 first"
        case let .invalidTicket(ticket):
            return "ticket \(ticket) is not a frame in flight on this executor (collected already, or submitted elsewhere)"
        }
    }
}

extension VulkanError {
    /// Whether the device is lost after this error.
    public var losesDevice: Bool {
        switch self {
        case .submissionTimedOut, .deviceLost, .deviceUnusable: true
        case let .call(_, result): result.result == VK_ERROR_DEVICE_LOST
        default: false
        }
    }

    static func effects(_ kernels: [String]) -> String {
        var names: [String] = []
        for k in kernels where !names.contains(k) { names.append(k) }
        if names.isEmpty { return "its work" }
        return (names.count == 1 ? "kernel " : "kernels ") + names.map { "'\($0)'" }.joined(separator: ", ")
    }

    static func seconds(_ d: Duration) -> String {
        let tenths = ((Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18) * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10)) s" : "\(tenths / 10) s"
    }
}

/// A `VkResult`, `Sendable` and printed by name.
public struct VkResultCode: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32
    public init(_ result: VkResult) { rawValue = result.rawValue }
    public var result: VkResult { VkResult(rawValue: rawValue) }

    public var description: String {
        let names: [Int32: String] = [
            VK_SUCCESS.rawValue: "VK_SUCCESS",
            VK_NOT_READY.rawValue: "VK_NOT_READY",
            VK_TIMEOUT.rawValue: "VK_TIMEOUT",
            VK_INCOMPLETE.rawValue: "VK_INCOMPLETE",
            VK_ERROR_OUT_OF_HOST_MEMORY.rawValue: "VK_ERROR_OUT_OF_HOST_MEMORY",
            VK_ERROR_OUT_OF_DEVICE_MEMORY.rawValue: "VK_ERROR_OUT_OF_DEVICE_MEMORY",
            VK_ERROR_INITIALIZATION_FAILED.rawValue: "VK_ERROR_INITIALIZATION_FAILED",
            VK_ERROR_DEVICE_LOST.rawValue: "VK_ERROR_DEVICE_LOST",
            VK_ERROR_MEMORY_MAP_FAILED.rawValue: "VK_ERROR_MEMORY_MAP_FAILED",
            VK_ERROR_LAYER_NOT_PRESENT.rawValue: "VK_ERROR_LAYER_NOT_PRESENT",
            VK_ERROR_EXTENSION_NOT_PRESENT.rawValue: "VK_ERROR_EXTENSION_NOT_PRESENT",
            VK_ERROR_FEATURE_NOT_PRESENT.rawValue: "VK_ERROR_FEATURE_NOT_PRESENT",
            VK_ERROR_INCOMPATIBLE_DRIVER.rawValue: "VK_ERROR_INCOMPATIBLE_DRIVER",
            VK_ERROR_TOO_MANY_OBJECTS.rawValue: "VK_ERROR_TOO_MANY_OBJECTS",
            VK_ERROR_FORMAT_NOT_SUPPORTED.rawValue: "VK_ERROR_FORMAT_NOT_SUPPORTED",
            VK_ERROR_FRAGMENTED_POOL.rawValue: "VK_ERROR_FRAGMENTED_POOL",
            VK_ERROR_UNKNOWN.rawValue: "VK_ERROR_UNKNOWN",
            VK_ERROR_OUT_OF_POOL_MEMORY.rawValue: "VK_ERROR_OUT_OF_POOL_MEMORY",
            VK_ERROR_FRAGMENTATION.rawValue: "VK_ERROR_FRAGMENTATION",
            VK_ERROR_INVALID_SHADER_NV.rawValue: "VK_ERROR_INVALID_SHADER_NV",
        ]
        return names[rawValue] ?? "VkResult(\(rawValue))"
    }
}

/// Turns a Vulkan return code into a typed error; `VK_SUCCESS` (and other non-negative codes) pass.
@inline(__always)
func vkCheck(_ result: VkResult, _ function: String) throws(VulkanError) {
    if result.rawValue < 0 { throw .call(function: function, result: VkResultCode(result)) }
}
