import CVulkan

/// VK_KHR_dynamic_rendering's two commands, loaded from the device (the loader exports only
/// core entry points, and the device is opened as Vulkan 1.2).
struct DynamicRenderingCommands {
    let begin: PFN_vkCmdBeginRenderingKHR
    let end: PFN_vkCmdEndRenderingKHR

    /// nil when the device does not return both entry points.
    init?(device: VkDevice) {
        guard let begin = vkGetDeviceProcAddr(device, "vkCmdBeginRenderingKHR"),
              let end = vkGetDeviceProcAddr(device, "vkCmdEndRenderingKHR") else { return nil }
        self.begin = unsafeBitCast(begin, to: PFN_vkCmdBeginRenderingKHR.self)
        self.end = unsafeBitCast(end, to: PFN_vkCmdEndRenderingKHR.self)
    }
}
