import CVulkan

/// Tracks each texture's layout and pending accesses within one command buffer and emits the
/// image barriers its next use needs: write→read (RAW), read→write (WAR), write→write (WAW),
/// with layout transitions. Barriers for one pass are batched into a single
/// `vkCmdPipelineBarrier`.
struct BarrierTracker {
    private struct State {
        var layout = VK_IMAGE_LAYOUT_UNDEFINED
        /// Stage and access of the last write not yet covered by a barrier.
        var writeStages: VkPipelineStageFlags = 0
        var writeAccess: VkAccessFlags = 0
        /// Stages that read the texture since its last write.
        var readStages: VkPipelineStageFlags = 0
    }

    private var states: [State]
    private let images: [VkImage]
    private var pending: [VkImageMemoryBarrier] = []
    private var srcStages: VkPipelineStageFlags = 0
    private var dstStages: VkPipelineStageFlags = 0
    private(set) var barrierCount = 0
    private(set) var batchCount = 0

    init(images: [VkImage]) {
        self.images = images
        self.states = Array(repeating: State(), count: images.count)
    }

    private static let computeStage = vkFlags(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
    private static let transferStage = vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT)

    private mutating func transition(_ index: Int, to layout: VkImageLayout, keepContents: Bool,
                                     dstStage: VkPipelineStageFlags, dstAccess: VkAccessFlags) {
        let s = states[index]
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = s.writeAccess
        barrier.dstAccessMask = dstAccess
        barrier.oldLayout = keepContents ? s.layout : VK_IMAGE_LAYOUT_UNDEFINED
        barrier.newLayout = layout
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = images[index]
        barrier.subresourceRange = DeviceTexture.colorRange
        pending.append(barrier)
        srcStages |= s.writeStages | s.readStages
        dstStages |= dstStage
    }

    /// Sampled by a compute kernel.
    mutating func shaderRead(_ index: Int) {
        if states[index].layout != VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL {
            transition(index, to: VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, keepContents: true,
                       dstStage: Self.computeStage, dstAccess: vkFlags(VK_ACCESS_SHADER_READ_BIT))
            states[index].layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL
            states[index].writeStages = 0
            states[index].writeAccess = 0
        }
        states[index].readStages |= Self.computeStage
    }

    /// Moves a texture that nothing has used yet in this command buffer to GENERAL, ahead of
    /// its first write, so that the transition can share the first barrier batch and does not
    /// separate dispatches that are otherwise independent.
    mutating func prepareFirstWrite(_ index: Int) {
        precondition(states[index].layout == VK_IMAGE_LAYOUT_UNDEFINED, "prepareFirstWrite on a texture already in use")
        transition(index, to: VK_IMAGE_LAYOUT_GENERAL, keepContents: false, dstStage: Self.computeStage,
                   dstAccess: vkFlags(VK_ACCESS_SHADER_WRITE_BIT))
        states[index].layout = VK_IMAGE_LAYOUT_GENERAL
    }

    /// Written in full as a storage image; earlier contents are discarded.
    mutating func shaderWrite(_ index: Int) {
        let access = vkFlags(VK_ACCESS_SHADER_WRITE_BIT)
        let s = states[index]
        if s.layout == VK_IMAGE_LAYOUT_GENERAL && s.writeStages == 0 && s.readStages == 0 {
            states[index].writeStages = Self.computeStage
            states[index].writeAccess = access
            return
        }
        transition(index, to: VK_IMAGE_LAYOUT_GENERAL, keepContents: false, dstStage: Self.computeStage, dstAccess: access)
        states[index] = State(layout: VK_IMAGE_LAYOUT_GENERAL, writeStages: Self.computeStage, writeAccess: access, readStages: 0)
    }

    /// Written in full by a transfer (upload copy or clear).
    mutating func transferWrite(_ index: Int) {
        let access = vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)
        transition(index, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, keepContents: false, dstStage: Self.transferStage, dstAccess: access)
        states[index] = State(layout: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, writeStages: Self.transferStage, writeAccess: access, readStages: 0)
    }

    /// Copied out by a transfer (readback).
    mutating func transferRead(_ index: Int) {
        if states[index].layout != VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL {
            transition(index, to: VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, keepContents: true,
                       dstStage: Self.transferStage, dstAccess: vkFlags(VK_ACCESS_TRANSFER_READ_BIT))
            states[index].layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
            states[index].writeStages = 0
            states[index].writeAccess = 0
        }
        states[index].readStages |= Self.transferStage
    }

    /// The layout a texture is in now (what its descriptor must name).
    func layout(_ index: Int) -> VkImageLayout { states[index].layout }

    /// Records the batched barriers, if any.
    mutating func flush(_ commandBuffer: VkCommandBuffer) {
        guard !pending.isEmpty else { return }
        let src = srcStages == 0 ? vkFlags(VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT) : srcStages
        pending.withUnsafeBufferPointer { barriers in
            vkCmdPipelineBarrier(commandBuffer, src, dstStages, 0, 0, nil, 0, nil, UInt32(barriers.count), barriers.baseAddress)
        }
        barrierCount += pending.count
        batchCount += 1
        pending.removeAll(keepingCapacity: true)
        srcStages = 0
        dstStages = 0
    }
}
