import CVulkan
import Testing
import WeftTestSupport
@testable import WeftVulkan

@Suite(.requiresVulkan)
struct ValidationTests {
    /// Proves the collector is live, so the "no messages" checks in every other test mean something:
    /// a sampler with anisotropy enabled although the device was created without that feature is
    /// invalid (VUID-VkSamplerCreateInfo-anisotropyEnable-01070).
    @Test func collectorCapturesAProvokedMessage() throws {
        let device = try VulkanDevice(selector: DeviceSelector(requestedName: nil),
                                      instanceOptions: VulkanInstance.Options(validation: true))
        #expect(device.validationLog.messages.isEmpty)
        var info = VkSamplerCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
        info.magFilter = VK_FILTER_LINEAR
        info.minFilter = VK_FILTER_LINEAR
        info.anisotropyEnable = VkBool32(VK_TRUE)
        info.maxAnisotropy = 4
        var sampler: VkSampler?
        _ = vkCreateSampler(device.handle, &info, nil, &sampler)
        if let sampler { vkDestroySampler(device.handle, sampler, nil) }
        let messages = device.validationLog.drain()
        #expect(messages.contains { $0.severity == .error && $0.idName.contains("VUID-VkSamplerCreateInfo-anisotropyEnable") },
                "collected: \(messages)")
        #expect(device.validationLog.messages.isEmpty, "drain empties the log")
    }

    @Test func cleanSetupProducesNoInfoLevelNoise() throws {
        let instance = try VulkanInstance(.init(validation: true, minimumMessageSeverity: .info))
        let device = try VulkanDevice(instance: instance, device: try DeviceSelector(requestedName: nil).select(from: instance.devices))
        _ = device
        let messages = instance.validationLog.messages
        #expect(messages.isEmpty, "\(messages.map(\.description))")
    }

    @Test func validationOffCollectsNothing() throws {
        let device = try VulkanDevice(selector: DeviceSelector(requestedName: nil),
                                      instanceOptions: VulkanInstance.Options(validation: false))
        #expect(!device.instance.validationEnabled)
        #expect(device.validationLog.messages.isEmpty)
    }
}
