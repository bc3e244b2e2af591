/// How `--device` and `WEFT_DEVICE` name one Vulkan device: part of its name, its UUID, or its place in PCI bus order.
public enum DeviceSpecifier: Sendable, Hashable, CustomStringConvertible {
    /// Devices whose name or driver name contains this, case-insensitively.
    case name(String)
    /// The device whose UUID (`VkPhysicalDeviceIDProperties.deviceUUID`) starts with these hex digits, lowercase and
    /// without dashes: `uuid:GPU-5c0e…` as `nvidia-smi -L` prints it, or any unique prefix of it.
    case uuid(String)
    /// The GPU at this place in PCI bus order (`nvidia-smi`'s numbering, and CUDA's with `CUDA_DEVICE_ORDER=PCI_BUS_ID`).
    case index(Int)

    public static let uuidPrefix = "uuid:"
    public static let indexPrefix = "index:"

    /// `uuid:…`, `index:N`, or else a name. A malformed UUID or index throws `VulkanError.invalidDeviceSpecifier`.
    public init(parsing text: String) throws(VulkanError) {
        let lowered = text.lowercased()
        if lowered.hasPrefix(Self.uuidPrefix) {
            let value = String(text.dropFirst(Self.uuidPrefix.count))
            guard let digits = Self.uuidDigits(value) else {
                throw .invalidDeviceSpecifier(text, expected: "uuid:GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx as nvidia-smi -L prints it (or its first hex digits)")
            }
            self = .uuid(digits)
        } else if lowered.hasPrefix(Self.indexPrefix) {
            let value = text.dropFirst(Self.indexPrefix.count)
            guard let n = Int(value), n >= 0 else {
                throw .invalidDeviceSpecifier(text, expected: "index:N with N a whole number ≥ 0 (nvidia-smi's GPU number)")
            }
            self = .index(n)
        } else {
            self = .name(text)
        }
    }

    /// The hex digits of a UUID as written in `nvidia-smi -L` (`GPU-` and dashes optional), lowercased; nil when it
    /// has no digits, other characters, or more than a UUID's 32.
    static func uuidDigits(_ text: String) -> String? {
        var body = Substring(text)
        if body.lowercased().hasPrefix("gpu-") { body = body.dropFirst(4) }
        let digits = body.filter { $0 != "-" }.lowercased()
        guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        return digits
    }

    public var description: String {
        switch self {
        case .name(let name): name
        case .uuid(let digits): Self.uuidPrefix + digits
        case .index(let n): Self.indexPrefix + String(n)
        }
    }

    /// Whether `device` is the one named, `gpuOrder` being every device's place in PCI bus order (`gpuOrder(of:)`).
    func matches(_ device: VulkanDeviceInfo, gpuOrder: [Int: Int]) -> Bool {
        switch self {
        case .name(let needle):
            let needle = needle.lowercased()
            return device.name.lowercased().contains(needle) || device.driverName.lowercased().contains(needle)
        case .uuid(let digits): return device.uuidDigits.hasPrefix(digits)
        case .index(let n): return gpuOrder[device.index] == n
        }
    }

    /// Why `device` is not the one named.
    func mismatch(_ device: VulkanDeviceInfo, gpuOrder: [Int: Int]) -> String {
        switch self {
        case .name(let name): "name does not contain \"\(name)\""
        case .uuid: "UUID is \(device.uuidString), not \(description)"
        case .index(let n): gpuOrder[device.index].map { "GPU index is \($0), not \(n)" } ?? "not a GPU (no index in PCI bus order)"
        }
    }

    /// The GPUs' places in PCI bus order, by enumeration index: devices that are not CPU implementations, ordered by
    /// their PCI address where VK_EXT_pci_bus_info gives one (those without follow, in enumeration order). On a machine
    /// whose GPUs are all NVIDIA's this is `nvidia-smi`'s numbering.
    public static func gpuOrder(of devices: [VulkanDeviceInfo], where include: (VulkanDeviceInfo) -> Bool = { _ in true }) -> [Int: Int] {
        let gpus = devices.filter { $0.kind != .cpuDevice && include($0) }.sorted { a, b in
            switch (a.pciAddress, b.pciAddress) {
            case let (x?, y?): x != y ? x < y : a.index < b.index
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.index < b.index
            }
        }
        return Dictionary(uniqueKeysWithValues: gpus.enumerated().map { ($1.index, $0) })
    }
}

/// A device's address on the PCI bus (domain:bus:device.function), as VK_EXT_pci_bus_info reports it.
public struct PCIAddress: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var domain: UInt32
    public var bus: UInt32
    public var device: UInt32
    public var function: UInt32

    public init(domain: UInt32, bus: UInt32, device: UInt32, function: UInt32) {
        self.domain = domain
        self.bus = bus
        self.device = device
        self.function = function
    }

    public static func < (a: PCIAddress, b: PCIAddress) -> Bool {
        (a.domain, a.bus, a.device, a.function) < (b.domain, b.bus, b.device, b.function)
    }

    /// `0000:65:00.0`, as `nvidia-smi` and `lspci -D` print it.
    public var description: String {
        func hex(_ v: UInt32, _ width: Int) -> String {
            let digits = String(v, radix: 16)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "\(hex(domain, 4)):\(hex(bus, 2)):\(hex(device, 2)).\(hex(function, 1))"
    }
}

extension VulkanDeviceInfo {
    /// The device UUID as 32 lowercase hex digits.
    var uuidDigits: String {
        deviceUUID.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The device UUID as `nvidia-smi -L` prints it: `GPU-` and 8-4-4-4-12 hex digits.
    public var uuidString: String { Self.uuidString(digits: uuidDigits) }

    /// Hex digits of a UUID (or of its start) grouped as `nvidia-smi -L` prints them: `GPU-` and 8-4-4-4-12.
    static func uuidString(digits: String) -> String {
        var rest = Substring(digits)
        var groups: [Substring] = []
        for length in [8, 4, 4, 4, 12] where !rest.isEmpty {
            groups.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
        return "GPU-" + groups.joined(separator: "-")
    }

    /// NVIDIA's PCI vendor id: the devices CUDA numbers, and the ones `CUDA_VISIBLE_DEVICES` and
    /// `NVIDIA_VISIBLE_DEVICES` speak of.
    public static let nvidiaVendorID: UInt32 = 0x10de
}
