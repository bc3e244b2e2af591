import CVulkan
import WeftRuntime

extension KernelPass {
    /// The textures the pass samples (`inputs`), each once, in binding order.
    var distinctInputs: [TextureID] {
        var unique: [TextureID] = []
        for input in inputs where !unique.contains(input) { unique.append(input) }
        return unique
    }
}

/// Records one plan into a command buffer: uploads and clears, `repetitions × passes`
/// dispatches (or, for fragment passes, full-screen triangles) with the barriers
/// `BarrierTracker` derives — one batch before each of the plan's `barrierFreeRuns`, none between its passes —,
/// timestamps, readbacks.
struct PlanRecording {
    let plan: RenderPlan
    let layout: HostLayout
    let images: [VkImage]
    let views: [VkImageView]
    /// The plan's resident textures (`ResidentTextures`): whether earlier frames left each readable.
    let residents: [(id: TextureID, wasReadable: Bool)]
    /// How fragment passes draw: dynamic rendering where the device has it, otherwise the
    /// render pass and framebuffer made for each fragment pass (nil for compute passes).
    let dynamicRendering: DynamicRenderingCommands?
    let renderPassTargets: [RenderPassTarget?]
    let pipelines: [KernelPipelines.Pipeline]
    let descriptorSets: [VkDescriptorSet]
    /// Descriptor set 1 of every pass, by stage: the frame blocks, each pass's at its `HostLayout.frameOffsets` entry.
    let frameSets: [PassStage: VkDescriptorSet]
    let uploadBuffer: VkBuffer
    let readbackBuffer: VkBuffer
    /// A pool with `repetitions + 1` free queries, when device time is measured.
    let timestamps: VkQueryPool?
    let repetitions: Int
    /// The texture blitted into a swapchain image after the passes, instead of being read back.
    var present: (output: TextureID, copy: SwapchainCopy)? = nil

    /// Returns the image barriers recorded and the `vkCmdPipelineBarrier` calls holding them.
    func record(into cmd: VkCommandBuffer) -> (barriers: Int, batches: Int) {
        if let timestamps { vkCmdResetQueryPool(cmd, timestamps, 0, UInt32(repetitions + 1)) }
        var tracker = BarrierTracker(images: images)
        recordUploadsAndClears(cmd, &tracker)
        let inputs = plan.passes.map(\.distinctInputs)
        let runs = plan.barrierFreeRuns
        for repetition in 0..<repetitions {
            if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(repetition)) }
            var bound: VkPipeline?
            for run in runs {
                for i in run {
                    let pass = plan.passes[i]
                    for input in inputs[i] { tracker.shaderRead(input.index, in: pipelines[i].stage) }
                    if pass.kernel.interface.readsOutput {
                        tracker.shaderReadWrite(pass.output.index)
                    } else {
                        tracker.shaderWrite(pass.output.index, by: pipelines[i].stage)
                    }
                }
                tracker.flush(cmd)
                for i in run { record(pass: i, into: cmd, bound: &bound) }
            }
        }
        if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(repetitions)) }
        // The next frame finds resident textures readable, whatever this one did with them.
        for resident in residents {
            tracker.shaderRead(resident.id.index, in: .compute)
            tracker.shaderRead(resident.id.index, in: .fragment)
        }
        tracker.flush(cmd)
        if let present {
            tracker.transferRead(present.output.index)
            tracker.flush(cmd)
            let d = plan.textures[present.output.index]
            present.copy.record(into: cmd, from: images[present.output.index], sourceWidth: d.width, sourceHeight: d.height)
        }
        recordReadbacks(cmd, &tracker)
        return (tracker.barrierCount, tracker.batchCount)
    }

    /// Binds pass `i`'s pipeline (unless `bound` already), its descriptor set and the frame set at its frame block, and
    /// dispatches or draws it.
    private func record(pass i: Int, into cmd: VkCommandBuffer, bound: inout VkPipeline?) {
        let pipeline = pipelines[i]
        let bindPoint = pipeline.stage == .compute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS
        if bound != pipeline.handle {
            vkCmdBindPipeline(cmd, bindPoint, pipeline.handle)
            bound = pipeline.handle
        }
        var sets: (VkDescriptorSet?, VkDescriptorSet?) = (descriptorSets[i], frameSets[pipeline.stage])
        var frameOffset = UInt32(layout.frameOffsets[i])
        withUnsafePointer(to: &sets) { pair in
            pair.withMemoryRebound(to: VkDescriptorSet?.self, capacity: 2) {
                vkCmdBindDescriptorSets(cmd, bindPoint, pipeline.layout.pipelineLayout, 0, 2, $0, 1, &frameOffset)
            }
        }
        switch pipeline.stage {
        case .compute: recordDispatch(cmd, plan.passes[i])
        case .fragment: recordDraw(cmd, pass: i)
        }
    }

    private func recordDispatch(_ cmd: VkCommandBuffer, _ pass: KernelPass) {
        let d = plan.textures[pass.output.index]
        let groups = pass.workgroups(for: pass.dispatchRegion(width: d.width, height: d.height), localSize: KernelABI.workgroupSize)
        vkCmdDispatch(cmd, UInt32(groups.x), UInt32(groups.y), 1)
    }

    /// One full-screen triangle into the pass's output (colour attachment 0, already in
    /// COLOR_ATTACHMENT_OPTIMAL), viewport and scissor the whole texture. Every pixel is
    /// written, so the attachment's old contents are not loaded.
    private func recordDraw(_ cmd: VkCommandBuffer, pass i: Int) {
        let output = plan.passes[i].output
        let d = plan.textures[output.index]
        let area = VkRect2D(offset: VkOffset2D(x: 0, y: 0), extent: VkExtent2D(width: UInt32(d.width), height: UInt32(d.height)))
        if let dynamicRendering {
            var attachment = VkRenderingAttachmentInfo()
            attachment.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO
            attachment.imageView = views[output.index]
            attachment.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
            attachment.resolveMode = VK_RESOLVE_MODE_NONE
            attachment.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE
            attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE
            withUnsafePointer(to: &attachment) { attachmentPtr in
                var info = VkRenderingInfo()
                info.sType = VK_STRUCTURE_TYPE_RENDERING_INFO
                info.renderArea = area
                info.layerCount = 1
                info.colorAttachmentCount = 1
                info.pColorAttachments = attachmentPtr
                dynamicRendering.begin(cmd, &info)
            }
        } else {
            guard let target = renderPassTargets[i] else { preconditionFailure("a fragment pass without a render pass target") }
            var info = VkRenderPassBeginInfo()
            info.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO
            info.renderPass = target.renderPass
            info.framebuffer = target.framebuffer
            info.renderArea = area
            vkCmdBeginRenderPass(cmd, &info, VK_SUBPASS_CONTENTS_INLINE)
        }
        var viewport = VkViewport(x: 0, y: 0, width: Float(d.width), height: Float(d.height), minDepth: 0, maxDepth: 1)
        vkCmdSetViewport(cmd, 0, 1, &viewport)
        var scissor = area
        vkCmdSetScissor(cmd, 0, 1, &scissor)
        vkCmdDraw(cmd, 3, 1, 0, 0)
        if let dynamicRendering { dynamicRendering.end(cmd) } else { vkCmdEndRenderPass(cmd) }
    }

    private func region(_ id: TextureID, bufferOffset: Int) -> VkBufferImageCopy {
        let d = plan.textures[id.index]
        var region = VkBufferImageCopy()
        region.bufferOffset = VkDeviceSize(bufferOffset)
        region.imageSubresource = DeviceTexture.colorLayers
        region.imageExtent = VkExtent3D(width: UInt32(d.width), height: UInt32(d.height), depth: 1)
        return region
    }

    /// Uploads; clears of textures read before anything defines them (so no read ever sees
    /// undefined contents); and, in the same opening batch of barriers, the first-write
    /// transitions of every other output.
    private func recordUploadsAndClears(_ cmd: VkCommandBuffer, _ tracker: inout BarrierTracker) {
        var defined = Set(layout.uploadIDs + residents.map(\.id))
        var clears: [TextureID] = []
        for pass in plan.passes {
            for input in pass.distinctInputs where !defined.contains(input) {
                clears.append(input)
                defined.insert(input)
            }
            defined.insert(pass.output)
        }
        for id in layout.readbackIDs + [present?.output].compactMap({ $0 }) where !defined.contains(id) {
            clears.append(id)
            defined.insert(id)
        }
        for resident in residents where resident.wasReadable { tracker.keptReadable(resident.id.index) }
        for id in layout.uploadIDs + clears { tracker.transferWrite(id.index) }
        for upload in layout.residentUploads {
            tracker.transferWrite(upload.id.index, keepingContents: residents.contains { $0.id == upload.id && $0.wasReadable })
        }
        var firstUseIsWrite = Set(plan.passes.map(\.output)).subtracting(layout.uploadIDs).subtracting(clears)
        for (i, pass) in plan.passes.enumerated() {
            for input in pass.distinctInputs { firstUseIsWrite.remove(input) }
            if firstUseIsWrite.remove(pass.output) != nil { tracker.prepareFirstWrite(pass.output.index, by: pipelines[i].stage) }
        }
        tracker.flush(cmd)
        for (i, id) in layout.uploadIDs.enumerated() {
            var copy = region(id, bufferOffset: layout.uploadOffsets[i])
            vkCmdCopyBufferToImage(cmd, uploadBuffer, images[id.index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy)
        }
        for upload in layout.residentUploads {
            let d = plan.textures[upload.id.index]
            var copy = VkBufferImageCopy()
            copy.bufferOffset = VkDeviceSize(upload.offset)
            copy.imageSubresource = DeviceTexture.colorLayers
            copy.imageOffset = VkOffset3D(x: 0, y: Int32(upload.rows.lowerBound), z: 0)
            copy.imageExtent = VkExtent3D(width: UInt32(d.width), height: UInt32(upload.rows.count), depth: 1)
            vkCmdCopyBufferToImage(cmd, uploadBuffer, images[upload.id.index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy)
        }
        var transparentBlack = VkClearColorValue()
        var range = DeviceTexture.colorRange
        for id in clears {
            vkCmdClearColorImage(cmd, images[id.index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &transparentBlack, 1, &range)
        }
    }

    /// Copies read-back textures to the readback arena and makes the copies visible to the host.
    private func recordReadbacks(_ cmd: VkCommandBuffer, _ tracker: inout BarrierTracker) {
        guard !layout.readbackIDs.isEmpty else { return }
        for id in layout.readbackIDs { tracker.transferRead(id.index) }
        tracker.flush(cmd)
        for (i, id) in layout.readbackIDs.enumerated() {
            var copy = region(id, bufferOffset: layout.readbackOffsets[i])
            vkCmdCopyImageToBuffer(cmd, images[id.index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readbackBuffer, 1, &copy)
        }
        var toHost = VkMemoryBarrier()
        toHost.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        toHost.srcAccessMask = vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)
        toHost.dstAccessMask = vkFlags(VK_ACCESS_HOST_READ_BIT)
        vkCmdPipelineBarrier(cmd, vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT), vkFlags(VK_PIPELINE_STAGE_HOST_BIT), 0, 1, &toHost, 0, nil, 0, nil)
    }
}
