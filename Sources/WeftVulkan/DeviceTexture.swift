import CVulkan
import WeftImage
import WeftRuntime

extension PixelFormat {
    var vkFormat: VkFormat {
        switch self {
        case .rgba8Unorm: VK_FORMAT_R8G8B8A8_UNORM
        case .rgba16Float: VK_FORMAT_R16G16B16A16_SFLOAT
        }
    }
}

/// A 2D texture usable as storage image, sampled image and transfer source/destination (and
/// colour attachment on devices that run fragment passes),
/// with one mip level, in sub-allocated device-local memory. Retired on deinit.
struct DeviceTexture: ~Copyable {
    let image: VkImage
    let view: VkImageView
    let memory: MemoryAllocation
    let descriptor: TextureDescriptor
    private let device: VulkanDevice

    init(device: VulkanDevice, descriptor: TextureDescriptor) throws(VulkanError) {
        let limit = Int(device.info.maxImageDimension2D)
        guard descriptor.width >= 1, descriptor.height >= 1, descriptor.width <= limit, descriptor.height <= limit else {
            throw .textureTooLarge(width: descriptor.width, height: descriptor.height, limit: limit)
        }
        var info = VkImageCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        info.imageType = VK_IMAGE_TYPE_2D
        info.format = descriptor.format.vkFormat
        info.extent = VkExtent3D(width: UInt32(descriptor.width), height: UInt32(descriptor.height), depth: 1)
        info.mipLevels = 1
        info.arrayLayers = 1
        info.samples = VK_SAMPLE_COUNT_1_BIT
        info.tiling = VK_IMAGE_TILING_OPTIMAL
        info.usage = vkFlags(VK_IMAGE_USAGE_STORAGE_BIT, VK_IMAGE_USAGE_SAMPLED_BIT,
                             VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_USAGE_TRANSFER_DST_BIT)
        // Fragment passes (derivative kernels without compute derivatives) draw into the output.
        if device.info.fragmentPassFallback { info.usage |= vkFlags(VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT) }
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED
        var image: VkImage?
        try vkCheck(vkCreateImage(device.handle, &info, nil, &image), "vkCreateImage")
        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(device.handle, image, &requirements)
        let memory: MemoryAllocation
        do {
            memory = try device.allocator.allocate(requirements, required: 0, preferred: vkFlags(VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
                                                   tiling: .optimal, purpose: "a \(descriptor.format.rawValue) texture")
        } catch {
            vkDestroyImage(device.handle, image, nil)
            throw error
        }
        var r = vkBindImageMemory(device.handle, image, memory.memory, memory.offset)
        var view: VkImageView?
        if r == VK_SUCCESS {
            var viewInfo = VkImageViewCreateInfo()
            viewInfo.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO
            viewInfo.image = image
            viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D
            viewInfo.format = info.format
            viewInfo.subresourceRange = Self.colorRange
            r = vkCreateImageView(device.handle, &viewInfo, nil, &view)
        }
        if r != VK_SUCCESS {
            vkDestroyImage(device.handle, image, nil)
            device.allocator.free(memory)
            throw .call(function: "vkBindImageMemory/vkCreateImageView", result: VkResultCode(r))
        }
        self.image = image!
        self.view = view!
        self.memory = memory
        self.descriptor = descriptor
        self.device = device
        device.created(.image(self.image, view: self.view))
    }

    static let colorRange = VkImageSubresourceRange(aspectMask: vkFlags(VK_IMAGE_ASPECT_COLOR_BIT), baseMipLevel: 0,
                                                    levelCount: 1, baseArrayLayer: 0, layerCount: 1)
    static let colorLayers = VkImageSubresourceLayers(aspectMask: vkFlags(VK_IMAGE_ASPECT_COLOR_BIT), mipLevel: 0,
                                                      baseArrayLayer: 0, layerCount: 1)

    deinit { device.retire(.image(image, view: view), memory: memory) }
}

/// Textures kept across renders, by size and format. A render takes what it needs and gives
/// everything back after its submission has finished; textures idle for `maxIdleRenders`
/// renders are retired.
final class TexturePool {
    final class Entry {
        let texture: DeviceTexture
        var lastUsed: Int
        init(texture: consuming DeviceTexture, lastUsed: Int) {
            self.texture = texture
            self.lastUsed = lastUsed
        }
    }

    private let device: VulkanDevice
    private var free: [TextureDescriptor: [Entry]] = [:]
    private var generation = 0
    let maxIdleRenders: Int
    private(set) var created = 0

    init(device: VulkanDevice, maxIdleRenders: Int = 16) {
        self.device = device
        self.maxIdleRenders = maxIdleRenders
    }

    /// A texture matching `descriptor`, reused when one is free.
    func take(_ descriptor: TextureDescriptor) throws(VulkanError) -> Entry {
        if let entry = free[descriptor]?.popLast() { return entry }
        created += 1
        return Entry(texture: try DeviceTexture(device: device, descriptor: descriptor), lastUsed: generation)
    }

    /// Returns textures whose GPU work has finished, and retires long-idle ones.
    func giveBack(_ entries: [Entry]) {
        generation += 1
        for entry in entries {
            entry.lastUsed = generation
            free[entry.texture.descriptor, default: []].append(entry)
        }
        for key in Array(free.keys) {
            free[key]!.removeAll { generation - $0.lastUsed > maxIdleRenders }
            if free[key]!.isEmpty { free[key] = nil }
        }
    }

    var idleCount: Int { free.values.reduce(0) { $0 + $1.count } }
}
