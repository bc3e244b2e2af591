import CVulkan
import WeftRuntime
import WeftShaders

extension KernelPass {
    /// The textures the pass samples (layer, destination, images), each once, in binding order.
    var inputs: [TextureID] {
        var unique: [TextureID] = []
        for input in [layer, destination].compactMap({ $0 }) + images where !unique.contains(input) { unique.append(input) }
        return unique
    }
}

/// Records one plan into a command buffer: uploads and clears, `repetitions × passes`
/// dispatches with the barriers `BarrierTracker` derives, timestamps, readbacks.
struct PlanRecording {
    let plan: RenderPlan
    let layout: HostLayout
    let images: [VkImage]
    let pipelines: [KernelPipelines.Pipeline]
    let descriptorSets: [VkDescriptorSet]
    let uploadBuffer: VkBuffer
    let readbackBuffer: VkBuffer
    /// A pool with `repetitions + 1` free queries, when device time is measured.
    let timestamps: VkQueryPool?
    let repetitions: Int

    /// Returns the image barriers recorded and the `vkCmdPipelineBarrier` calls holding them.
    func record(into cmd: VkCommandBuffer) -> (barriers: Int, batches: Int) {
        if let timestamps { vkCmdResetQueryPool(cmd, timestamps, 0, UInt32(repetitions + 1)) }
        var tracker = BarrierTracker(images: images)
        recordUploadsAndClears(cmd, &tracker)
        let frameBytes = plan.passes.map(\.frame.bytes)
        let inputs = plan.passes.map(\.inputs)
        let (gx, gy) = (KernelABI.workgroupSize.x, KernelABI.workgroupSize.y)
        for repetition in 0..<repetitions {
            if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(repetition)) }
            var bound: VkPipeline?
            for (i, pass) in plan.passes.enumerated() {
                for input in inputs[i] { tracker.shaderRead(input.index) }
                tracker.shaderWrite(pass.output.index)
                tracker.flush(cmd)
                let pipeline = pipelines[i]
                if bound != pipeline.handle {
                    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle)
                    bound = pipeline.handle
                }
                var set: VkDescriptorSet? = descriptorSets[i]
                vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout.pipelineLayout, 0, 1, &set, 0, nil)
                frameBytes[i].withUnsafeBytes {
                    vkCmdPushConstants(cmd, pipeline.layout.pipelineLayout, vkFlags(VK_SHADER_STAGE_COMPUTE_BIT), 0, UInt32($0.count), $0.baseAddress)
                }
                let d = plan.textures[pass.output.index]
                vkCmdDispatch(cmd, UInt32((d.width + gx - 1) / gx), UInt32((d.height + gy - 1) / gy), 1)
            }
        }
        if let timestamps { vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, UInt32(repetitions)) }
        recordReadbacks(cmd, &tracker)
        return (tracker.barrierCount, tracker.batchCount)
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
        var defined = Set(layout.uploadIDs)
        var clears: [TextureID] = []
        for pass in plan.passes {
            for input in pass.inputs where !defined.contains(input) {
                clears.append(input)
                defined.insert(input)
            }
            defined.insert(pass.output)
        }
        for id in layout.readbackIDs where !defined.contains(id) { clears.append(id) }
        for id in layout.uploadIDs + clears { tracker.transferWrite(id.index) }
        var firstUseIsWrite = Set(plan.passes.map(\.output)).subtracting(layout.uploadIDs).subtracting(clears)
        for pass in plan.passes {
            for input in pass.inputs { firstUseIsWrite.remove(input) }
            if firstUseIsWrite.remove(pass.output) != nil { tracker.prepareFirstWrite(pass.output.index) }
        }
        tracker.flush(cmd)
        for (i, id) in layout.uploadIDs.enumerated() {
            var copy = region(id, bufferOffset: layout.uploadOffsets[i])
            vkCmdCopyBufferToImage(cmd, uploadBuffer, images[id.index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy)
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
