import Foundation
import Testing
import WeftVulkan

/// Whether tests can render on Vulkan here: a device, and the validation layer every Vulkan test runs under.
public enum VulkanAvailability {
    /// nil when a Vulkan device and the validation layer can be had; otherwise why not, for the skip message.
    public static let unavailableReason: String? = {
        guard VulkanInstance.validationLayerAvailable() else {
            return "VK_LAYER_KHRONOS_validation is not installed (apt install vulkan-validationlayers)"
        }
        do {
            let instance = try VulkanInstance(.init(validation: true))
            _ = try DeviceSelector(requestedName: nil).select(from: instance.devices)
            return nil
        } catch {
            return "no usable Vulkan device: \(String("\(error)".split(separator: "\n").first ?? ""))"
        }
    }()

    public static var available: Bool { unavailableReason == nil }

    /// Cancels the running test (the running case of a parameterised test) with the reason when Vulkan cannot be had,
    /// so a test over both executors still runs its CPU case and reports the Vulkan one as skipped.
    public static func require() throws {
        if let reason = unavailableReason { try Test.cancel(Comment(rawValue: reason)) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where a Vulkan device and the validation layer are available; skipped with the
    /// reason elsewhere.
    public static var requiresVulkan: Self {
        .enabled(if: VulkanAvailability.available, Comment(rawValue: VulkanAvailability.unavailableReason ?? "Vulkan is available"))
    }
}

/// A new, empty folder under the system's temporary folder, named after `purpose`.
public func temporaryFolder(_ purpose: String = "weft-tests") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(purpose)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
