import WeftRuntime

/// One physical device as selection saw it, and why it was rejected (empty when usable).
public struct DeviceCandidate: Sendable, Hashable {
    public var name: String
    public var kind: DeviceKind
    public var rejections: [String]
}

/// Picks the physical device to run on: a discrete GPU first, then integrated, virtual, then a
/// CPU implementation (Mesa's lavapipe); ties keep enumeration order. A requested name (from
/// `--device NAME` or `WEFT_DEVICE`) restricts the choice to devices whose name or driver name
/// contains it, case-insensitively.
public struct DeviceSelector: Sendable {
    public var requestedName: String?

    public init(requestedName: String? = DeviceSelector.nameFromEnvironment) {
        self.requestedName = requestedName.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `WEFT_DEVICE`, when set and not empty.
    public static var nameFromEnvironment: String? {
        guard let v = getenv("WEFT_DEVICE").map({ String(cString: $0) }), !v.isEmpty else { return nil }
        return v
    }

    /// Device kinds from most to least preferred.
    public static let preference: [DeviceKind] = [.discreteGPU, .integratedGPU, .virtualGPU, .cpuDevice, .other]

    /// Why `device` cannot run Weft's kernels (or does not match the requested name).
    public func rejections(of device: VulkanDeviceInfo) -> [String] {
        var reasons: [String] = []
        if let requestedName {
            let needle = requestedName.lowercased()
            if !device.name.lowercased().contains(needle) && !device.driverName.lowercased().contains(needle) {
                reasons.append("name does not contain \"\(requestedName)\"")
            }
        }
        if device.apiVersion < vkAPIVersion(1, 2) {
            reasons.append("supports Vulkan \(device.apiVersionString), Weft needs 1.2")
        }
        if device.computeQueueFamily == nil { reasons.append("no compute queue") }
        let (x, y) = (UInt32(KernelABI.workgroupSize.x), UInt32(KernelABI.workgroupSize.y))
        if device.maxComputeWorkGroupInvocations < x * y || device.maxComputeWorkGroupSize.count < 2
            || device.maxComputeWorkGroupSize[0] < x || device.maxComputeWorkGroupSize[1] < y {
            reasons.append("compute workgroups smaller than \(x)×\(y)")
        }
        if !device.storageRGBA8 { reasons.append("no storage images in R8G8B8A8_UNORM") }
        if !device.storageRGBA16F { reasons.append("no storage images in R16G16B16A16_SFLOAT") }
        if !device.sampledLinearRGBA8 { reasons.append("R8G8B8A8_UNORM cannot be sampled with linear filtering") }
        if !device.sampledLinearRGBA16F { reasons.append("R16G16B16A16_SFLOAT cannot be sampled with linear filtering") }
        return reasons
    }

    /// Every device with its rejections, in enumeration order.
    public func candidates(_ devices: [VulkanDeviceInfo]) -> [DeviceCandidate] {
        devices.map { DeviceCandidate(name: $0.name, kind: $0.kind, rejections: rejections(of: $0)) }
    }

    /// The usable devices, most preferred first.
    public func ranked(_ devices: [VulkanDeviceInfo]) -> [VulkanDeviceInfo] {
        let usable = devices.enumerated().filter { rejections(of: $0.element).isEmpty }
        return usable.sorted { a, b in
            let ra = Self.preference.firstIndex(of: a.element.kind) ?? Self.preference.count
            let rb = Self.preference.firstIndex(of: b.element.kind) ?? Self.preference.count
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// The most preferred usable device, or an error listing every device and why it was rejected.
    public func select(from devices: [VulkanDeviceInfo]) throws(VulkanError) -> VulkanDeviceInfo {
        guard let best = ranked(devices).first else {
            throw .noSuitableDevice(requestedName: requestedName, candidates: candidates(devices))
        }
        return best
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
