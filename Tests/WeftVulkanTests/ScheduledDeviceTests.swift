import Testing
import WeftRuntime
@testable import WeftVulkan

/// `--device uuid:…` / `index:N` and the scheduler's `CUDA_VISIBLE_DEVICES` / `NVIDIA_VISIBLE_DEVICES`, fed made-up
/// device lists: an eight-GPU node whose Vulkan enumeration order is not its PCI bus order, with lavapipe beside them.
struct ScheduledDeviceTests {
    /// GPU n sits on PCI bus `buses[n]`; Vulkan enumerates them in `enumeration` order, lavapipe in the middle.
    static let buses: [UInt32] = [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb]
    static let enumeration = [5, 2, 7, 0, 3, 6, 1, 4]

    static func uuid(_ n: Int) -> [UInt8] { (0..<16).map { UInt8(truncatingIfNeeded: 0x5c + $0 * 17 + n * 3) } }

    static func gpu(_ n: Int, index: Int) -> VulkanDeviceInfo {
        VulkanDeviceInfo(index: index, name: "NVIDIA H100 80GB HBM3", kind: .discreteGPU,
                         vendorID: VulkanDeviceInfo.nvidiaVendorID, driverName: "NVIDIA", deviceUUID: uuid(n),
                         pciAddress: PCIAddress(domain: 0, bus: buses[n], device: 0, function: 0))
    }

    /// Enumeration index of GPU n (in PCI order) in `node`.
    static func enumerated(_ n: Int) -> Int {
        let position = enumeration.firstIndex(of: n)!
        return position < 4 ? position : position + 1
    }

    static let node: [VulkanDeviceInfo] = {
        var devices = enumeration.prefix(4).enumerated().map { gpu($1, index: $0) }
        devices.append(VulkanDeviceInfo(index: 4, name: "llvmpipe (LLVM 15.0.6, 256 bits)", kind: .cpuDevice, driverID: 13, driverName: "llvmpipe"))
        devices += enumeration.suffix(4).enumerated().map { gpu($1, index: $0 + 5) }
        return devices
    }()

    static func select(_ environment: [String: String], requested: String? = nil, from devices: [VulkanDeviceInfo] = node) throws -> VulkanDeviceInfo {
        try DeviceSelector(requestedName: requested, environment: environment).select(from: devices)
    }

    @Test func uuidsPrintAsNvidiaSmiDoes() {
        let device = Self.gpu(0, index: 0)
        #expect(device.uuidString == "GPU-5c6d7e8f-a0b1-c2d3-e4f5-061728394a5b")
        #expect(device.pciAddress?.description == "0000:18:00.0")
        #expect(PCIAddress(domain: 1, bus: 0xab, device: 3, function: 1).description == "0001:ab:03.1")
    }

    @Test func specifiersParseEachForm() throws {
        #expect(try DeviceSpecifier(parsing: "uuid:GPU-5c6d7e8f-a0b1-c2d3-e4f5-061728394a5b") == .uuid("5c6d7e8fa0b1c2d3e4f5061728394a5b"))
        #expect(try DeviceSpecifier(parsing: "UUID:5C6D7E8F") == .uuid("5c6d7e8f"), "case-insensitive, dashes and GPU- optional")
        #expect(try DeviceSpecifier(parsing: "index:7") == .index(7))
        #expect(try DeviceSpecifier(parsing: "H100") == .name("H100"))
        for bad in ["uuid:", "uuid:GPU-", "uuid:xyz", "uuid:" + String(repeating: "a", count: 33), "index:", "index:-1", "index:one", "index:1.5"] {
            #expect(throws: VulkanError.self, "\(bad)") { try DeviceSpecifier(parsing: bad) }
        }
        let text = VulkanError.invalidDeviceSpecifier("index:one", expected: "index:N").description
        #expect(text.contains("index:one") && text.contains("index:N"))
    }

    @Test func indexCountsGPUsInPCIBusOrderNotVulkansOrder() throws {
        for n in 0..<8 {
            let chosen = try Self.select([:], requested: "index:\(n)")
            #expect(chosen.pciAddress?.bus == Self.buses[n], "index:\(n)")
            #expect(chosen.index == Self.enumerated(n))
        }
        #expect(throws: VulkanError.self) { try Self.select([:], requested: "index:8") }
        let rejections = DeviceSelector(requestedName: "index:2").candidates(Self.node).flatMap(\.rejections)
        #expect(rejections.contains("not a GPU (no index in PCI bus order)"), "lavapipe has no GPU index")
        #expect(rejections.contains("GPU index is 0, not 2"))
    }

    @Test func uuidPicksItsDeviceAndAPrefixMustBeUnique() throws {
        for n in 0..<8 {
            let full = Self.gpu(n, index: 0).uuidString
            #expect(try Self.select([:], requested: "uuid:" + full).pciAddress?.bus == Self.buses[n])
            #expect(try Self.select([:], requested: "uuid:" + full.prefix(14)).pciAddress?.bus == Self.buses[n])
        }
        #expect(throws: VulkanError.self, "every made-up UUID starts with 5") { try Self.select([:], requested: "uuid:5") }
        #expect(throws: VulkanError.self) { try Self.select([:], requested: "uuid:GPU-ffffffff") }
    }

    @Test func eachTaskOfAnArrayGetsTheGPUItsSchedulerNamed() throws {
        for n in 0..<8 {
            for variable in VisibleDevices.variables {
                #expect(try Self.select([variable: "\(n)"]).pciAddress?.bus == Self.buses[n], "\(variable)=\(n)")
                let uuid = Self.gpu(n, index: 0).uuidString
                #expect(try Self.select([variable: uuid]).pciAddress?.bus == Self.buses[n], "\(variable)=\(uuid)")
            }
        }
        let selector = DeviceSelector(requestedName: nil, environment: ["CUDA_VISIBLE_DEVICES": "3"])
        #expect(selector.basis == "CUDA_VISIBLE_DEVICES=3")
        let report = selector.formattedReport(Self.node)
        #expect(report.contains("selected by CUDA_VISIBLE_DEVICES=3"))
        #expect(report.components(separatedBy: "not among the GPUs CUDA_VISIBLE_DEVICES=3 names").count - 1 == 8, "7 GPUs and lavapipe")
        #expect(report.contains("* GPU 3: NVIDIA H100"))
    }

    @Test func aListRanksItsGPUsInItsOrder() throws {
        let selector = DeviceSelector(requestedName: nil, environment: ["CUDA_VISIBLE_DEVICES": "6, 2,GPU-\(Self.gpu(4, index: 0).uuidString.dropFirst(4).prefix(13))"])
        #expect(try selector.ranked(Self.node).map { $0.pciAddress!.bus } == [Self.buses[6], Self.buses[2], Self.buses[4]])
        #expect(try Self.select(["CUDA_VISIBLE_DEVICES": "1,-1,2"]).pciAddress?.bus == Self.buses[1])
        #expect(try DeviceSelector(requestedName: nil, environment: ["CUDA_VISIBLE_DEVICES": "1,-1,2"]).ranked(Self.node).count == 1,
                "a negative index ends the list, as in CUDA")
    }

    @Test func allNoneAndEmptyValues() throws {
        #expect(try Self.select(["NVIDIA_VISIBLE_DEVICES": "all"]).index == Self.node.firstIndex { $0.kind == .discreteGPU })
        for hidden in [["CUDA_VISIBLE_DEVICES": ""], ["CUDA_VISIBLE_DEVICES": "-1"], ["CUDA_VISIBLE_DEVICES": "none"],
                       ["NVIDIA_VISIBLE_DEVICES": "none"]] {
            #expect(try Self.select(hidden).kind == .cpuDevice, "\(hidden) hides every NVIDIA GPU; lavapipe stays")
            #expect(throws: VulkanError.self, "\(hidden) without lavapipe") {
                try Self.select(hidden, from: Self.node.filter { $0.kind != .cpuDevice })
            }
        }
        for unset in ["", "void", " VOID "] {
            let selector = DeviceSelector(requestedName: nil, environment: ["NVIDIA_VISIBLE_DEVICES": unset])
            #expect(try selector.select(from: Self.node).index == 0, "NVIDIA_VISIBLE_DEVICES=\(unset) leaves the choice automatic")
            #expect(selector.basis == "automatic choice")
        }
    }

    @Test func cudaWinsOverNvidiaAndARequestWinsOverBoth() throws {
        let both = ["CUDA_VISIBLE_DEVICES": "5", "NVIDIA_VISIBLE_DEVICES": "2"]
        #expect(try Self.select(both).pciAddress?.bus == Self.buses[5])
        #expect(try Self.select(both, requested: "index:1").pciAddress?.bus == Self.buses[1])
        #expect(try Self.select(both, requested: "llvmpipe").kind == .cpuDevice)
        #expect(DeviceSelector(requestedName: "index:1", environment: both).basis == "the device asked for")
    }

    @Test func indicesCountOnlyNVIDIAGPUs() throws {
        let radeon = VulkanDeviceInfo(index: 0, name: "AMD Radeon Pro W7800", kind: .discreteGPU, vendorID: 0x1002,
                                      pciAddress: PCIAddress(domain: 0, bus: 0x03, device: 0, function: 0))
        let nvidia = [Self.gpu(1, index: 1), Self.gpu(0, index: 2)]
        let devices = [radeon] + nvidia
        #expect(try Self.select(["CUDA_VISIBLE_DEVICES": "0"], from: devices).pciAddress?.bus == Self.buses[0])
        #expect(try Self.select(["CUDA_VISIBLE_DEVICES": "1"], from: devices).pciAddress?.bus == Self.buses[1])
        #expect(try Self.select([:], requested: "index:0", from: devices).vendorID == 0x1002, "index: counts every GPU")
    }

    @Test func valuesThatNameNoGPUThrowNamedErrors() {
        func failure(_ environment: [String: String]) -> String {
            do {
                _ = try Self.select(environment)
                return "selected"
            } catch {
                return String(describing: error)
            }
        }
        let missing = failure(["CUDA_VISIBLE_DEVICES": "8"])
        #expect(missing.contains("CUDA_VISIBLE_DEVICES=8: 8 names no NVIDIA GPU"))
        #expect(missing.contains("7: NVIDIA H100 80GB HBM3 (GPU-"), "lists the GPUs there are, numbered")
        #expect(failure(["NVIDIA_VISIBLE_DEVICES": "GPU-ffff"]).contains("names no NVIDIA GPU"))
        #expect(failure(["CUDA_VISIBLE_DEVICES": "GPU-5"]).contains("names several NVIDIA GPUs"))
        #expect(failure(["CUDA_VISIBLE_DEVICES": "MIG-5c6d7e8f-a0b1-c2d3-e4f5-061728394a5b"]).contains("MIG instance"))
        #expect(failure(["CUDA_VISIBLE_DEVICES": "gpu0"]).contains("neither a GPU index nor a GPU-… UUID"))
        #expect(failure(["NVIDIA_VISIBLE_DEVICES": "0,,1"]).contains("neither"))
        #expect(failure(["CUDA_VISIBLE_DEVICES": "1,1"]).contains("named twice"))
        let report = DeviceSelector(requestedName: nil, environment: ["CUDA_VISIBLE_DEVICES": "8"]).formattedReport(Self.node)
        #expect(!report.contains("* "), "nothing is marked")
        #expect(report.contains("CUDA_VISIBLE_DEVICES=8: 8 names no NVIDIA GPU"))
    }
}
