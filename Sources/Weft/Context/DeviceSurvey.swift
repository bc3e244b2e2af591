import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews
import WeftVulkan

/// The Vulkan devices of this machine and the one a choice renders on: what `weft devices` prints and what
/// `weft bench --device all` runs on.
public struct DeviceSurvey: Sendable {
    /// Every Vulkan device with its limits and features, and why unusable ones were passed over; empty without Vulkan.
    public var report: String
    /// Every Vulkan device's name, in enumeration order.
    public var deviceNames: [String]
    /// The Vulkan device the choice renders on; nil for `.cpu`, or when no device fits.
    public var chosen: (name: String, kind: DeviceKind)?
    /// Why no Vulkan device can be had at all (no driver, no instance), when so.
    public var vulkanUnavailable: String?
}

extension DeviceChoice {
    /// Looks at the Vulkan devices without opening any.
    public func survey() -> DeviceSurvey {
        let instance: VulkanInstance
        do { instance = try VulkanInstance(VulkanInstance.Options(validation: false)) } catch {
            return DeviceSurvey(report: "", deviceNames: [], chosen: nil, vulkanUnavailable: Self.firstLine(of: error.description))
        }
        let name: String? = if case .named(let n) = self { n } else { nil }
        let selector = DeviceSelector(requestedName: name)
        var report = selector.formattedReport(instance.devices, vulkanChosen: self != .cpu)
        if report.hasSuffix("\n") { report.removeLast() }
        let chosen = self == .cpu ? nil : selector.ranked(instance.devices).first.map { ($0.name, $0.kind) }
        return DeviceSurvey(report: report, deviceNames: instance.devices.map(\.name), chosen: chosen, vulkanUnavailable: nil)
    }
}
