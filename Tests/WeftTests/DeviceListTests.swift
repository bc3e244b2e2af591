import Testing
@testable import Weft
import WeftRuntime
import WeftVulkan

/// `--devices LIST` resolved against made-up device lists: `all` is every GPU the scheduler's variables leave (each
/// pinned by its UUID), lavapipe where there is no GPU, the CPU evaluator where there is no Vulkan device.
struct DeviceListTests {
    static func gpu(_ n: Int, index: Int) -> VulkanDeviceInfo {
        VulkanDeviceInfo(index: index, name: "NVIDIA H100 80GB HBM3", kind: .discreteGPU, vendorID: VulkanDeviceInfo.nvidiaVendorID,
                         driverName: "NVIDIA", deviceUUID: (0..<16).map { UInt8($0 == 0 ? 0xa0 + n : $0) },
                         pciAddress: PCIAddress(domain: 0, bus: UInt32(0x10 * (n + 1)), device: 0, function: 0))
    }

    static let lavapipe = VulkanDeviceInfo(index: 8, name: "llvmpipe (LLVM 15.0.6, 256 bits)", kind: .cpuDevice, driverID: 13,
                                           driverName: "llvmpipe", deviceUUID: Array(repeating: 7, count: 16))
    /// Eight GPUs enumerated in reverse PCI bus order (GPU n is the nth on the bus), then lavapipe.
    static let node = (0..<8).map { gpu(7 - $0, index: $0) } + [lavapipe]

    static func uuid(_ device: VulkanDeviceInfo) -> DeviceChoice { .named("uuid:" + device.uuidString) }

    static func choices(_ text: String, _ devices: [VulkanDeviceInfo] = node, environment: [String: String] = [:]) throws -> [DeviceChoice] {
        try DeviceList(parsing: text).choices(among: .success(devices), environment: environment).choices
    }

    @Test func allIsEveryGPUOrThoseTheVariableNames() throws {
        #expect(try Self.choices("all") == (0..<8).map { Self.uuid(Self.node[$0]) }, "every GPU once, lavapipe left out")
        #expect(try Self.choices("all", environment: ["CUDA_VISIBLE_DEVICES": "5,2"]) == [Self.uuid(Self.gpu(5, index: 0)), Self.uuid(Self.gpu(2, index: 0))])
        #expect(try Self.choices("all,cpu", environment: ["NVIDIA_VISIBLE_DEVICES": "none"]) == [Self.uuid(Self.lavapipe), .cpu],
                "no GPU visible: lavapipe")
        #expect(try Self.choices("cpu,index:3,llvmpipe") == [.cpu, Self.uuid(Self.gpu(3, index: 0)), Self.uuid(Self.lavapipe)])
    }

    @Test func withoutVulkanAllIsTheCPUEvaluator() throws {
        let none = Result<[VulkanDeviceInfo], VulkanError>.failure(.instanceVersionTooLow(found: "1.0"))
        let all = try DeviceList(parsing: "all").choices(among: none, environment: [:])
        #expect(all.choices == [DeviceChoice.cpu] && all.notices.count == 1 && all.notices[0].contains("uses the CPU evaluator"))
        #expect(try DeviceList(parsing: "all,cpu").choices(among: none, environment: [:]).choices == [.cpu])
        #expect(throws: DeviceChoiceError.self) { try DeviceList(parsing: "all,index:0").choices(among: none, environment: [:]) }
    }

    @Test func aDeviceNamedTwiceOrNotThereIsRefused() throws {
        for text in ["index:0,uuid:GPU-a0", "all,index:2", "all,all", "cpu,cpu", "", "all,", "index:two", "uuid:xyz"] {
            #expect(throws: DeviceChoiceError.self, "\(text)") { try Self.choices(text) }
        }
        #expect(throws: DeviceChoiceError.self) { try Self.choices("index:8") }
        #expect(throws: DeviceChoiceError.self) { try Self.choices("all", environment: ["CUDA_VISIBLE_DEVICES": "9"]) }
        do {
            _ = try Self.choices("index:0,uuid:GPU-a0")
        } catch {
            let message = "\(error)"
            #expect(message.contains("is named twice") && message.contains("GPU-a0"), "\(message)")
        }
    }
}
