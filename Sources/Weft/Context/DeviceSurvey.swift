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
    /// What decided the choice (`DeviceChoice.basis(flag:)`).
    public var basis: String
    /// Why the request or the scheduler's variable names no device (an unreadable value, a GPU not there), when so.
    public var selectionError: String? = nil
    /// Why no Vulkan device can be had at all (no driver, no instance), when so.
    public var vulkanUnavailable: String?
}

extension DeviceChoice {
    /// Looks at the Vulkan devices without opening any; `basis` is what decided this choice (`basis(flag:)`).
    public func survey(basis: String) -> DeviceSurvey {
        let instance: VulkanInstance
        do { instance = try VulkanInstance(VulkanInstance.Options(validation: false)) } catch {
            return DeviceSurvey(report: "", deviceNames: [], chosen: nil, basis: basis, vulkanUnavailable: Self.firstLine(of: error.description))
        }
        let name: String? = if case .named(let n) = self { n } else { nil }
        let selector = DeviceSelector(requestedName: name)
        var report = selector.formattedReport(instance.devices, vulkanChosen: self != .cpu, chosenBy: basis)
        if report.hasSuffix("\n") { report.removeLast() }
        let ranking = Result { () throws(VulkanError) in try selector.ranked(instance.devices) }
        let chosen = self == .cpu ? nil : (try? ranking.get())?.first.map { ($0.name, $0.kind) }
        var selectionError: String?
        if case .failure(let error) = ranking { selectionError = error.description }
        return DeviceSurvey(report: report, deviceNames: instance.devices.map(\.name), chosen: chosen, basis: basis,
                            selectionError: selectionError, vulkanUnavailable: nil)
    }
}
