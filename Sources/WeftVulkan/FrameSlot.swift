import CVulkan
import WeftRuntime

/// A persistently mapped host buffer that grows on demand; reused by every frame of its slot (a slot takes a frame only
/// after the previous one's fence signalled, so reuse never races the GPU).
final class HostArena {
    let buffer: DeviceBuffer
    var capacity: VkDeviceSize { buffer.size }
    init(buffer: consuming DeviceBuffer) { self.buffer = buffer }
}

/// What one frame in flight owns apart from the others: its command buffer, descriptor sets, timestamp queries and the
/// host-visible upload and readback buffers. `RenderState` keeps a ring of them, so frame N+1 is recorded and submitted
/// while frame N still runs or waits to be read back; a slot is reused only after its frame was collected.
/// Textures need no copy per slot: every frame takes its own from the pool and gives them back when collected.
final class FrameSlot {
    let device: VulkanDevice
    let commandPool: VkCommandPool
    let commandBuffer: VkCommandBuffer
    private var descriptorPool: VkDescriptorPool?
    private var descriptorCapacity = DescriptorCounts()
    private var queryPool: VkQueryPool?
    private var queryCapacity: UInt32 = 0
    private(set) var uploadArena: HostArena?
    private(set) var readbackArena: HostArena?
    /// The checked passes' counters (`CheckCounters`), only once a frame of this slot was checked.
    private(set) var checkArena: HostArena?

    struct DescriptorCounts {
        var sets = 0, storageImages = 0, samplers = 0, uniformBuffers = 0, storageBuffers = 0, dynamicUniformBuffers = 0
        init() {}

        /// What one descriptor set per pass needs, and the render's two frame sets (compute and fragment).
        init(_ shapes: [BindingShape]) {
            sets = 2
            dynamicUniformBuffers = 2
            for shape in shapes {
                sets += 1
                storageImages += shape.writesStorageImage ? 1 : 0
                samplers += (shape.readsLayer ? 1 : 0) + (shape.readsDestination ? 1 : 0) + shape.imageCount
                uniformBuffers += shape.hasArguments ? 1 : 0
                storageBuffers += (shape.readsArrays ? 1 : 0) + (shape.checked ? 1 : 0)
            }
        }

        func fits(in other: DescriptorCounts) -> Bool {
            sets <= other.sets && storageImages <= other.storageImages && samplers <= other.samplers
                && uniformBuffers <= other.uniformBuffers && storageBuffers <= other.storageBuffers
                && dynamicUniformBuffers <= other.dynamicUniformBuffers
        }
    }

    init(device: VulkanDevice) throws(VulkanError) {
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.flags = vkFlags(VK_COMMAND_POOL_CREATE_TRANSIENT_BIT)
        poolInfo.queueFamilyIndex = device.queueFamily
        var pool: VkCommandPool?
        try vkCheck(vkCreateCommandPool(device.handle, &poolInfo, nil, &pool), "vkCreateCommandPool")
        var allocInfo = VkCommandBufferAllocateInfo()
        allocInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocInfo.commandPool = pool
        allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocInfo.commandBufferCount = 1
        var cmd: VkCommandBuffer?
        let r = vkAllocateCommandBuffers(device.handle, &allocInfo, &cmd)
        if r != VK_SUCCESS {
            vkDestroyCommandPool(device.handle, pool, nil)
            throw .call(function: "vkAllocateCommandBuffers", result: VkResultCode(r))
        }
        self.device = device
        self.commandPool = pool!
        self.commandBuffer = cmd!
    }

    deinit {
        // `RenderState` waits for every frame in flight before it lets its slots go; on a lost device nothing is destroyed.
        guard !device.isLost else { return }
        vkDestroyCommandPool(device.handle, commandPool, nil)
        if let descriptorPool { device.retire(.descriptorPool(descriptorPool)) }
        if let queryPool { device.retire(.queryPool(queryPool)) }
    }

    // MARK: Host buffers

    func upload(size: Int) throws(VulkanError) -> HostArena {
        let arena = try Self.arena(uploadArena, device: device, size: size,
                                   usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                                   cached: false, purpose: "upload staging")
        uploadArena = arena
        return arena
    }

    func readback(size: Int) throws(VulkanError) -> HostArena {
        let arena = try Self.arena(readbackArena, device: device, size: size, usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_DST_BIT),
                                   cached: true, purpose: "readback staging")
        readbackArena = arena
        return arena
    }

    func checkCounters(size: Int) throws(VulkanError) -> HostArena {
        let arena = try Self.arena(checkArena, device: device, size: size, usage: vkFlags(VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                                   cached: true, purpose: "check counters")
        checkArena = arena
        return arena
    }

    private static func arena(_ current: HostArena?, device: VulkanDevice, size: Int, usage: VkBufferUsageFlags, cached: Bool,
                              purpose: String) throws(VulkanError) -> HostArena {
        if let current, current.capacity >= VkDeviceSize(size) { return current }
        var capacity = max(64 << 10, Int(current?.capacity ?? 0))
        while capacity < size { capacity *= 2 }
        return HostArena(buffer: try DeviceBuffer(device: device, size: VkDeviceSize(capacity), usage: usage, cached: cached, purpose: purpose))
    }

    // MARK: Descriptors

    /// Sets for `layouts`, from this slot's pool, reset first: the slot's previous frame was collected, so its sets are
    /// no longer in use.
    func descriptorSets(for layouts: [VkDescriptorSetLayout], counts: DescriptorCounts) throws(VulkanError) -> [VkDescriptorSet] {
        if descriptorPool == nil || !counts.fits(in: descriptorCapacity) {
            if let old = descriptorPool { device.retire(.descriptorPool(old)) }
            descriptorPool = nil
            let c = descriptorCapacity
            var capacity = DescriptorCounts()
            capacity.sets = max(16, c.sets, counts.sets * 2)
            capacity.storageImages = max(16, c.storageImages, counts.storageImages * 2)
            capacity.samplers = max(32, c.samplers, counts.samplers * 2)
            capacity.uniformBuffers = max(16, c.uniformBuffers, counts.uniformBuffers * 2)
            capacity.storageBuffers = max(8, c.storageBuffers, counts.storageBuffers * 2)
            capacity.dynamicUniformBuffers = max(2, c.dynamicUniformBuffers, counts.dynamicUniformBuffers)
            var sizes = [
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, descriptorCount: UInt32(capacity.storageImages)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, descriptorCount: UInt32(capacity.samplers)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, descriptorCount: UInt32(capacity.uniformBuffers)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: UInt32(capacity.storageBuffers)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, descriptorCount: UInt32(capacity.dynamicUniformBuffers)),
            ]
            var info = VkDescriptorPoolCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
            info.maxSets = UInt32(capacity.sets)
            info.poolSizeCount = UInt32(sizes.count)
            var pool: VkDescriptorPool?
            let r = sizes.withUnsafeMutableBufferPointer { s in
                info.pPoolSizes = UnsafePointer(s.baseAddress)
                return vkCreateDescriptorPool(device.handle, &info, nil, &pool)
            }
            try vkCheck(r, "vkCreateDescriptorPool")
            if let pool { device.created(.descriptorPool(pool)) }
            descriptorPool = pool
            descriptorCapacity = capacity
        } else {
            try vkCheck(vkResetDescriptorPool(device.handle, descriptorPool, 0), "vkResetDescriptorPool")
        }
        guard !layouts.isEmpty else { return [] }
        var sets = [VkDescriptorSet?](repeating: nil, count: layouts.count)
        var optionalLayouts: [VkDescriptorSetLayout?] = layouts
        let r = optionalLayouts.withUnsafeMutableBufferPointer { l in
            var info = VkDescriptorSetAllocateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            info.descriptorPool = descriptorPool
            info.descriptorSetCount = UInt32(l.count)
            info.pSetLayouts = UnsafePointer(l.baseAddress)
            return vkAllocateDescriptorSets(device.handle, &info, &sets)
        }
        try vkCheck(r, "vkAllocateDescriptorSets")
        return sets.map { $0! }
    }

    func timestampPool(count: UInt32) throws(VulkanError) -> VkQueryPool {
        if let queryPool, queryCapacity >= count { return queryPool }
        if let old = queryPool { device.retire(.queryPool(old)) }
        queryPool = nil
        let capacity = max(count, 2 * queryCapacity, 64)
        var info = VkQueryPoolCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO
        info.queryType = VK_QUERY_TYPE_TIMESTAMP
        info.queryCount = capacity
        var pool: VkQueryPool?
        try vkCheck(vkCreateQueryPool(device.handle, &info, nil, &pool), "vkCreateQueryPool")
        if let pool { device.created(.queryPool(pool)) }
        queryPool = pool
        queryCapacity = capacity
        return pool!
    }
}
