import WeftRuntime
import WeftVulkan

/// `--devices LIST`: the devices one sequence renders on at once, a render context each (`FrameScheduler`). Entries
/// are separated by commas: `all` (every usable GPU the scheduler's variables leave visible; lavapipe where there is
/// no GPU, the CPU evaluator where there is no Vulkan device), `cpu` (the CPU evaluator), or a device as `--device`
/// names it (part of a name, `uuid:…`, `index:N`).
public struct DeviceList: Sendable, Hashable, CustomStringConvertible {
    public enum Entry: Sendable, Hashable {
        case allGPUs
        case cpu
        case device(String)
    }

    public var entries: [Entry]

    public static let allName = "all"

    /// The entries as written, separated by commas.
    public var description: String { entries.map(\.description).joined(separator: ",") }

    /// Reads `text`; an empty entry, one named twice, or a malformed `uuid:` / `index:` throws.
    public init(parsing text: String) throws(DeviceChoiceError) {
        var entries: [Entry] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let entry: Entry
            switch part.lowercased() {
            case "": throw .invalidDeviceList(text, reason: "an entry is empty")
            case Self.allName: entry = .allGPUs
            case DeviceChoice.cpuName: entry = .cpu
            default:
                if let problem = DeviceChoice.problem(with: part) { throw .invalidDeviceList(text, reason: "\(part): \(problem)") }
                entry = .device(part)
            }
            guard !entries.contains(entry) else { throw .invalidDeviceList(text, reason: "\(part) is named twice") }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// Each device the list names, once, in its order: a Vulkan device by its UUID, or the CPU evaluator; with a
    /// notice for each `all` that found no Vulkan device and took the CPU evaluator instead.
    public func choices() throws(DeviceChoiceError) -> (choices: [DeviceChoice], notices: [String]) {
        try choices(among: Result { () throws(VulkanError) in try VulkanInstance(VulkanInstance.Options(validation: false)).devices })
    }

    /// `choices()` among the devices `listing` found (or why none could be listed), with the scheduler's variables
    /// from `environment`.
    func choices(among listing: Result<[VulkanDeviceInfo], VulkanError>,
                 environment: [String: String] = VisibleDevices.environment) throws(DeviceChoiceError) -> (choices: [DeviceChoice], notices: [String]) {
        var choices: [DeviceChoice] = []
        var notices: [String] = []
        let text = description
        func add(_ choice: DeviceChoice, _ name: String) throws(DeviceChoiceError) {
            guard !choices.contains(choice) else { throw .invalidDeviceList(text, reason: "\(name) is named twice") }
            choices.append(choice)
        }
        let cpuName = "the CPU evaluator"
        func add(_ device: VulkanDeviceInfo) throws(DeviceChoiceError) {
            try add(.named(DeviceSpecifier.uuidPrefix + device.uuidString), "\(device.name) (\(device.uuidString))")
        }
        for entry in entries {
            switch entry {
            case .cpu: try add(.cpu, cpuName)
            case .allGPUs:
                // Without a Vulkan device, `all` is the CPU evaluator, as the automatic choice falls back to it.
                func fallBack(_ reason: String) throws(DeviceChoiceError) {
                    notices.append("weft: \(reason); --devices all uses the CPU evaluator")
                    if !entries.contains(.cpu) { try add(.cpu, cpuName) }
                }
                let ranking = Result { () throws(VulkanError) in
                    try DeviceSelector(requestedName: nil, environment: environment).ranked(try listing.get())
                }
                let ranked: [VulkanDeviceInfo]
                switch ranking {
                case .success(let devices): ranked = devices
                case .failure(let error):
                    guard DeviceChoice.meansNoVulkanDevice(error) else { throw .vulkan(error) }
                    try fallBack("no Vulkan device (\(DeviceChoice.firstLine(of: error.description)))")
                    continue
                }
                let gpus = ranked.filter { $0.kind != .cpuDevice }
                let picked = gpus.isEmpty ? Array(ranked.prefix(1)) : gpus
                if picked.isEmpty { try fallBack("no usable Vulkan device") }
                for device in picked { try add(device) }
            case .device(let name):
                let devices: [VulkanDeviceInfo]
                do { devices = try listing.get() } catch { throw .noVulkanForNamedDevice(name: name, reason: error) }
                let device: VulkanDeviceInfo
                do { device = try DeviceSelector(requestedName: name).select(from: devices) } catch { throw .vulkan(error) }
                try add(device)
            }
        }
        return (choices, notices)
    }
}

extension DeviceList.Entry: CustomStringConvertible {
    public var description: String {
        switch self {
        case .allGPUs: DeviceList.allName
        case .cpu: DeviceChoice.cpuName
        case .device(let name): name
        }
    }
}
