import CVulkan
import WeftImage
import WeftRuntime

/// A persistently mapped host buffer that grows on demand; reused by every render (renders
/// are serialized and each waits for its submission, so reuse never races the GPU).
final class HostArena {
    let buffer: DeviceBuffer
    var capacity: VkDeviceSize { buffer.size }
    init(buffer: consuming DeviceBuffer) { self.buffer = buffer }
}

/// Everything an executor keeps between renders, used only under the executor's lock.
final class RenderState {
    let device: VulkanDevice
    let texturePool: TexturePool
    let pipelines: KernelPipelines
    private let commandPool: VkCommandPool
    private let commandBuffer: VkCommandBuffer
    private var descriptorPool: VkDescriptorPool?
    private var descriptorCapacity = DescriptorCounts()
    private var queryPool: VkQueryPool?
    private var queryCapacity: UInt32 = 0
    private var uploadArena: HostArena?
    private var readbackArena: HostArena?
    /// The checked passes' counters (`CheckCounters`), only once a render was checked.
    private var checkArena: HostArena?
    private(set) var renders = 0
    private(set) var lastBarrierCount = 0
    private(set) var lastBarrierBatchCount = 0

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

    init(device: VulkanDevice, pipelineCache: PipelineCacheLocation) throws(VulkanError) {
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
        let pipelines: KernelPipelines
        do {
            pipelines = try KernelPipelines(device: device, location: pipelineCache)
        } catch {
            vkDestroyCommandPool(device.handle, pool, nil)
            throw error
        }
        self.device = device
        self.commandPool = pool!
        self.commandBuffer = cmd!
        self.texturePool = TexturePool(device: device)
        self.pipelines = pipelines
    }

    deinit {
        // Every render waited for its submission, so nothing here is in use by the GPU —
        // unless the device is lost, and then nothing is destroyed.
        guard !device.isLost else { return }
        vkDestroyCommandPool(device.handle, commandPool, nil)
        if let descriptorPool { device.retire(.descriptorPool(descriptorPool)) }
        if let queryPool { device.retire(.queryPool(queryPool)) }
    }

    // MARK: Host buffers

    private func arena(_ current: HostArena?, size: Int, usage: VkBufferUsageFlags, cached: Bool, purpose: String) throws(VulkanError) -> HostArena {
        if let current, current.capacity >= VkDeviceSize(size) { return current }
        var capacity = max(64 << 10, Int(current?.capacity ?? 0))
        while capacity < size { capacity *= 2 }
        return HostArena(buffer: try DeviceBuffer(device: device, size: VkDeviceSize(capacity), usage: usage, cached: cached, purpose: purpose))
    }

    // MARK: Descriptors

    private func descriptorSets(for layouts: [VkDescriptorSetLayout], counts: DescriptorCounts) throws(VulkanError) -> [VkDescriptorSet] {
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
            // The previous render's sets are no longer in use: it waited for its submission.
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

    private func timestampPool(count: UInt32) throws(VulkanError) -> VkQueryPool {
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

    // MARK: One render

    /// Runs `plan` as one submission, waiting at most `timeout` for it; `checks` runs the passes whose kernels have a
    /// checked variant as that variant and reports what it counted.
    func run(_ plan: RenderPlan, options: ExecutionOptions, timeout: Duration,
             present: (output: TextureID, copy: SwapchainCopy)? = nil, checks: Bool = false) throws(VulkanError) -> ExecutionResult {
        try device.collectGarbage()
        var entries: [TexturePool.Entry] = []
        entries.reserveCapacity(plan.textures.count)
        var inFlight = false
        defer {
            // Textures go back to the pool only when the GPU no longer uses them. If waiting
            // failed, they are dropped instead: their deinit retires them, and deferred
            // destruction frees them once the submission is known to be finished.
            if !inFlight { texturePool.giveBack(entries) }
            renders += 1
        }
        for descriptor in plan.textures { entries.append(try texturePool.take(descriptor)) }
        let kernelPipelines = try plan.passes.map { pass throws(VulkanError) in try pipelines.pipeline(for: pass.kernel, checked: checks) }
        let checkCounters = try self.checkCounters(plan, kernelPipelines)
        defer { pipelines.saveIfNeeded() }

        let layout = HostLayout(plan, device: device.info)
        let upload = try arena(uploadArena, size: layout.uploadSize,
                               usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                               cached: false, purpose: "upload staging")
        uploadArena = upload
        let readback = try arena(readbackArena, size: layout.readbackSize, usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_DST_BIT),
                                 cached: true, purpose: "readback staging")
        readbackArena = readback
        layout.writeUploadData(plan, to: upload.buffer.mapped)
        try upload.buffer.flush()

        let renderPassTargets = try self.renderPassTargets(plan, kernelPipelines, views: entries.map { $0.texture.view })
        defer { for target in renderPassTargets { if let target { device.retire(.framebuffer(target.framebuffer)) } } }
        // One set per pass, then the render's frame sets (descriptor set 1 of compute and of fragment passes).
        var sets = try descriptorSets(for: kernelPipelines.map(\.layout.setLayout) + [pipelines.frameSetLayouts[.compute]!, pipelines.frameSetLayouts[.fragment]!],
                                      counts: DescriptorCounts(kernelPipelines.map(\.shape)))
        let frameSets: [PassStage: VkDescriptorSet] = [.fragment: sets.removeLast(), .compute: sets.removeLast()]
        PlanDescriptors.write(device: device.handle, plan: plan, shapes: kernelPipelines.map(\.shape), sets: sets, frameSets: frameSets,
                              views: entries.map { $0.texture.view }, uploadBuffer: upload.buffer.handle, layout: layout,
                              checkBuffer: checkCounters?.buffer.handle)

        let timestamps: VkQueryPool? = options.measureDeviceTime && device.info.timestampsTrusted
            ? try timestampPool(count: UInt32(options.repetitions + 1)) : nil
        try vkCheck(vkResetCommandPool(device.handle, commandPool, 0), "vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = vkFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)
        try vkCheck(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        var recording = PlanRecording(plan: plan, layout: layout, images: entries.map { $0.texture.image }, views: entries.map { $0.texture.view },
                                      dynamicRendering: device.dynamicRendering, renderPassTargets: renderPassTargets, pipelines: kernelPipelines,
                                      descriptorSets: sets, frameSets: frameSets, uploadBuffer: upload.buffer.handle, readbackBuffer: readback.buffer.handle,
                                      timestamps: timestamps, repetitions: options.repetitions)
        recording.present = present
        (lastBarrierCount, lastBarrierBatchCount) = recording.record(into: commandBuffer)
        if checkCounters != nil { Self.makeShaderWritesHostVisible(commandBuffer) }
        try vkCheck(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")

        let clock = ContinuousClock()
        let start = clock.now
        let kernels = plan.passes.map(\.kernel.name)
        let serial = try device.submit(commandBuffer, kernels: kernels, waitingFor: present?.copy.acquired)
        inFlight = true
        try device.wait(for: serial, timeout: timeout, kernels: kernels)
        inFlight = false
        let hostTime = clock.now - start

        try readback.buffer.invalidate()
        let outputs = layout.readOutputs(plan, from: readback.buffer.mapped)
        let deviceTimes = try timestamps.map { pool throws(VulkanError) in try repetitionTimes(pool, repetitions: options.repetitions) } ?? []
        let reports = try checkCounters.map { arena throws(VulkanError) in try checkReports(plan, kernelPipelines, arena) } ?? []
        return ExecutionResult(outputs: outputs, deviceTimes: deviceTimes, hostTime: hostTime, reports: reports,
                               barriers: BarrierCounts(barriers: lastBarrierCount, batches: lastBarrierBatchCount))
    }

    // MARK: Checked passes

    /// The counters of the plan's checked passes, a slot per pass, set to their initial words; nil when none is checked.
    private func checkCounters(_ plan: RenderPlan, _ pipelines: [KernelPipelines.Pipeline]) throws(VulkanError) -> HostArena? {
        guard pipelines.contains(where: \.shape.checked) else { return nil }
        let arena = try arena(checkArena, size: plan.passes.count * CheckCounters.slotStride,
                              usage: vkFlags(VK_BUFFER_USAGE_STORAGE_BUFFER_BIT), cached: true, purpose: "check counters")
        checkArena = arena
        for (i, pass) in plan.passes.enumerated() where pipelines[i].shape.checked {
            let words = CheckCounters.initial(limit: pass.maxSampleOffset)
            words.withUnsafeBytes { arena.buffer.mapped.advanced(by: i * CheckCounters.slotStride).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        try arena.buffer.flush()
        return arena
    }

    /// What the checked passes counted, read after the submission finished (with repetitions, the counts of them all).
    private func checkReports(_ plan: RenderPlan, _ pipelines: [KernelPipelines.Pipeline], _ arena: HostArena) throws(VulkanError) -> [ExecutionReport] {
        try arena.buffer.invalidate()
        var reports: [ExecutionReport] = []
        for (i, pass) in plan.passes.enumerated() where pipelines[i].shape.checked {
            let slot = arena.buffer.mapped.advanced(by: i * CheckCounters.slotStride)
            let words = (0..<CheckCounters.words).map { slot.load(fromByteOffset: $0 * 4, as: UInt32.self) }
            reports += CheckCounters.reports(kernel: pass.kernel.name, limit: pass.maxSampleOffset, slot: words)
        }
        return reports
    }

    /// The counters are written by shaders and read by the host after the fence.
    private static func makeShaderWritesHostVisible(_ commandBuffer: VkCommandBuffer) {
        var barrier = VkMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        barrier.srcAccessMask = vkFlags(VK_ACCESS_SHADER_WRITE_BIT)
        barrier.dstAccessMask = vkFlags(VK_ACCESS_HOST_READ_BIT)
        vkCmdPipelineBarrier(commandBuffer, vkFlags(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT), vkFlags(VK_PIPELINE_STAGE_HOST_BIT), 0,
                             1, &barrier, 0, nil, 0, nil)
    }

    /// Without dynamic rendering, a render pass and a framebuffer for each fragment pass
    /// (retired after the render; deferred destruction keeps them until the GPU is done).
    private func renderPassTargets(_ plan: RenderPlan, _ pipelines: [KernelPipelines.Pipeline],
                                   views: [VkImageView]) throws(VulkanError) -> [RenderPassTarget?] {
        guard device.dynamicRendering == nil else { return Array(repeating: nil, count: plan.passes.count) }
        var targets: [RenderPassTarget?] = []
        do {
            for (i, pass) in plan.passes.enumerated() {
                guard pipelines[i].stage == .fragment else {
                    targets.append(nil)
                    continue
                }
                let d = plan.textures[pass.output.index]
                let renderPass = try self.pipelines.renderPass(for: d.format)
                let framebuffer = try self.pipelines.framebuffer(renderPass, view: views[pass.output.index], width: d.width, height: d.height)
                targets.append(RenderPassTarget(renderPass: renderPass, framebuffer: framebuffer))
            }
        } catch {
            for target in targets { if let target { device.retire(.framebuffer(target.framebuffer)) } }
            throw error
        }
        return targets
    }

    /// Durations between consecutive timestamps 0…repetitions.
    private func repetitionTimes(_ pool: VkQueryPool, repetitions: Int) throws(VulkanError) -> [Duration] {
        var ticks = [UInt64](repeating: 0, count: repetitions + 1)
        let r = ticks.withUnsafeMutableBytes { raw in
            vkGetQueryPoolResults(device.handle, pool, 0, UInt32(repetitions + 1), raw.count, raw.baseAddress, 8,
                                  vkFlags(VK_QUERY_RESULT_64_BIT, VK_QUERY_RESULT_WAIT_BIT))
        }
        try vkCheck(r, "vkGetQueryPoolResults")
        let bits = device.info.timestampValidBits
        let mask: UInt64 = bits >= 64 ? .max : (1 << UInt64(bits)) - 1
        let period = Double(device.info.timestampPeriod)
        return (0..<repetitions).map { k in
            .nanoseconds(Int64((Double((ticks[k + 1] &- ticks[k]) & mask) * period).rounded()))
        }
    }
}
