import CVulkan
import WeftImage
import WeftRuntime
import WeftShaders

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
    private(set) var renders = 0
    private(set) var lastBarrierCount = 0

    struct DescriptorCounts {
        var sets = 0, storageImages = 0, samplers = 0, uniformBuffers = 0, storageBuffers = 0
        func fits(in other: DescriptorCounts) -> Bool {
            sets <= other.sets && storageImages <= other.storageImages && samplers <= other.samplers
                && uniformBuffers <= other.uniformBuffers && storageBuffers <= other.storageBuffers
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
        // Every render waited for its submission, so nothing here is in use by the GPU.
        vkDestroyCommandPool(device.handle, commandPool, nil)
        if let descriptorPool { device.retire(.descriptorPool(descriptorPool)) }
        if let queryPool { device.retire(.queryPool(queryPool)) }
    }

    // MARK: Host buffers

    private static func align(_ value: Int, _ alignment: Int) -> Int { (value + alignment - 1) / alignment * alignment }

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
            let capacity = DescriptorCounts(sets: max(16, c.sets, counts.sets * 2), storageImages: max(16, c.storageImages, counts.storageImages * 2),
                                            samplers: max(32, c.samplers, counts.samplers * 2), uniformBuffers: max(16, c.uniformBuffers, counts.uniformBuffers * 2),
                                            storageBuffers: max(8, c.storageBuffers, counts.storageBuffers * 2))
            var sizes = [
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, descriptorCount: UInt32(capacity.storageImages)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, descriptorCount: UInt32(capacity.samplers)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, descriptorCount: UInt32(capacity.uniformBuffers)),
                VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: UInt32(capacity.storageBuffers)),
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
        queryPool = pool
        queryCapacity = capacity
        return pool!
    }

    // MARK: One render

    func run(_ plan: RenderPlan, options: ExecutionOptions) throws(VulkanError) -> ExecutionResult {
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

        let kernelPipelines = try plan.passes.map { pass throws(VulkanError) in try pipelines.pipeline(for: pass.kernel) }
        defer { pipelines.saveIfNeeded() }

        // Host-side layout: uploads, argument blocks and arrays in one buffer; readbacks in another.
        let limits = device.info
        let uniformAlign = max(16, Int(limits.minUniformBufferOffsetAlignment))
        let storageAlign = max(16, Int(limits.minStorageBufferOffsetAlignment))
        let uploadIDs = plan.uploads.keys.sorted()
        var uploadOffsets: [Int] = []
        var cursor = 0
        for id in uploadIDs {
            cursor = Self.align(cursor, 16)
            uploadOffsets.append(cursor)
            cursor += plan.uploads[id]!.bytes.count
        }
        var argumentOffsets: [Int?] = []
        var arrayOffsets: [(offset: Int, size: Int)?] = []
        for pass in plan.passes {
            if pass.kernel.interface.argumentBlockSize > 0 {
                cursor = Self.align(cursor, uniformAlign)
                argumentOffsets.append(cursor)
                cursor += pass.arguments.count
            } else {
                argumentOffsets.append(nil)
            }
            if pass.kernel.interface.readsArrays {
                cursor = Self.align(cursor, storageAlign)
                let size = max(16, pass.arrayData.count * 4)
                arrayOffsets.append((cursor, size))
                cursor += size
            } else {
                arrayOffsets.append(nil)
            }
        }
        let uploadSize = max(cursor, 16)
        var readbackIDs: [TextureID] = []
        for id in plan.readbacks where !readbackIDs.contains(id) { readbackIDs.append(id) }
        var readbackOffsets: [Int] = []
        cursor = 0
        for id in readbackIDs {
            cursor = Self.align(cursor, 16)
            readbackOffsets.append(cursor)
            let d = plan.textures[id.index]
            cursor += d.width * d.height * d.format.bytesPerPixel
        }
        let readbackSize = max(cursor, 16)

        let upload = try arena(uploadArena, size: uploadSize,
                               usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                               cached: false, purpose: "upload staging")
        uploadArena = upload
        let readback = try arena(readbackArena, size: readbackSize, usage: vkFlags(VK_BUFFER_USAGE_TRANSFER_DST_BIT),
                                 cached: true, purpose: "readback staging")
        readbackArena = readback

        let base = upload.buffer.mapped
        for (i, id) in uploadIDs.enumerated() {
            plan.uploads[id]!.bytes.withUnsafeBytes { (base + uploadOffsets[i]).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        for (i, pass) in plan.passes.enumerated() {
            if let offset = argumentOffsets[i] {
                pass.arguments.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            }
            if let slot = arrayOffsets[i] {
                (base + slot.offset).initializeMemory(as: UInt8.self, repeating: 0, count: slot.size)
                pass.arrayData.withUnsafeBytes { bytes in
                    if let address = bytes.baseAddress { (base + slot.offset).copyMemory(from: address, byteCount: bytes.count) }
                }
            }
        }
        try upload.buffer.flush()

        // Descriptor sets: one per pass, written in one call.
        var counts = DescriptorCounts()
        for i in plan.passes.indices {
            let shape = kernelPipelines[i].shape
            counts.sets += 1
            counts.storageImages += 1
            counts.samplers += (shape.readsLayer ? 1 : 0) + (shape.readsDestination ? 1 : 0) + shape.imageCount
            counts.uniformBuffers += shape.hasArguments ? 1 : 0
            counts.storageBuffers += shape.readsArrays ? 1 : 0
        }
        let sets = try descriptorSets(for: kernelPipelines.map(\.layout.setLayout), counts: counts)
        writeDescriptors(plan, sets: sets, textures: entries, uploadBuffer: upload.buffer.handle,
                         argumentOffsets: argumentOffsets, arrayOffsets: arrayOffsets)

        // Record.
        try vkCheck(vkResetCommandPool(device.handle, commandPool, 0), "vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = vkFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)
        try vkCheck(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        let cmd = commandBuffer

        let measure = options.measureDeviceTime && device.info.timestampsTrusted
        let queryCount = UInt32(options.repetitions + 1)
        let timestamps: VkQueryPool? = measure ? try timestampPool(count: queryCount) : nil
        if let timestamps { vkCmdResetQueryPool(cmd, timestamps, 0, queryCount) }

        var tracker = BarrierTracker(images: entries.map { $0.texture.image })

        // Uploads, and clears of textures read before anything defines them (so every read is defined).
        var defined = Set(uploadIDs)
        var clears: [TextureID] = []
        for pass in plan.passes {
            for input in [pass.layer, pass.destination].compactMap({ $0 }) + pass.images where !defined.contains(input) {
                clears.append(input)
                defined.insert(input)
            }
            defined.insert(pass.output)
        }
        for id in readbackIDs where !defined.contains(id) { clears.append(id) }
        for id in uploadIDs + clears { tracker.transferWrite(id.index) }
        tracker.flush(cmd)
        for (i, id) in uploadIDs.enumerated() {
            let d = plan.textures[id.index]
            var region = VkBufferImageCopy()
            region.bufferOffset = VkDeviceSize(uploadOffsets[i])
            region.imageSubresource = DeviceTexture.colorLayers
            region.imageExtent = VkExtent3D(width: UInt32(d.width), height: UInt32(d.height), depth: 1)
            vkCmdCopyBufferToImage(cmd, upload.buffer.handle, entries[id.index].texture.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
        }
        var clearColor = VkClearColorValue()
        var clearRange = DeviceTexture.colorRange
        for id in clears {
            vkCmdClearColorImage(cmd, entries[id.index].texture.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &clearColor, 1, &clearRange)
        }

        // Passes, `repetitions` times.
        let computeBind = VK_PIPELINE_BIND_POINT_COMPUTE
        for repetition in 0..<options.repetitions {
            if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(repetition)) }
            var bound: VkPipeline?
            for (i, pass) in plan.passes.enumerated() {
                var inputs = [pass.layer, pass.destination].compactMap { $0 } + pass.images
                inputs = inputs.enumerated().filter { inputs.firstIndex(of: $0.element) == $0.offset }.map(\.element)
                for input in inputs { tracker.shaderRead(input.index) }
                tracker.shaderWrite(pass.output.index)
                tracker.flush(cmd)
                let pipeline = kernelPipelines[i]
                if bound != pipeline.handle {
                    vkCmdBindPipeline(cmd, computeBind, pipeline.handle)
                    bound = pipeline.handle
                }
                var set: VkDescriptorSet? = sets[i]
                vkCmdBindDescriptorSets(cmd, computeBind, pipeline.layout.pipelineLayout, 0, 1, &set, 0, nil)
                pass.frame.bytes.withUnsafeBytes {
                    vkCmdPushConstants(cmd, pipeline.layout.pipelineLayout, vkFlags(VK_SHADER_STAGE_COMPUTE_BIT), 0, UInt32($0.count), $0.baseAddress)
                }
                let d = plan.textures[pass.output.index]
                let (gx, gy) = (KernelABI.workgroupSize.x, KernelABI.workgroupSize.y)
                vkCmdDispatch(cmd, UInt32((d.width + gx - 1) / gx), UInt32((d.height + gy - 1) / gy), 1)
            }
        }
        if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(options.repetitions)) }

        // Readbacks, then make the copies visible to the host.
        for id in readbackIDs { tracker.transferRead(id.index) }
        tracker.flush(cmd)
        for (i, id) in readbackIDs.enumerated() {
            let d = plan.textures[id.index]
            var region = VkBufferImageCopy()
            region.bufferOffset = VkDeviceSize(readbackOffsets[i])
            region.imageSubresource = DeviceTexture.colorLayers
            region.imageExtent = VkExtent3D(width: UInt32(d.width), height: UInt32(d.height), depth: 1)
            vkCmdCopyImageToBuffer(cmd, entries[id.index].texture.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer.handle, 1, &region)
        }
        if !readbackIDs.isEmpty {
            var hostBarrier = VkMemoryBarrier()
            hostBarrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            hostBarrier.srcAccessMask = vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)
            hostBarrier.dstAccessMask = vkFlags(VK_ACCESS_HOST_READ_BIT)
            vkCmdPipelineBarrier(cmd, vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT), vkFlags(VK_PIPELINE_STAGE_HOST_BIT), 0,
                                 1, &hostBarrier, 0, nil, 0, nil)
        }
        try vkCheck(vkEndCommandBuffer(cmd), "vkEndCommandBuffer")
        lastBarrierCount = tracker.barrierCount

        let clock = ContinuousClock()
        let start = clock.now
        let serial = try device.submit(cmd)
        inFlight = true
        try device.wait(for: serial)
        inFlight = false
        let hostTime = clock.now - start

        try readback.buffer.invalidate()
        var outputs: [TextureID: PixelBuffer] = [:]
        for (i, id) in readbackIDs.enumerated() {
            let d = plan.textures[id.index]
            let count = d.width * d.height * d.format.bytesPerPixel
            let bytes = [UInt8](UnsafeRawBufferPointer(start: readback.buffer.mapped + readbackOffsets[i], count: count))
            outputs[id] = PixelBuffer(width: d.width, height: d.height, format: d.format, bytes: bytes)
        }

        var deviceTimes: [Duration] = []
        if let timestamps {
            var ticks = [UInt64](repeating: 0, count: Int(queryCount))
            let r = ticks.withUnsafeMutableBytes { raw in
                vkGetQueryPoolResults(device.handle, timestamps, 0, queryCount, raw.count, raw.baseAddress, 8,
                                      vkFlags(VK_QUERY_RESULT_64_BIT, VK_QUERY_RESULT_WAIT_BIT))
            }
            try vkCheck(r, "vkGetQueryPoolResults")
            let bits = device.info.timestampValidBits
            let mask: UInt64 = bits >= 64 ? .max : (1 << UInt64(bits)) - 1
            let period = Double(device.info.timestampPeriod)
            for k in 0..<options.repetitions {
                let delta = (ticks[k + 1] &- ticks[k]) & mask
                deviceTimes.append(.nanoseconds(Int64((Double(delta) * period).rounded())))
            }
        }
        return ExecutionResult(outputs: outputs, deviceTimes: deviceTimes, hostTime: hostTime)
    }

    private func writeDescriptors(_ plan: RenderPlan, sets: [VkDescriptorSet], textures: [TexturePool.Entry], uploadBuffer: VkBuffer,
                                  argumentOffsets: [Int?], arrayOffsets: [(offset: Int, size: Int)?]) {
        let imageInfoCount = plan.passes.reduce(0) { $0 + 1 + 2 + $1.images.count }
        let imageInfos = UnsafeMutableBufferPointer<VkDescriptorImageInfo>.allocate(capacity: max(imageInfoCount, 1))
        let bufferInfos = UnsafeMutableBufferPointer<VkDescriptorBufferInfo>.allocate(capacity: max(plan.passes.count * 2, 1))
        defer {
            imageInfos.deallocate()
            bufferInfos.deallocate()
        }
        var writes: [VkWriteDescriptorSet] = []
        writes.reserveCapacity(imageInfoCount + plan.passes.count * 2)
        var nextImage = 0, nextBuffer = 0

        func write(_ set: VkDescriptorSet, _ binding: UInt32, _ type: VkDescriptorType,
                   image: VkDescriptorImageInfo? = nil, buffer: VkDescriptorBufferInfo? = nil) {
            var w = VkWriteDescriptorSet()
            w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
            w.dstSet = set
            w.dstBinding = binding
            w.descriptorCount = 1
            w.descriptorType = type
            if let image {
                imageInfos[nextImage] = image
                w.pImageInfo = UnsafePointer(imageInfos.baseAddress! + nextImage)
                nextImage += 1
            }
            if let buffer {
                bufferInfos[nextBuffer] = buffer
                w.pBufferInfo = UnsafePointer(bufferInfos.baseAddress! + nextBuffer)
                nextBuffer += 1
            }
            writes.append(w)
        }
        func sampled(_ id: TextureID) -> VkDescriptorImageInfo {
            // The sampler is immutable in the set layout.
            VkDescriptorImageInfo(sampler: nil, imageView: textures[id.index].texture.view, imageLayout: VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)
        }

        for (i, pass) in plan.passes.enumerated() {
            let set = sets[i]
            let interface = pass.kernel.interface
            write(set, KernelABI.outputBinding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                  image: VkDescriptorImageInfo(sampler: nil, imageView: textures[pass.output.index].texture.view, imageLayout: VK_IMAGE_LAYOUT_GENERAL))
            if interface.readsLayer, let layer = pass.layer {
                write(set, KernelABI.layerBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(layer))
            }
            if interface.readsDestination, let destination = pass.destination {
                write(set, KernelABI.destinationBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(destination))
            }
            if let offset = argumentOffsets[i] {
                write(set, KernelABI.argumentsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                      buffer: VkDescriptorBufferInfo(buffer: uploadBuffer, offset: VkDeviceSize(offset), range: VkDeviceSize(pass.arguments.count)))
            }
            if let slot = arrayOffsets[i] {
                write(set, KernelABI.arraysBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                      buffer: VkDescriptorBufferInfo(buffer: uploadBuffer, offset: VkDeviceSize(slot.offset), range: VkDeviceSize(slot.size)))
            }
            for (k, image) in pass.images.enumerated() {
                write(set, KernelABI.firstImageBinding + UInt32(k), VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, image: sampled(image))
            }
        }
        writes.withUnsafeBufferPointer { vkUpdateDescriptorSets(device.handle, UInt32($0.count), $0.baseAddress, 0, nil) }
    }
}
