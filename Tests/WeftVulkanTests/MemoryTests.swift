import CVulkan
import Testing
import WeftImage
import WeftRuntime
import WeftTestSupport
@testable import WeftVulkan

struct MemoryBlockTests {
    static func block(size: UInt64) -> MemoryBlock {
        // The handle is never used by the range bookkeeping.
        MemoryBlock(memory: OpaquePointer(bitPattern: 0x1000)!, size: size, mapped: nil, isCoherent: true, memoryType: 0)
    }

    @Test func firstFitWithAlignment() {
        let b = Self.block(size: 1024)
        #expect(b.take(size: 100, alignment: 1) == 0)
        #expect(b.take(size: 100, alignment: 256) == 256)
        #expect(b.take(size: 8, alignment: 4) == 100, "the alignment gap is reused")
        #expect(b.take(size: 1024, alignment: 1) == nil)
    }

    @Test func freedRangesCoalesce() {
        let b = Self.block(size: 1024)
        let x = b.take(size: 256, alignment: 1)!
        let y = b.take(size: 256, alignment: 1)!
        let z = b.take(size: 512, alignment: 1)!
        #expect(b.take(size: 1, alignment: 1) == nil)
        b.give(offset: y, size: 256)
        b.give(offset: x, size: 256)
        #expect(b.take(size: 512, alignment: 1) == 0, "two neighbours merged")
        b.give(offset: 0, size: 512)
        b.give(offset: z, size: 512)
        #expect(b.isEmpty)
    }
}

@Suite(.requiresVulkan)
struct DeferredDestructionTests {
    @Test func resourcesRetiredDuringASubmissionWaitForIt() throws {
        let device = try VulkanDevice(selector: DeviceSelector(requestedName: nil),
                                      instanceOptions: VulkanInstance.Options(validation: true, minimumMessageSeverity: .info))
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.queueFamilyIndex = device.queueFamily
        var pool: VkCommandPool?
        try vkCheck(vkCreateCommandPool(device.handle, &poolInfo, nil, &pool), "vkCreateCommandPool")
        defer { vkDestroyCommandPool(device.handle, pool, nil) }
        var allocInfo = VkCommandBufferAllocateInfo()
        allocInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocInfo.commandPool = pool
        allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocInfo.commandBufferCount = 1
        var cmd: VkCommandBuffer?
        try vkCheck(vkAllocateCommandBuffers(device.handle, &allocInfo, &cmd), "vkAllocateCommandBuffers")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        try vkCheck(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer")
        try vkCheck(vkEndCommandBuffer(cmd), "vkEndCommandBuffer")

        let before = device.memoryStatistics.allocations
        do {
            let texture = try DeviceTexture(device: device, descriptor: TextureDescriptor(width: 8, height: 8, format: .rgba8Unorm))
            #expect(device.memoryStatistics.allocations == before + 1)
            let serial = try device.submit(cmd!)
            _ = consume texture   // retired while the submission may still run
            #expect(device.pendingDestructionCount == 1)
            #expect(device.memoryStatistics.allocations == before + 1, "memory stays allocated until the GPU is done")
            try device.wait(for: serial)
        }
        #expect(device.pendingDestructionCount == 0)
        #expect(device.memoryStatistics.allocations == before)
        // With nothing in flight, retiring frees at once.
        do { _ = try DeviceTexture(device: device, descriptor: TextureDescriptor(width: 4, height: 4, format: .rgba16Float)) }
        #expect(device.pendingDestructionCount == 0)
        #expect(device.memoryStatistics.allocations == before)
        expectNoValidationFailures(device.validationLog.messages)
    }

    @Test func oversizedTexturesAreATypedError() throws {
        let executor = try makeExecutor()
        let limit = Int(executor.vulkanDevice.info.maxImageDimension2D)
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: limit + 1, height: 1, format: .rgba8Unorm))
        plan.passes.append(KernelPass(kernel: try FillKernelTests.positionKernel8(), output: out, frame: frame(output: (limit + 1, 1))))
        #expect {
            try executor.execute(plan)
        } throws: { error in
            guard case let ExecutionError.invalidPlan(message) = error else { return false }
            return message.contains("\(limit + 1)×1") && message.contains("limit of \(limit) pixels per side")
        }
        expectNoValidationFailures(executor.validationMessages)
    }
}

@Suite(.requiresVulkan)
struct DerivativeKernelTests {
    @Test(.enabled(if: !VulkanTestEnvironment.selectedDeviceHasComputeDerivatives, "the device runs derivative kernels as compute"))
    func derivativeKernelsAreRefusedWhereComputeHasNoDerivatives() throws {
        let executor = try makeExecutor()
        var kernel = try FillKernelTests.positionKernel()
        kernel.interface.usesDerivatives = true
        kernel.cacheKey += "-derivatives"
        var plan = RenderPlan()
        let out = plan.addTexture(TextureDescriptor(width: 2, height: 2, format: .rgba16Float))
        plan.passes.append(KernelPass(kernel: kernel, output: out, frame: frame(output: (2, 2))))
        #expect {
            try executor.execute(plan)
        } throws: { error in
            guard case let ExecutionError.backend(_, name?, _, reason) = error else { return false }
            return name == "position" && reason.contains("derivatives")
        }
        expectNoValidationFailures(executor.validationMessages)
    }
}
