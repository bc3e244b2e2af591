import Testing
import WeftRuntime
import WeftTestSupport
@testable import WeftVulkan

/// Device choice as a pure function of the devices seen, so ordering and rejection can be
/// tested with made-up devices on a machine that has only one.
struct DeviceSelectionTests {
    static let lavapipe = VulkanDeviceInfo(index: 0, name: "llvmpipe (LLVM 15.0.6, 256 bits)", kind: .cpuDevice,
                                           driverID: 13, driverName: "llvmpipe", timestampValidBits: 64)
    static let integrated = VulkanDeviceInfo(index: 1, name: "Intel(R) UHD Graphics 770", kind: .integratedGPU, driverName: "Intel open-source Mesa driver")
    static let discrete = VulkanDeviceInfo(index: 2, name: "NVIDIA H200", kind: .discreteGPU, driverName: "NVIDIA")
    static let virtualGPU = VulkanDeviceInfo(index: 3, name: "Virtio-GPU Venus", kind: .virtualGPU, driverName: "venus")
    static let all = [lavapipe, integrated, discrete, virtualGPU]

    @Test func prefersDiscreteThenIntegratedThenVirtualThenCPU() throws {
        let selector = DeviceSelector(requestedName: nil)
        #expect(try selector.select(from: Self.all).name == "NVIDIA H200")
        #expect(try selector.ranked(Self.all).map(\.kind) == [.discreteGPU, .integratedGPU, .virtualGPU, .cpuDevice])
        #expect(try selector.select(from: [Self.lavapipe, Self.virtualGPU]).kind == .virtualGPU)
        #expect(try selector.select(from: [Self.lavapipe]).kind == .cpuDevice)
    }

    @Test func tiesKeepEnumerationOrder() throws {
        var second = Self.discrete
        second.index = 4
        second.name = "NVIDIA H200 #2"
        #expect(try DeviceSelector(requestedName: nil).select(from: [Self.lavapipe, Self.discrete, second]).index == 2)
        #expect(try DeviceSelector(requestedName: nil).select(from: [Self.lavapipe, second, Self.discrete]).index == 4)
    }

    @Test func nameOverrideBeatsPreference() throws {
        #expect(try DeviceSelector(requestedName: "llvmpipe").select(from: Self.all).kind == .cpuDevice)
        #expect(try DeviceSelector(requestedName: "UHD").select(from: Self.all).kind == .integratedGPU)
        #expect(try DeviceSelector(requestedName: "h200").select(from: Self.all).kind == .discreteGPU, "case-insensitive")
        #expect(try DeviceSelector(requestedName: "venus").select(from: Self.all).kind == .virtualGPU, "driver names match too")
        #expect(try DeviceSelector(requestedName: "").select(from: Self.all).kind == .discreteGPU, "an empty name is no override")
    }

    @Test func unsuitableDevicesAreSkippedWithAReason() throws {
        var weak = Self.discrete
        weak.storageRGBA16F = false
        weak.apiVersion = (1 << 22) | (1 << 12)
        let selector = DeviceSelector(requestedName: nil)
        #expect(try selector.select(from: [weak, Self.lavapipe]).kind == .cpuDevice)
        let reasons = selector.rejections(of: weak, among: [weak, Self.lavapipe])
        #expect(reasons.contains { $0.contains("R16G16B16A16_SFLOAT") })
        #expect(reasons.contains { $0.contains("Vulkan 1.1.0") })
    }

    @Test func noMatchListsEveryDeviceAndWhy() {
        var weak = Self.integrated
        weak.computeQueueFamily = nil
        let devices = [Self.lavapipe, weak, Self.discrete]
        do {
            _ = try DeviceSelector(requestedName: "radeon").select(from: devices)
            Issue.record("selection should fail")
        } catch {
            guard case let .noSuitableDevice(name, candidates) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "radeon")
            #expect(candidates.map(\.name) == devices.map(\.name))
            #expect(candidates.allSatisfy { $0.rejections.contains("name does not contain \"radeon\"") })
            #expect(candidates[1].rejections.contains("no compute queue"))
            let text = error.description
            #expect(text.contains("no Vulkan device matches \"radeon\""))
            for device in devices { #expect(text.contains(device.name)) }
        }
    }

    @Test func noDevicesAtAllSaysSo() {
        #expect(throws: VulkanError.self) { try DeviceSelector(requestedName: nil).select(from: []) }
        let text = VulkanError.noSuitableDevice(requestedName: nil, candidates: []).description
        #expect(text.contains("no Vulkan devices were found"))
    }

    @Test func timestampsAreNotTrustedOnLavapipe() {
        #expect(Self.lavapipe.isLavapipe)
        #expect(!Self.lavapipe.timestampsTrusted)
        #expect(Self.discrete.timestampsTrusted)
        var noTimestamps = Self.discrete
        noTimestamps.timestampValidBits = 0
        #expect(!noTimestamps.timestampsTrusted)
    }

    @Test func reportNamesTheSelectedDeviceAndTheRejected() {
        var weak = Self.integrated
        weak.storageRGBA8 = false
        let report = DeviceSelector(requestedName: nil).formattedReport([Self.lavapipe, weak, Self.discrete])
        #expect(report.contains("* GPU 1: NVIDIA H200"), "GPUs are numbered, the weak integrated one first")
        #expect(report.contains("selected"))
        #expect(report.contains("rejected: no storage images in R8G8B8A8_UNORM"))
        #expect(report.contains("usable, not preferred"))
        #expect(report.contains("maxImageDimension2D:   16384"))
        #expect(report.contains("lavapipe does not bracket compute dispatches"))
    }
}

/// The real devices of this machine.
@Suite(.requiresVulkan)
struct RealDeviceTests {
    @Test func realDevicesAreProbed() throws {
        let instance = try VulkanInstance(.init(validation: true))
        #expect(!instance.devices.isEmpty)
        for device in instance.devices {
            #expect(!device.name.isEmpty)
            #expect(device.maxImageDimension2D >= 4096)
            #expect(device.maxComputeWorkGroupInvocations >= 256)
            if device.isLavapipe { #expect(!device.timestampsTrusted) }
        }
        let report = DeviceSelector(requestedName: nil).formattedReport(instance.devices)
        #expect(report.contains("selected"))
        #expect(instance.validationLog.messages.isEmpty)
    }

    @Test func unknownNameFailsListingTheRealDevices() throws {
        let instance = try VulkanInstance(.init(validation: false))
        #expect {
            try DeviceSelector(requestedName: "no-such-device-xyz").select(from: instance.devices)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("no-such-device-xyz") && instance.devices.allSatisfy { text.contains($0.name) }
        }
    }

    @Test func executorOptionsPassTheDeviceName() throws {
        #expect(throws: VulkanError.self) {
            _ = try VulkanExecutor(options: .init(deviceName: "no-such-device-xyz", validation: false, pipelineCache: .none))
        }
        let name = try VulkanInstance(.init(validation: false)).devices[0].name
        let executor = try VulkanExecutor(options: .init(deviceName: String(name.prefix(5)), validation: false, pipelineCache: .none))
        #expect(executor.device.name == name)
    }
}
