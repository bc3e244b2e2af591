import CVulkan

/// A buffer with sub-allocated memory; owned by one holder, retired (not destroyed) on deinit.
struct DeviceBuffer: ~Copyable {
    let handle: VkBuffer
    let memory: MemoryAllocation
    let size: VkDeviceSize
    private let device: VulkanDevice

    /// A persistently mapped host-visible buffer (staging, uniforms, arrays, readbacks).
    /// `cached` prefers host-cached memory, for buffers the host reads back.
    init(device: VulkanDevice, size: VkDeviceSize, usage: VkBufferUsageFlags, cached: Bool, purpose: String) throws(VulkanError) {
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = size
        info.usage = usage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var buffer: VkBuffer?
        try vkCheck(vkCreateBuffer(device.handle, &info, nil, &buffer), "vkCreateBuffer")
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device.handle, buffer, &requirements)
        let required = vkFlags(VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
        let preferred = cached ? vkFlags(VK_MEMORY_PROPERTY_HOST_CACHED_BIT, VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
                               : vkFlags(VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
        let memory: MemoryAllocation
        do {
            memory = try device.allocator.allocate(requirements, required: required, preferred: preferred, tiling: .linear, purpose: purpose)
        } catch {
            vkDestroyBuffer(device.handle, buffer, nil)
            throw error
        }
        let r = vkBindBufferMemory(device.handle, buffer, memory.memory, memory.offset)
        if r != VK_SUCCESS {
            vkDestroyBuffer(device.handle, buffer, nil)
            device.allocator.free(memory)
            throw .call(function: "vkBindBufferMemory", result: VkResultCode(r))
        }
        self.handle = buffer!
        self.memory = memory
        self.size = size
        self.device = device
        device.created(.buffer(handle))
    }

    var mapped: UnsafeMutableRawPointer {
        guard let p = memory.mapped else { preconditionFailure("buffer memory is not host-visible") }
        return p
    }

    /// This buffer's memory from its start (rounded down to the non-coherent atom) to the end
    /// of the block, for flushes and invalidations.
    private func mappedRange() -> VkMappedMemoryRange {
        var range = VkMappedMemoryRange()
        range.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE
        range.memory = memory.memory
        let atom = device.info.nonCoherentAtomSize
        range.offset = memory.offset / atom * atom
        range.size = VkDeviceSize(VK_WHOLE_SIZE)
        return range
    }

    /// Makes device writes visible to the host when the memory is not coherent.
    func invalidate() throws(VulkanError) {
        guard !memory.isCoherent else { return }
        var range = mappedRange()
        try vkCheck(vkInvalidateMappedMemoryRanges(device.handle, 1, &range), "vkInvalidateMappedMemoryRanges")
    }

    /// Makes host writes visible to the device when the memory is not coherent.
    func flush() throws(VulkanError) {
        guard !memory.isCoherent else { return }
        var range = mappedRange()
        try vkCheck(vkFlushMappedMemoryRanges(device.handle, 1, &range), "vkFlushMappedMemoryRanges")
    }

    deinit { device.retire(.buffer(handle), memory: memory) }
}
