import Foundation
import WeftRuntime

/// One physical device as selection saw it, and why it was rejected (empty when usable).
public struct DeviceCandidate: Sendable, Hashable {
    public var name: String
    public var kind: DeviceKind
    public var rejections: [String]
}

/// Picks the physical device to run on: a discrete GPU first, then integrated, virtual, then a
/// CPU implementation (Mesa's lavapipe); ties keep enumeration order. A requested device (from
/// `--device` or `WEFT_DEVICE`: part of a name, `uuid:…` or `index:N`, see `DeviceSpecifier`) restricts the choice to
/// the devices it names. Without one, the GPUs a scheduler gave the job (`VisibleDevices`: `CUDA_VISIBLE_DEVICES`,
/// `NVIDIA_VISIBLE_DEVICES`) restrict it, the first GPU they list first.
public struct DeviceSelector: Sendable {
    /// The device asked for, as written; nil or empty: none.
    public var requestedName: String?
    /// `CUDA_VISIBLE_DEVICES` and `NVIDIA_VISIBLE_DEVICES` as set (read only when no device is requested).
    public var environment: [String: String]

    public init(requestedName: String? = DeviceSelector.nameFromEnvironment,
                environment: [String: String] = VisibleDevices.environment) {
        self.requestedName = requestedName.flatMap { $0.isEmpty ? nil : $0 }
        self.environment = environment
    }

    /// `WEFT_DEVICE`, when set and not empty.
    public static var nameFromEnvironment: String? {
        guard let v = getenv("WEFT_DEVICE").map({ String(cString: $0) }), !v.isEmpty else { return nil }
        return v
    }

    /// The device asked for, read; nil when none.
    public func requested() throws(VulkanError) -> DeviceSpecifier? {
        try requestedName.map { name throws(VulkanError) in try DeviceSpecifier(parsing: name) }
    }

    /// The scheduler's GPUs, when no device is requested and a variable says which.
    public func visibleDevices() throws(VulkanError) -> VisibleDevices? {
        requestedName == nil ? try VisibleDevices.from(environment: environment) : nil
    }

    /// What decides the choice among `devices`: the request or the variable, read against them.
    struct Restriction {
        var requested: DeviceSpecifier?
        var visible: VisibleDevices?
        /// Every GPU's place in PCI bus order.
        var gpuOrder: [Int: Int]
        /// The devices the variable lists, in its order.
        var listed: [Int]?
    }

    func restriction(among devices: [VulkanDeviceInfo]) throws(VulkanError) -> Restriction {
        let visible = try visibleDevices()
        let requested = try requested()
        let gpuOrder = DeviceSpecifier.gpuOrder(of: devices)
        if let requested, case .uuid = requested, devices.filter({ requested.matches($0, gpuOrder: gpuOrder) }).count > 1 {
            throw .invalidDeviceSpecifier(requestedName ?? "", expected: "enough of the UUID's hex digits to name one device (see weft devices)")
        }
        return Restriction(requested: requested, visible: visible, gpuOrder: gpuOrder, listed: try visible?.listedDevices(among: devices))
    }

    /// Device kinds from most to least preferred.
    public static let preference: [DeviceKind] = [.discreteGPU, .integratedGPU, .virtualGPU, .cpuDevice, .other]

    /// Why `device` cannot run Weft's kernels, is not the one requested, or is hidden by the scheduler's variable.
    /// A request or variable that cannot be read adds nothing here; `ranked` throws its error.
    public func rejections(of device: VulkanDeviceInfo, among devices: [VulkanDeviceInfo]) -> [String] {
        var reasons: [String] = []
        if let restriction = try? restriction(among: devices) {
            if let requested = restriction.requested, !requested.matches(device, gpuOrder: restriction.gpuOrder) {
                reasons.append(requested.mismatch(device, gpuOrder: restriction.gpuOrder))
            }
            if let hidden = restriction.visible?.hiding(device, listed: restriction.listed) { reasons.append(hidden) }
        }
        reasons += capabilityRejections(of: device)
        return reasons
    }

    /// Why `device` cannot run Weft's kernels.
    public func capabilityRejections(of device: VulkanDeviceInfo) -> [String] {
        var reasons: [String] = []
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
        devices.map { DeviceCandidate(name: $0.name, kind: $0.kind, rejections: rejections(of: $0, among: devices)) }
    }

    /// The usable devices, most preferred first: those the scheduler's variable lists in its order, else by kind.
    /// Throws when the request or the variable cannot be read, or the variable names a GPU that is not there.
    public func ranked(_ devices: [VulkanDeviceInfo]) throws(VulkanError) -> [VulkanDeviceInfo] {
        let restriction = try restriction(among: devices)
        let usable = devices.enumerated().filter { rejections(of: $0.element, among: devices).isEmpty }
        func rank(_ device: VulkanDeviceInfo) -> Int {
            if let listed = restriction.listed, let place = listed.firstIndex(of: device.index) { return place }
            return Self.preference.firstIndex(of: device.kind) ?? Self.preference.count
        }
        return usable.sorted { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// The most preferred usable device, or an error listing every device and why it was rejected.
    public func select(from devices: [VulkanDeviceInfo]) throws(VulkanError) -> VulkanDeviceInfo {
        guard let best = try ranked(devices).first else {
            throw .noSuitableDevice(requestedName: requestedName, candidates: candidates(devices))
        }
        return best
    }

    /// What decided the choice, for `weft devices` and `--stats`: the variable that restricted it, or the automatic
    /// rule (the request itself is named by whoever read it: `--device` or `WEFT_DEVICE`).
    public var basis: String {
        if requestedName != nil { return "the device asked for" }
        return ((try? visibleDevices()) ?? nil)?.description ?? "automatic choice"
    }
}
