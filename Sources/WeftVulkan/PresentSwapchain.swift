import CVulkan

/// A swapchain over one surface with what each of its images needs: a semaphore that the copy into it signals and
/// its present waits on. Made and destroyed by `VulkanPresenter`, only while the device is idle.
struct PresentSwapchain {
    let handle: VkSwapchainKHR
    let images: [VkImage]
    let copied: [VkSemaphore]
    let width: Int
    let height: Int
    let format: VkFormat
    /// Whether the images can be copied from (a capture of what is presented).
    let readable: Bool
    /// FIFO (waits for vertical blank), or mailbox (`vsync` off, where the surface offers it).
    let presentMode: VkPresentModeKHR
    /// Whether the images can be blitted to (`SwapchainCopy`).
    let blittable: Bool

    /// The formats whose bytes are 8-bit RGBA or BGRA: host pixels are copied into them unconverted, but for the
    /// order of red and blue.
    static let copyableFormats: [VkFormat] = [VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM,
                                              VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB]

    static func isBGRA(_ format: VkFormat) -> Bool {
        format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB
    }

    /// A swapchain of `width`×`height` (or the surface's own extent, when it has one); nil when that extent is empty,
    /// as for a minimized window.
    static func make(device: VkDevice, physical: VkPhysicalDevice, surface: VkSurfaceKHR, width: Int, height: Int, vsync: Bool = true,
                     replacing old: VkSwapchainKHR?) throws(VulkanError) -> PresentSwapchain? {
        var caps = VkSurfaceCapabilitiesKHR()
        try vkCheck(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physical, surface, &caps), "vkGetPhysicalDeviceSurfaceCapabilitiesKHR")
        var extent = caps.currentExtent
        if extent.width == UInt32.max {
            extent.width = min(max(UInt32(max(width, 0)), caps.minImageExtent.width), caps.maxImageExtent.width)
            extent.height = min(max(UInt32(max(height, 0)), caps.minImageExtent.height), caps.maxImageExtent.height)
        }
        guard extent.width > 0, extent.height > 0 else { return nil }

        let required = vkFlags(VK_IMAGE_USAGE_TRANSFER_DST_BIT)
        guard caps.supportedUsageFlags & required == required else {
            throw .surfaceUnsupported(reason: "its images cannot be written by transfers (no VK_IMAGE_USAGE_TRANSFER_DST_BIT)")
        }
        let readable = caps.supportedUsageFlags & vkFlags(VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0
        var usage = required
        if readable { usage |= vkFlags(VK_IMAGE_USAGE_TRANSFER_SRC_BIT) }

        var count: UInt32 = 0
        try vkCheck(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, nil), "vkGetPhysicalDeviceSurfaceFormatsKHR")
        var formats = [VkSurfaceFormatKHR](repeating: VkSurfaceFormatKHR(), count: Int(count))
        try vkCheck(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, &formats), "vkGetPhysicalDeviceSurfaceFormatsKHR")
        guard let chosen = copyableFormats.lazy.compactMap({ wanted in formats.first { $0.format == wanted } }).first else {
            throw .surfaceUnsupported(reason: "no 8-bit RGBA or BGRA format (VkFormat values offered: \(formats.map { $0.format.rawValue }))")
        }

        var presentMode = VK_PRESENT_MODE_FIFO_KHR
        if !vsync {
            var modeCount: UInt32 = 0
            try vkCheck(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &modeCount, nil), "vkGetPhysicalDeviceSurfacePresentModesKHR")
            var modes = [VkPresentModeKHR](repeating: VK_PRESENT_MODE_FIFO_KHR, count: Int(modeCount))
            try vkCheck(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &modeCount, &modes), "vkGetPhysicalDeviceSurfacePresentModesKHR")
            if modes.contains(VK_PRESENT_MODE_MAILBOX_KHR) { presentMode = VK_PRESENT_MODE_MAILBOX_KHR }
        }
        var formatProperties = VkFormatProperties()
        vkGetPhysicalDeviceFormatProperties(physical, chosen.format, &formatProperties)
        let blittable = formatProperties.optimalTilingFeatures & vkFlags(VK_FORMAT_FEATURE_BLIT_DST_BIT) != 0

        var imageCount = max(caps.minImageCount, presentMode == VK_PRESENT_MODE_MAILBOX_KHR ? 3 : 2)
        if caps.maxImageCount > 0 { imageCount = min(imageCount, caps.maxImageCount) }
        let alphas: [VkCompositeAlphaFlagBitsKHR] = [VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR, VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR,
                                                     VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR, VK_COMPOSITE_ALPHA_POST_MULTIPLIED_BIT_KHR]
        let alpha = alphas.first { caps.supportedCompositeAlpha & $0.rawValue != 0 } ?? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR

        var info = VkSwapchainCreateInfoKHR()
        info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR
        info.surface = surface
        info.minImageCount = imageCount
        info.imageFormat = chosen.format
        info.imageColorSpace = chosen.colorSpace
        info.imageExtent = extent
        info.imageArrayLayers = 1
        info.imageUsage = usage
        info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.preTransform = caps.currentTransform
        info.compositeAlpha = alpha
        info.presentMode = presentMode
        info.clipped = VkBool32(VK_TRUE)
        info.oldSwapchain = old
        var swapchain: VkSwapchainKHR?
        try vkCheck(vkCreateSwapchainKHR(device, &info, nil, &swapchain), "vkCreateSwapchainKHR")
        guard let swapchain else { throw .call(function: "vkCreateSwapchainKHR", result: VkResultCode(VK_ERROR_INITIALIZATION_FAILED)) }

        var images: [VkImage?] = []
        var r = vkGetSwapchainImagesKHR(device, swapchain, &count, nil)
        if r == VK_SUCCESS {
            images = [VkImage?](repeating: nil, count: Int(count))
            r = vkGetSwapchainImagesKHR(device, swapchain, &count, &images)
        }
        var semaphores: [VkSemaphore] = []
        if r == VK_SUCCESS {
            for _ in images {
                var semaphoreInfo = VkSemaphoreCreateInfo()
                semaphoreInfo.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO
                var semaphore: VkSemaphore?
                r = vkCreateSemaphore(device, &semaphoreInfo, nil, &semaphore)
                guard r == VK_SUCCESS, let semaphore else { break }
                semaphores.append(semaphore)
            }
        }
        if r != VK_SUCCESS {
            semaphores.forEach { vkDestroySemaphore(device, $0, nil) }
            vkDestroySwapchainKHR(device, swapchain, nil)
            throw .call(function: "vkGetSwapchainImagesKHR", result: VkResultCode(r))
        }
        return PresentSwapchain(handle: swapchain, images: images.prefix(Int(count)).compactMap { $0 }, copied: semaphores,
                                width: Int(extent.width), height: Int(extent.height), format: chosen.format, readable: readable,
                                presentMode: presentMode, blittable: blittable)
    }

    /// Only once the device is idle.
    func destroy(device: VkDevice) {
        copied.forEach { vkDestroySemaphore(device, $0, nil) }
        vkDestroySwapchainKHR(device, handle, nil)
    }
}

/// A persistently mapped, host-coherent buffer for the presenter's uploads and captures.
struct HostBuffer {
    let handle: VkBuffer
    let memory: VkDeviceMemory
    let mapped: UnsafeMutableRawPointer
    let size: Int

    init(device: VkDevice, physical: VkPhysicalDevice, size: Int, usage: VkBufferUsageFlags) throws(VulkanError) {
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(size)
        info.usage = usage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var buffer: VkBuffer?
        try vkCheck(vkCreateBuffer(device, &info, nil, &buffer), "vkCreateBuffer")
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device, buffer, &requirements)
        var properties = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physical, &properties)
        let wanted = vkFlags(VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
        let types = withUnsafeBytes(of: properties.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        guard let type = (0..<Int(properties.memoryTypeCount)).first(where: {
            requirements.memoryTypeBits & (1 << UInt32($0)) != 0 && types[$0].propertyFlags & wanted == wanted
        }) else {
            vkDestroyBuffer(device, buffer, nil)
            throw .noMemoryType(purpose: "presenter staging buffer")
        }
        var allocation = VkMemoryAllocateInfo()
        allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        allocation.allocationSize = requirements.size
        allocation.memoryTypeIndex = UInt32(type)
        var memory: VkDeviceMemory?
        var r = vkAllocateMemory(device, &allocation, nil, &memory)
        var mapped: UnsafeMutableRawPointer?
        if r == VK_SUCCESS { r = vkBindBufferMemory(device, buffer, memory, 0) }
        if r == VK_SUCCESS { r = vkMapMemory(device, memory, 0, VkDeviceSize(VK_WHOLE_SIZE), 0, &mapped) }
        guard r == VK_SUCCESS, let memory, let mapped else {
            vkDestroyBuffer(device, buffer, nil)
            if let memory { vkFreeMemory(device, memory, nil) }
            throw .call(function: "vkAllocateMemory", result: VkResultCode(r))
        }
        self.handle = buffer!
        self.memory = memory
        self.mapped = mapped
        self.size = size
    }

    /// Only once the GPU has finished with it.
    func destroy(device: VkDevice) {
        vkDestroyBuffer(device, handle, nil)
        vkFreeMemory(device, memory, nil)
    }
}
