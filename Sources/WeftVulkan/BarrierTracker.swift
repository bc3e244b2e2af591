import CVulkan

/// How a pass runs, which fixes how it reads its inputs and writes its output.
enum PassStage: Hashable {
    /// A compute dispatch: inputs sampled and the output stored (GENERAL) in the compute stage.
    case compute
    /// A fragment pass (derivative kernels without compute derivatives): inputs sampled in
    /// the fragment stage, the output written as colour attachment 0.
    case fragment

    var shaderStage: VkPipelineStageFlags {
        switch self {
        case .compute: vkFlags(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
        case .fragment: vkFlags(VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT)
        }
    }

    var outputLayout: VkImageLayout {
        switch self {
        case .compute: VK_IMAGE_LAYOUT_GENERAL
        case .fragment: VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
        }
    }

    var outputStage: VkPipelineStageFlags {
        switch self {
        case .compute: vkFlags(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
        case .fragment: vkFlags(VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT)
        }
    }

    var outputAccess: VkAccessFlags {
        switch self {
        case .compute: vkFlags(VK_ACCESS_SHADER_WRITE_BIT)
        case .fragment: vkFlags(VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT)
        }
    }
}

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
        /// The last write (covered or not), and the stages it has been made visible to: a read
        /// in another stage needs a barrier of its own even when the layout is already right.
        var lastWriteStages: VkPipelineStageFlags = 0
        var lastWriteAccess: VkAccessFlags = 0
        var visibleStages: VkPipelineStageFlags = 0
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

    private static let transferStage = vkFlags(VK_PIPELINE_STAGE_TRANSFER_BIT)

    private mutating func barrier(_ index: Int, from oldLayout: VkImageLayout, to layout: VkImageLayout,
                                  srcStage: VkPipelineStageFlags, srcAccess: VkAccessFlags,
                                  dstStage: VkPipelineStageFlags, dstAccess: VkAccessFlags) {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = srcAccess
        barrier.dstAccessMask = dstAccess
        barrier.oldLayout = oldLayout
        barrier.newLayout = layout
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = images[index]
        barrier.subresourceRange = DeviceTexture.colorRange
        pending.append(barrier)
        srcStages |= srcStage
        dstStages |= dstStage
    }

    private mutating func transition(_ index: Int, to layout: VkImageLayout, keepContents: Bool,
                                     dstStage: VkPipelineStageFlags, dstAccess: VkAccessFlags) {
        let s = states[index]
        barrier(index, from: keepContents ? s.layout : VK_IMAGE_LAYOUT_UNDEFINED, to: layout,
                srcStage: s.writeStages | s.readStages, srcAccess: s.writeAccess, dstStage: dstStage, dstAccess: dstAccess)
    }

    /// Sampled by a shader of `stage`.
    mutating func shaderRead(_ index: Int, in stage: PassStage) {
        let readStage = stage.shaderStage
        let readOnly = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL
        let s = states[index]
        if s.layout != readOnly {
            transition(index, to: readOnly, keepContents: true, dstStage: readStage, dstAccess: vkFlags(VK_ACCESS_SHADER_READ_BIT))
            states[index].layout = readOnly
            states[index].writeStages = 0
            states[index].writeAccess = 0
            states[index].visibleStages = readStage
        } else if s.lastWriteStages != 0 && s.visibleStages & readStage == 0 {
            // Already readable by another stage: make the same write visible to this one too.
            barrier(index, from: readOnly, to: readOnly, srcStage: s.lastWriteStages, srcAccess: s.lastWriteAccess,
                    dstStage: readStage, dstAccess: vkFlags(VK_ACCESS_SHADER_READ_BIT))
            states[index].visibleStages |= readStage
        }
        states[index].readStages |= readStage
    }

    /// Moves a texture that nothing has used yet in this command buffer to the layout a pass of
    /// `stage` writes it in, ahead of its first write, so that the transition can share the first
    /// barrier batch and does not separate dispatches that are otherwise independent.
    mutating func prepareFirstWrite(_ index: Int, by stage: PassStage) {
        precondition(states[index].layout == VK_IMAGE_LAYOUT_UNDEFINED, "prepareFirstWrite on a texture already in use")
        transition(index, to: stage.outputLayout, keepContents: false, dstStage: stage.outputStage, dstAccess: stage.outputAccess)
        states[index].layout = stage.outputLayout
    }

    /// Read and written in place by a compute pass (`KernelInterface.readsOutput`): earlier contents are kept and the
    /// last write is made visible to it.
    mutating func shaderReadWrite(_ index: Int) {
        let stage = PassStage.compute
        let s = states[index]
        let access = vkFlags(VK_ACCESS_SHADER_READ_BIT) | vkFlags(VK_ACCESS_SHADER_WRITE_BIT)
        if s.layout != stage.outputLayout || s.writeStages != 0 || s.readStages != 0 {
            transition(index, to: stage.outputLayout, keepContents: true, dstStage: stage.outputStage, dstAccess: access)
        }
        states[index] = State(layout: stage.outputLayout, writeStages: stage.outputStage, writeAccess: stage.outputAccess, readStages: 0,
                              lastWriteStages: stage.outputStage, lastWriteAccess: stage.outputAccess, visibleStages: 0)
    }

    /// Written in full by a pass of `stage`; earlier contents are discarded.
    mutating func shaderWrite(_ index: Int, by stage: PassStage) {
        let s = states[index]
        let written = State(layout: stage.outputLayout, writeStages: stage.outputStage, writeAccess: stage.outputAccess, readStages: 0,
                            lastWriteStages: stage.outputStage, lastWriteAccess: stage.outputAccess, visibleStages: 0)
        if s.layout == stage.outputLayout && s.writeStages == 0 && s.readStages == 0 && s.lastWriteStages == 0 {
            states[index] = written
            return
        }
        transition(index, to: stage.outputLayout, keepContents: false, dstStage: stage.outputStage, dstAccess: stage.outputAccess)
        states[index] = written
    }

    /// Written by a transfer (upload copy or clear): in full, or in part keeping the rest (`keepingContents`).
    mutating func transferWrite(_ index: Int, keepingContents: Bool = false) {
        let access = vkFlags(VK_ACCESS_TRANSFER_WRITE_BIT)
        transition(index, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, keepContents: keepingContents, dstStage: Self.transferStage,
                   dstAccess: access)
        states[index] = State(layout: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, writeStages: Self.transferStage, writeAccess: access,
                              readStages: 0, lastWriteStages: Self.transferStage, lastWriteAccess: access, visibleStages: 0)
    }

    /// A texture kept from earlier frames (`ResidentTextures`), which left it shader-readable and may still read it: a
    /// write waits for those reads.
    mutating func keptReadable(_ index: Int) {
        states[index] = State(layout: VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                              readStages: PassStage.compute.shaderStage | PassStage.fragment.shaderStage)
    }

    /// Copied out by a transfer (readback).
    mutating func transferRead(_ index: Int) {
        if states[index].layout != VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL {
            transition(index, to: VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, keepContents: true,
                       dstStage: Self.transferStage, dstAccess: vkFlags(VK_ACCESS_TRANSFER_READ_BIT))
            states[index].layout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
            states[index].writeStages = 0
            states[index].writeAccess = 0
            states[index].visibleStages = Self.transferStage
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
