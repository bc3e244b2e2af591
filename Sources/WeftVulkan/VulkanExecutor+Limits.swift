extension VulkanExecutor {
    /// The device's maxImageDimension2D.
    public var maxTextureDimension: Int { Int(vulkanDevice.info.maxImageDimension2D) }
}
