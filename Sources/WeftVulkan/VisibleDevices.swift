import Foundation

/// The NVIDIA GPUs a job's scheduler gave it: `CUDA_VISIBLE_DEVICES` (Slurm's `--gpus-per-task`, most batch systems),
/// else `NVIDIA_VISIBLE_DEVICES` (the NVIDIA device plugin for Kubernetes, the NVIDIA container runtime). Vulkan lists
/// every GPU of the node whatever these say, so without them every job would take the same first GPU. Indices count
/// NVIDIA GPUs in PCI bus order, as CUDA does with `CUDA_DEVICE_ORDER=PCI_BUS_ID` and as `nvidia-smi` numbers them.
public struct VisibleDevices: Sendable, Hashable, CustomStringConvertible {
    public enum Entry: Sendable, Hashable, CustomStringConvertible {
        /// The NVIDIA GPU at this place in PCI bus order.
        case index(Int)
        /// The NVIDIA GPU whose UUID starts with these hex digits (lowercase, no dashes).
        case uuid(String)

        public var description: String {
            switch self {
            case .index(let n): String(n)
            case .uuid(let digits): VulkanDeviceInfo.uuidString(digits: digits)
            }
        }
    }

    public enum Scope: Sendable, Hashable {
        /// Every NVIDIA GPU.
        case all
        /// No NVIDIA GPU: the choice is among the other devices.
        case none
        /// These NVIDIA GPUs, in this order, and no other device.
        case listed([Entry])
    }

    /// The variable that said it, and its value as set.
    public var variable: String
    public var value: String
    public var scope: Scope

    public static let cudaVariable = "CUDA_VISIBLE_DEVICES"
    public static let nvidiaVariable = "NVIDIA_VISIBLE_DEVICES"
    /// The variables read, first to last.
    public static let variables = [cudaVariable, nvidiaVariable]

    /// The variables' values in this process's environment (only those set).
    public static var environment: [String: String] {
        ProcessInfo.processInfo.environment.filter { variables.contains($0.key) }
    }

    /// The first variable that says something, read: `CUDA_VISIBLE_DEVICES` when set (empty hides every GPU, as in
    /// CUDA), else `NVIDIA_VISIBLE_DEVICES` unless it is empty or `void` (the container runtime's "leave the devices
    /// alone"). nil when neither speaks.
    public static func from(environment: [String: String]) throws(VulkanError) -> VisibleDevices? {
        if let cuda = environment[cudaVariable] { return try VisibleDevices(variable: cudaVariable, value: cuda) }
        if let nvidia = environment[nvidiaVariable], !["", "void"].contains(nvidia.trimmingCharacters(in: .whitespaces).lowercased()) {
            return try VisibleDevices(variable: nvidiaVariable, value: nvidia)
        }
        return nil
    }

    /// Reads `value`: `all`, `none`, or indices and `GPU-` UUIDs separated by commas. As in CUDA, a negative index
    /// ends the list (`-1` hides every GPU) and an empty value lists none. A MIG instance (`MIG-…`) or anything else
    /// throws `VulkanError.invalidVisibleDevices`.
    public init(variable: String, value: String) throws(VulkanError) {
        self.variable = variable
        self.value = value
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "all": scope = .all; return
        case "none", "": scope = .none; return
        default: break
        }
        var entries: [Entry] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let n = Int(part) {
                if n < 0 { break }
                entries.append(.index(n))
            } else if part.lowercased().hasPrefix("gpu-"), let digits = DeviceSpecifier.uuidDigits(part) {
                entries.append(.uuid(digits))
            } else if part.lowercased().hasPrefix("mig-") {
                throw .invalidVisibleDevices(variable: variable, value: value,
                                             reason: "\(part) is a MIG instance, which Vulkan cannot address; give the job a whole GPU")
            } else {
                throw .invalidVisibleDevices(variable: variable, value: value,
                                             reason: "\"\(part)\" is neither a GPU index nor a GPU-… UUID (nor all or none)")
            }
        }
        guard Set(entries).count == entries.count else {
            throw .invalidVisibleDevices(variable: variable, value: value, reason: "a GPU is named twice")
        }
        scope = entries.isEmpty ? .none : .listed(entries)
    }

    /// `CUDA_VISIBLE_DEVICES=0,1`.
    public var description: String { "\(variable)=\(value)" }

    /// The NVIDIA GPUs in PCI bus order, by enumeration index.
    static func nvidiaOrder(of devices: [VulkanDeviceInfo]) -> [Int: Int] {
        DeviceSpecifier.gpuOrder(of: devices) { $0.vendorID == VulkanDeviceInfo.nvidiaVendorID }
    }

    /// The enumeration indices of the devices listed, in the list's order; nil for `all` and `none`. An entry that
    /// names no NVIDIA GPU, or a UUID prefix that names several, throws `VulkanError.visibleDeviceMissing`.
    func listedDevices(among devices: [VulkanDeviceInfo]) throws(VulkanError) -> [Int]? {
        guard case .listed(let entries) = scope else { return nil }
        let order = Self.nvidiaOrder(of: devices)
        let nvidia = devices.filter { order[$0.index] != nil }.sorted { order[$0.index]! < order[$1.index]! }
        var listed: [Int] = []
        for entry in entries {
            let matches = switch entry {
            case .index(let n): nvidia.filter { order[$0.index] == n }
            case .uuid(let digits): nvidia.filter { $0.uuidDigits.hasPrefix(digits) }
            }
            guard matches.count == 1 else {
                throw .visibleDeviceMissing(setting: description, entry: entry.description, ambiguous: matches.count > 1,
                                            nvidiaGPUs: nvidia.map { "\(order[$0.index]!): \($0.name) (\($0.uuidString))" })
            }
            if !listed.contains(matches[0].index) { listed.append(matches[0].index) }
        }
        return listed
    }

    /// Why `device` is not visible; nil when it is. `listed` is `listedDevices(among:)`.
    func hiding(_ device: VulkanDeviceInfo, listed: [Int]?) -> String? {
        switch scope {
        case .all: nil
        case .none: device.vendorID == VulkanDeviceInfo.nvidiaVendorID && device.kind != .cpuDevice ? "hidden by \(self)" : nil
        case .listed: listed?.contains(device.index) == true ? nil : "not among the GPUs \(self) names"
        }
    }
}
