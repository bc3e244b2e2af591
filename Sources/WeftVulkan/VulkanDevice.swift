import CVulkan
import Synchronization

/// A GPU handle that may only be destroyed once the GPU has finished with it.
enum RetiredResource {
    case image(VkImage, view: VkImageView?)
    case buffer(VkBuffer)
    case pipeline(VkPipeline)
    case descriptorPool(VkDescriptorPool)
    case queryPool(VkQueryPool)
    case framebuffer(VkFramebuffer)
    case renderPass(VkRenderPass)
}

/// A resource retired while submissions were in flight, with its memory: both are given back once submission `serial`
/// has finished.
private final class Retirement {
    let serial: UInt64
    let resource: RetiredResource
    var memory: MemoryAllocation?

    init(serial: UInt64, resource: RetiredResource, memory: consuming MemoryAllocation?) {
        self.serial = serial
        self.resource = resource
        self.memory = memory
    }
}

/// The logical device: one compute queue, the memory sub-allocator, the kernel ABI's one
/// sampler, and deferred destruction. Every submission gets a serial and a fence; a retired
/// resource is destroyed only after every submission made before it was retired has finished
/// (Granite-style retire lists).
///
/// A submission that does not finish within its timeout, or VK_ERROR_DEVICE_LOST, makes the
/// device *lost*: every later use throws `VulkanError.deviceUnusable`, nothing is destroyed (that
/// would wait for work that may never finish), and the device and its instance are kept alive
/// for the rest of the process rather than torn down. A new device can be opened beside it.
public final class VulkanDevice: @unchecked Sendable {
    public let instance: VulkanInstance
    public let info: VulkanDeviceInfo
    let physical: VkPhysicalDevice
    let handle: VkDevice
    let queue: VkQueue
    let queueFamily: UInt32
    let allocator: MemoryAllocator
    /// Linear min/mag, nearest mip, clamp-to-edge, normalized coordinates, LOD 0 (docs/kernel-abi.md).
    let sampler: VkSampler
    /// Present when derivative kernels run as fragment passes (`info.fragmentPassFallback`) and
    /// the device has dynamic rendering; otherwise fragment passes use render passes.
    let dynamicRendering: DynamicRenderingCommands?

    private let lock = Mutex(())
    private var lastSubmitted: UInt64 = 0
    private var lastCompleted: UInt64 = 0
    private var inFlight: [(serial: UInt64, fence: VkFence)] = []
    private var spareFences: [VkFence] = []
    /// Threads blocked in `wait(for:)`, by serial, and finished fences they still hold.
    private var waiters: [UInt64: Int] = [:]
    private var completedWhileWatched: [UInt64: VkFence] = [:]
    private var retired: [Retirement] = []
    /// Why the device is lost; nil while it is usable.
    private var lossCause: String?
    private var liveObjects = VulkanObjectCounts()

    /// Creates an instance, selects a device and opens it.
    public convenience init(selector: DeviceSelector = DeviceSelector(),
                            instanceOptions: VulkanInstance.Options = VulkanInstance.Options()) throws(VulkanError) {
        let instance = try VulkanInstance(instanceOptions)
        try self.init(instance: instance, device: try selector.select(from: instance.devices))
    }

    /// Opens `info` on `instance`; `presenting` also enables VK_KHR_swapchain, so that a `VulkanPresenter` can show this
    /// device's textures through its queue (the instance then needs the window system's surface extensions).
    public init(instance: VulkanInstance, device info: VulkanDeviceInfo, presenting: Bool = false) throws(VulkanError) {
        guard let family = info.computeQueueFamily else {
            throw .noSuitableDevice(requestedName: nil, candidates: DeviceSelector(requestedName: nil).candidates([info]))
        }
        let physical = instance.physicalDevices[info.index]
        var device: VkDevice?
        var derivatives = VkPhysicalDeviceComputeShaderDerivativesFeaturesNV()
        derivatives.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COMPUTE_SHADER_DERIVATIVES_FEATURES_NV
        derivatives.computeDerivativeGroupQuads = VkBool32(VK_TRUE)
        var dynamicRenderingFeature = VkPhysicalDeviceDynamicRenderingFeatures()
        dynamicRenderingFeature.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES
        dynamicRenderingFeature.dynamicRendering = VkBool32(VK_TRUE)
        var extensions: [String] = []
        if info.computeDerivatives { extensions.append(VulkanDeviceInfo.computeDerivativesExtension) }
        let enablesDynamicRendering = info.fragmentPassFallback && info.dynamicRendering
        if enablesDynamicRendering { extensions.append(VulkanDeviceInfo.dynamicRenderingExtension) }
        if presenting { extensions.append("VK_KHR_swapchain") }
        var executableInfo = VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR()
        executableInfo.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR
        executableInfo.pipelineExecutableInfo = VkBool32(VK_TRUE)
        if info.pipelineExecutableInfo { extensions.append(VulkanDeviceInfo.pipelineExecutablePropertiesExtension) }
        let r = withUnsafeMutablePointer(to: &derivatives) { derivativesPtr in
            withUnsafeMutablePointer(to: &dynamicRenderingFeature) { dynamicRenderingPtr in
                withUnsafeMutablePointer(to: &executableInfo) { executableInfoPtr in
                    // The first two are exclusive: the fallback is for devices without compute derivatives.
                    let chosen: UnsafeMutableRawPointer? = info.computeDerivatives ? UnsafeMutableRawPointer(derivativesPtr)
                        : enablesDynamicRendering ? UnsafeMutableRawPointer(dynamicRenderingPtr) : nil
                    var features = chosen
                    if info.pipelineExecutableInfo {
                        executableInfoPtr.pointee.pNext = chosen
                        features = UnsafeMutableRawPointer(executableInfoPtr)
                    }
                    return createLogicalDevice(physical, family: family, extensions: extensions,
                                               features: features.map { UnsafeRawPointer($0) }, into: &device)
                }
            }
        }
        if r == VK_ERROR_EXTENSION_NOT_PRESENT && presenting { throw .extensionMissing("VK_KHR_swapchain") }
        try vkCheck(r, "vkCreateDevice")
        guard let device else { throw .call(function: "vkCreateDevice", result: VkResultCode(VK_ERROR_INITIALIZATION_FAILED)) }
        var queue: VkQueue?
        vkGetDeviceQueue(device, family, 0, &queue)
        let dynamicRendering = enablesDynamicRendering ? DynamicRenderingCommands(device: device) : nil
        if enablesDynamicRendering && dynamicRendering == nil {
            vkDestroyDevice(device, nil)
            throw .extensionMissing(VulkanDeviceInfo.dynamicRenderingExtension)
        }

        var samplerInfo = VkSamplerCreateInfo()
        samplerInfo.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO
        samplerInfo.magFilter = VK_FILTER_LINEAR
        samplerInfo.minFilter = VK_FILTER_LINEAR
        samplerInfo.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST
        samplerInfo.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        samplerInfo.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        samplerInfo.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
        samplerInfo.anisotropyEnable = VkBool32(VK_FALSE)
        samplerInfo.maxAnisotropy = 1
        samplerInfo.minLod = 0
        samplerInfo.maxLod = 0
        samplerInfo.unnormalizedCoordinates = VkBool32(VK_FALSE)
        var sampler: VkSampler?
        let sr = vkCreateSampler(device, &samplerInfo, nil, &sampler)
        if sr != VK_SUCCESS {
            vkDestroyDevice(device, nil)
            throw .call(function: "vkCreateSampler", result: VkResultCode(sr))
        }

        var memoryProperties = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physical, &memoryProperties)

        self.instance = instance
        self.info = info
        self.physical = physical
        self.handle = device
        self.queue = queue!
        self.queueFamily = family
        self.sampler = sampler!
        self.dynamicRendering = dynamicRendering
        self.allocator = MemoryAllocator(device: device, memoryProperties: memoryProperties)
    }

    deinit {
        // A lost device is never released (`markLost`), so this runs only for a usable one.
        vkDeviceWaitIdle(handle)
        for entry in retired { destroy(entry.resource, entry.memory.take()) }
        for entry in inFlight { vkDestroyFence(handle, entry.fence, nil) }
        for fence in spareFences + completedWhileWatched.values { vkDestroyFence(handle, fence, nil) }
        vkDestroySampler(handle, sampler, nil)
        allocator.destroyAll()
        vkDestroyDevice(handle, nil)
    }

    /// Messages the validation layer reported (empty without validation).
    public var validationLog: ValidationLog { instance.validationLog }

    /// Memory sub-allocation statistics.
    var memoryStatistics: MemoryAllocator.Statistics { allocator.statistics }

    // MARK: Loss

    /// Whether the device is lost (a submission timed out, or the driver reported
    /// VK_ERROR_DEVICE_LOST); a lost device runs nothing more.
    public var isLost: Bool { lock.withLock { _ in lossCause != nil } }

    /// Marks the device lost (under `lock`) and keeps it, and so its instance, alive for good:
    /// destroying a device whose queue may still be running (lavapipe keeps a runaway shader
    /// spinning) would hang or break the rules of object destruction.
    private func markLost(_ cause: String) {
        guard lossCause == nil else { return }
        lossCause = cause
        _ = Unmanaged.passRetained(self)
    }

    /// Throws `deviceUnusable` when the device is lost (call under `lock`).
    private func checkUsable() throws(VulkanError) {
        if let lossCause { throw .deviceUnusable(cause: lossCause) }
    }

    /// A failed call's error; VK_ERROR_DEVICE_LOST also marks the device lost (call under `lock`).
    private func failure(_ result: VkResult, _ function: String, kernels: [String]) -> VulkanError {
        guard result == VK_ERROR_DEVICE_LOST else { return .call(function: function, result: VkResultCode(result)) }
        let error = VulkanError.deviceLost(function: function, kernels: kernels)
        markLost("VK_ERROR_DEVICE_LOST from \(function) while running \(VulkanError.effects(kernels))")
        return error
    }

    // MARK: Submissions

    /// Submits command buffers with a fresh fence; returns the submission's serial. `kernels`
    /// name the work, for errors.
    /// With `semaphore`, the submission's transfers wait for it (a swapchain image's acquisition, `SwapchainCopy`).
    func submit(_ commandBuffer: VkCommandBuffer, kernels: [String] = [], waitingFor semaphore: VkSemaphore? = nil) throws(VulkanError) -> UInt64 {
        try lock.withLock { _ throws(VulkanError) -> UInt64 in
            try checkUsable()
            let fence: VkFence
            if let spare = spareFences.popLast() {
                fence = spare
                var f: VkFence? = fence
                try vkCheck(vkResetFences(handle, 1, &f), "vkResetFences")
            } else {
                var info = VkFenceCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
                var f: VkFence?
                try vkCheck(vkCreateFence(handle, &info, nil, &f), "vkCreateFence")
                fence = f!
            }
            var cmd: VkCommandBuffer? = commandBuffer
            var wait: VkSemaphore? = semaphore
            var stage = vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT)
            var submit = VkSubmitInfo()
            submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
            submit.commandBufferCount = 1
            let r = withUnsafePointer(to: &cmd) { cmdPtr in
                withUnsafePointer(to: &wait) { waitPtr in
                    withUnsafePointer(to: &stage) { stagePtr in
                        submit.pCommandBuffers = cmdPtr
                        if semaphore != nil {
                            submit.waitSemaphoreCount = 1
                            submit.pWaitSemaphores = waitPtr
                            submit.pWaitDstStageMask = stagePtr
                        }
                        return vkQueueSubmit(queue, 1, &submit, fence)
                    }
                }
            }
            if r != VK_SUCCESS {
                spareFences.append(fence)
                throw failure(r, "vkQueueSubmit", kernels: kernels)
            }
            lastSubmitted += 1
            inFlight.append((lastSubmitted, fence))
            return lastSubmitted
        }
    }

    /// Blocks until submission `serial` (and every earlier one) has finished, then frees what
    /// became safe to free. Several threads may wait at once: a fence being waited on is not
    /// recycled until its last waiter is done. Past `timeout` the device is lost and the wait
    /// throws `submissionTimedOut` naming `kernels`.
    func wait(for serial: UInt64, timeout: Duration = .seconds(Int64.max), kernels: [String] = []) throws(VulkanError) {
        let fence: VkFence? = try lock.withLock { _ throws(VulkanError) -> VkFence? in
            try checkUsable()
            guard serial > lastCompleted, let fence = inFlight.first(where: { $0.serial == serial })?.fence else { return nil }
            waiters[serial, default: 0] += 1
            return fence
        }
        if let fence {
            var f: VkFence? = fence
            let r = vkWaitForFences(handle, 1, &f, VkBool32(VK_TRUE), Self.nanoseconds(timeout))
            try lock.withLock { _ throws(VulkanError) in
                waiters[serial]! -= 1
                if waiters[serial] == 0 {
                    waiters[serial] = nil
                    if let watched = completedWhileWatched.removeValue(forKey: serial) { spareFences.append(watched) }
                }
                if r == VK_TIMEOUT {
                    markLost("\(VulkanError.effects(kernels)) ran past the timeout of \(VulkanError.seconds(timeout))")
                    throw .submissionTimedOut(kernels: kernels, timeout: timeout)
                }
                if r.rawValue < 0 { throw failure(r, "vkWaitForFences", kernels: kernels) }
            }
        }
        try collectGarbage()
    }

    /// `duration` in nanoseconds for vkWaitForFences, UInt64.max when it does not fit.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflow2) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow2 ? .max : total
    }

    /// Polls fences in submission order and destroys retired resources whose submissions finished.
    func collectGarbage() throws(VulkanError) {
        try lock.withLock { _ throws(VulkanError) in
            try checkUsable()
            while let first = inFlight.first {
                let status = vkGetFenceStatus(handle, first.fence)
                if status == VK_NOT_READY { break }
                if status.rawValue < 0 { throw failure(status, "vkGetFenceStatus", kernels: []) }
                inFlight.removeFirst()
                if waiters[first.serial] != nil {
                    completedWhileWatched[first.serial] = first.fence
                } else {
                    spareFences.append(first.fence)
                }
                lastCompleted = first.serial
            }
            let done = retired.filter { $0.serial <= lastCompleted }
            retired.removeAll { $0.serial <= lastCompleted }
            for entry in done { destroy(entry.resource, entry.memory.take()) }
        }
    }

    /// Queues `resource` (and its memory) for destruction once the GPU is done with every
    /// submission made so far.
    /// On a lost device nothing is destroyed.
    func retire(_ resource: RetiredResource, memory: consuming MemoryAllocation? = nil) {
        var memory = memory
        lock.withLock { _ in
            if lossCause != nil { return }
            if lastSubmitted == lastCompleted {
                destroy(resource, memory.take())
            } else {
                retired.append(Retirement(serial: lastSubmitted, resource: resource, memory: memory.take()))
            }
        }
    }

    /// Runs `body` with the device's queue while no submission of the executor can use it (a presenter's submit and
    /// present on the same queue); throws `deviceUnusable` on a lost device.
    func withQueue<R>(_ body: (VkQueue) -> R) throws(VulkanError) -> R {
        try lock.withLock { _ throws(VulkanError) -> R in
            try checkUsable()
            return body(queue)
        }
    }

    /// Marks the device lost after `function` returned VK_ERROR_DEVICE_LOST outside a submission (presenting).
    func lost(_ result: VkResult, _ function: String) -> VulkanError {
        lock.withLock { _ in failure(result, function, kernels: []) }
    }

    /// Submissions made so far.
    var submissionCount: UInt64 { lock.withLock { _ in lastSubmitted } }

    /// Resources waiting for the GPU before they can be destroyed.
    var pendingDestructionCount: Int { lock.withLock { _ in retired.count } }

    /// Counts `resource`, just created, as live until it is destroyed.
    func created(_ resource: RetiredResource) {
        lock.withLock { _ in liveObjects.add(resource, 1) }
    }

    /// Vulkan objects created and not yet destroyed.
    public var objectCounts: VulkanObjectCounts {
        lock.withLock { _ in
            var counts = liveObjects
            counts.pendingDestruction = retired.count
            return counts
        }
    }

    private func destroy(_ resource: RetiredResource, _ memory: consuming MemoryAllocation?) {
        liveObjects.add(resource, -1)
        switch resource {
        case let .image(image, view):
            if let view { vkDestroyImageView(handle, view, nil) }
            vkDestroyImage(handle, image, nil)
        case let .buffer(buffer): vkDestroyBuffer(handle, buffer, nil)
        case let .pipeline(pipeline): vkDestroyPipeline(handle, pipeline, nil)
        case let .descriptorPool(pool): vkDestroyDescriptorPool(handle, pool, nil)
        case let .queryPool(pool): vkDestroyQueryPool(handle, pool, nil)
        case let .framebuffer(framebuffer): vkDestroyFramebuffer(handle, framebuffer, nil)
        case let .renderPass(renderPass): vkDestroyRenderPass(handle, renderPass, nil)
        }
        if let memory { allocator.free(memory) }
    }
}
