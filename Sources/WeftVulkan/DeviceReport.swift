import Foundation
import WeftRuntime

extension VulkanDeviceInfo {
    /// A human-readable block about this device, as `weft devices` prints it.
    public func formattedReport() -> String {
        func yesNo(_ b: Bool) -> String { b ? "yes" : "no" }
        let size = maxComputeWorkGroupSize.map(String.init).joined(separator: " × ")
        let count = maxComputeWorkGroupCount.map(String.init).joined(separator: " × ")
        let timestamps: String
        if timestampValidBits == 0 {
            timestamps = "not supported on the compute queue"
        } else {
            let trust = timestampsTrusted ? "trusted" : (isLavapipe ? "not trusted (lavapipe does not bracket compute dispatches; host time is used)" : "not trusted")
            timestamps = "\(timestampPeriod) ns/tick, \(timestampValidBits) valid bits, \(trust)"
        }
        let rows: [(String, String)] = [
            ("type", kind.rawValue),
            ("driver", (driverName.isEmpty ? "unknown" : driverName) + (driverInfo.isEmpty ? "" : " (\(driverInfo))")),
            ("Vulkan", apiVersionString),
            ("vendor / device id", "0x\(String(vendorID, radix: 16)) / 0x\(String(deviceID, radix: 16))"),
            ("UUID", uuidString),
            ("PCI bus", pciAddress.map { "\($0)" } ?? "not reported"),
            ("maxImageDimension2D", "\(maxImageDimension2D)"),
            ("compute workgroups", "\(maxComputeWorkGroupInvocations) invocations, size \(size), count \(count)"),
            ("storage RGBA8_UNORM", "\(yesNo(storageRGBA8)) (linear sampling: \(yesNo(sampledLinearRGBA8)))"),
            ("storage RGBA16_SFLOAT", "\(yesNo(storageRGBA16F)) (linear sampling: \(yesNo(sampledLinearRGBA16F)))"),
            ("compute derivatives", computeDerivatives ? "yes (\(Self.computeDerivativesExtension))" : "no"),
            ("derivative kernels", computeDerivatives ? "compute"
                : !fragmentPassFallback ? "not supported (no compute derivatives, no graphics on the compute queue)"
                : dynamicRendering ? "fragment passes (\(Self.dynamicRenderingExtension))" : "fragment passes (render passes)"),
            ("timestamps", timestamps),
        ]
        let width = rows.map(\.0.count).max()! + 2
        return ([name] + rows.map { label, value in
            "  " + (label + ":").padding(toLength: width, withPad: " ", startingAt: 0) + value
        }).joined(separator: "\n")
    }
}

extension DeviceSelector {
    /// Every device with its report, the one selection picks marked, and why the others were
    /// rejected — the text of `weft devices`. With `vulkanChosen` false (`--device cpu`) no device is marked: the
    /// usable ones say they would be chosen without it. `chosenBy` names what decided (default: `basis`).
    public func formattedReport(_ devices: [VulkanDeviceInfo], vulkanChosen: Bool = true, chosenBy: String? = nil) -> String {
        if devices.isEmpty {
            return "no Vulkan devices found (is a Vulkan driver installed? for CPU rendering: apt install mesa-vulkan-drivers)\n"
        }
        let ranking = Result { () throws(VulkanError) in try ranked(devices) }
        let best = try? ranking.get().first
        let chosen = vulkanChosen ? best : nil
        let gpuOrder = DeviceSpecifier.gpuOrder(of: devices)
        var out = ""
        for device in devices {
            let reasons = rejections(of: device, among: devices)
            let mark = device.index == chosen?.index ? "* " : "  "
            let place = gpuOrder[device.index].map { "GPU \($0): " } ?? ""
            out += mark + place + device.formattedReport().replacingNewlines(with: "\n  ") + "\n"
            if device.index == chosen?.index {
                out += "    selected by \(chosenBy ?? basis)\n"
            } else if !reasons.isEmpty {
                out += "    rejected: " + reasons.joined(separator: "; ") + "\n"
            } else if !vulkanChosen, device.index == best?.index {
                out += "    not selected: the CPU evaluator is asked for (--device cpu); without it, this device\n"
            } else {
                out += "    usable, not preferred\n"
            }
        }
        if case .failure(let error) = ranking {
            out += "\(error)\n"
        } else if chosen == nil, vulkanChosen {
            out += requestedName.map { "no usable device matches \"\($0)\"\n" } ?? "no usable device\n"
        }
        return out
    }
}

extension VulkanInstance {
    /// Creates an instance (without validation unless asked) and reports its devices.
    public static func devicesReport(requestedName: String? = DeviceSelector.nameFromEnvironment,
                                     options: Options = Options()) throws(VulkanError) -> String {
        let instance = try VulkanInstance(options)
        return DeviceSelector(requestedName: requestedName).formattedReport(instance.devices)
    }
}

private extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
