import CVulkan

/// A window's Vulkan surface, destroyed when its one owner goes. It holds its instance, so the instance outlives it.
struct PresentSurface: ~Copyable {
    let handle: VkSurfaceKHR
    private let instance: VulkanInstance

    init(_ handle: VkSurfaceKHR, on instance: VulkanInstance) {
        self.handle = handle
        self.instance = instance
    }

    deinit { vkDestroySurfaceKHR(instance.handle, handle, nil) }
}

/// The presenter's logical device with what one frame in flight needs: a queue that can present, a command buffer, the
/// fence its submission signals and the semaphore an acquired image signals. The device is its own, or an executor's
/// `VulkanDevice` shared with it (`shared`: then the queue is used only through `VulkanDevice.withQueue`). Destroyed once,
/// when its one owner goes, after the device has finished its work. It holds its instance (and a shared device), so
/// they outlive it.
struct PresentDevice: ~Copyable {
    let handle: VkDevice
    let queue: VkQueue
    let commandPool: VkCommandPool
    let commandBuffer: VkCommandBuffer
    let frameDone: VkFence
    let acquired: VkSemaphore
    let shared: VulkanDevice?
    private let instance: VulkanInstance

    init(instance: VulkanInstance, physical: VkPhysicalDevice, family: UInt32) throws(VulkanError) {
        var device: VkDevice?
        let r = createLogicalDevice(physical, family: family, extensions: ["VK_KHR_swapchain"], features: nil, into: &device)
        if r == VK_ERROR_EXTENSION_NOT_PRESENT { throw .extensionMissing("VK_KHR_swapchain") }
        try vkCheck(r, "vkCreateDevice")
        guard let device else { throw .call(function: "vkCreateDevice", result: VkResultCode(VK_ERROR_INITIALIZATION_FAILED)) }
        var queue: VkQueue?
        vkGetDeviceQueue(device, family, 0, &queue)
        try self.init(instance: instance, device: device, queue: queue, family: family, shared: nil)
    }

    /// On `shared`'s device and queue (opened with `presenting`).
    init(shared: VulkanDevice) throws(VulkanError) {
        try self.init(instance: shared.instance, device: shared.handle, queue: shared.queue, family: shared.queueFamily, shared: shared)
    }

    private init(instance: VulkanInstance, device: VkDevice, queue: VkQueue?, family: UInt32, shared: VulkanDevice?) throws(VulkanError) {

        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.flags = vkFlags(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT)
        poolInfo.queueFamilyIndex = family
        var pool: VkCommandPool?
        var commandBuffer: VkCommandBuffer?
        var fence: VkFence?
        var semaphore: VkSemaphore?
        var step = vkCreateCommandPool(device, &poolInfo, nil, &pool)
        if step == VK_SUCCESS {
            var allocateInfo = VkCommandBufferAllocateInfo()
            allocateInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
            allocateInfo.commandPool = pool
            allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
            allocateInfo.commandBufferCount = 1
            step = vkAllocateCommandBuffers(device, &allocateInfo, &commandBuffer)
        }
        if step == VK_SUCCESS {
            var fenceInfo = VkFenceCreateInfo()
            fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
            fenceInfo.flags = vkFlags(VK_FENCE_CREATE_SIGNALED_BIT)
            step = vkCreateFence(device, &fenceInfo, nil, &fence)
        }
        if step == VK_SUCCESS {
            var semaphoreInfo = VkSemaphoreCreateInfo()
            semaphoreInfo.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO
            step = vkCreateSemaphore(device, &semaphoreInfo, nil, &semaphore)
        }
        guard step == VK_SUCCESS, let queue, let pool, let commandBuffer, let fence, let semaphore else {
            if let fence { vkDestroyFence(device, fence, nil) }
            if let pool { vkDestroyCommandPool(device, pool, nil) }
            if shared == nil { vkDestroyDevice(device, nil) }
            throw .call(function: "presenter setup", result: VkResultCode(step == VK_SUCCESS ? VK_ERROR_INITIALIZATION_FAILED : step))
        }
        self.handle = device
        self.queue = queue
        self.commandPool = pool
        self.commandBuffer = commandBuffer
        self.frameDone = fence
        self.acquired = semaphore
        self.shared = shared
        self.instance = instance
    }

    deinit {
        // A lost shared device is never waited on or torn down (`VulkanDevice`).
        if let shared, shared.isLost { return }
        waitIdle()
        vkDestroySemaphore(handle, acquired, nil)
        vkDestroyFence(handle, frameDone, nil)
        vkDestroyCommandPool(handle, commandPool, nil)
        if shared == nil { vkDestroyDevice(handle, nil) }
    }

    /// Runs `body` with the queue, under the shared device's lock when there is one.
    func withQueue<R>(_ body: (VkQueue) -> R) throws(VulkanError) -> R {
        if let shared { return try shared.withQueue(body) }
        return body(queue)
    }

    /// `vkDeviceWaitIdle`, which must not overlap another use of the queue.
    @discardableResult
    func waitIdle() -> VkResult {
        (try? withQueue { _ in vkDeviceWaitIdle(handle) }) ?? VK_ERROR_DEVICE_LOST
    }
}
