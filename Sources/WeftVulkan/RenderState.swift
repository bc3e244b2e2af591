import CVulkan
import WeftImage
import WeftRuntime

/// Everything an executor keeps between renders, used only under the executor's lock.
/// Frames run in a ring of `FrameSlot`s: `submit` records and submits a plan in the next slot and returns at once;
/// `finish` waits for its fence and reads it back. Submitting into a slot whose frame is still uncollected finishes that
/// frame first and keeps its result for its `finish`, so at most `ringSize` frames hold host buffers at a time.
final class RenderState {
    static let ringSize = 2

    let device: VulkanDevice
    let texturePool: TexturePool
    let residents: ResidentTextures
    let pipelines: KernelPipelines
    private let slots: [FrameSlot]
    private var nextSlot = 0
    /// The ticket of the frame submitted last.
    private var lastTicket: UInt64 = 0
    private var inFlight: [UInt64: InFlightFrame] = [:]
    /// Frames finished early because their slot was needed, by ticket.
    private var finishedEarly: [UInt64: Result<FinishedFrame, VulkanError>] = [:]
    private(set) var renders = 0
    private(set) var lastBarrierCount = 0
    private(set) var lastBarrierBatchCount = 0
    /// Where the validation log stood when the frame after each uncollected frame was submitted: a frame's messages are
    /// those logged from its own submission to the next one's (frames overlap, so no later message is its alone).
    private var validationEnds: [UInt64: Int] = [:]

    /// A submitted frame: what its slot and the pool lent it until its fence signals.
    private struct InFlightFrame {
        let slot: Int
        let serial: UInt64
        let plan: RenderPlan
        let layout: HostLayout
        let entries: [TexturePool.Entry]
        let renderPassTargets: [RenderPassTarget?]
        let timestamps: VkQueryPool?
        let repetitions: Int
        let timeout: Duration
        let kernels: [String]
        let submitted: ContinuousClock.Instant
        let barriers: BarrierCounts
        let validationLogged: Int
        /// The passes that ran checked; their counters are in the slot's check arena.
        let checkedPasses: [Int]
    }

    /// A collected frame and the stretch of the validation log that is its own: from its submission to the next
    /// frame's (nil: to the log's end when it is reported).
    struct FinishedFrame {
        var result: ExecutionResult
        var validationLogged: Int
        var validationEnd: Int?
    }

    init(device: VulkanDevice, pipelineCache: PipelineCacheLocation) throws(VulkanError) {
        var slots: [FrameSlot] = []
        for _ in 0..<Self.ringSize { slots.append(try FrameSlot(device: device)) }
        self.pipelines = try KernelPipelines(device: device, location: pipelineCache)
        self.device = device
        self.slots = slots
        self.texturePool = TexturePool(device: device)
        self.residents = ResidentTextures(device: device)
    }

    deinit {
        // Uncollected frames may still run: wait for them before the slots destroy their command pools. Their textures
        // are dropped, not pooled; deferred destruction frees them.
        guard !device.isLost, let last = inFlight.values.map(\.serial).max() else { return }
        try? device.wait(for: last)
    }

    // MARK: One render

    /// Runs `plan` as one submission, waiting at most `timeout` for it; `checks` runs the passes whose kernels have a
    /// checked variant as that variant and reports what it counted.
    func run(_ plan: RenderPlan, options: ExecutionOptions, timeout: Duration, validationLogged: Int,
             present: (output: TextureID, copy: SwapchainCopy)? = nil, checks: Bool = false) throws(VulkanError) -> FinishedFrame {
        try finish(try submit(plan, options: options, timeout: timeout, validationLogged: validationLogged, present: present, checks: checks))
    }

    /// Records `plan` into the next slot and submits it; returns the frame's ticket without waiting.
    func submit(_ plan: RenderPlan, options: ExecutionOptions, timeout: Duration, validationLogged: Int,
                present: (output: TextureID, copy: SwapchainCopy)? = nil, checks: Bool = false) throws(VulkanError) -> UInt64 {
        try device.collectGarbage()
        if inFlight[lastTicket] != nil { validationEnds[lastTicket] = validationLogged }
        let slotIndex = nextSlot
        if let owner = inFlight.first(where: { $0.value.slot == slotIndex })?.key {
            finishedEarly[owner] = Result { () throws(VulkanError) in try finish(owner) }
        }
        let slot = slots[slotIndex]
        var entries: [TexturePool.Entry] = []
        entries.reserveCapacity(plan.textures.count)
        var submitted = false
        defer { if !submitted { texturePool.giveBack(entries) } }
        let residentUses = try residents.prepare(plan)
        var images: [VkImage] = [], views: [VkImageView] = []
        for (index, descriptor) in plan.textures.enumerated() {
            if let use = residentUses.first(where: { $0.id.index == index }) {
                images.append(use.kept.texture.image)
                views.append(use.kept.texture.view)
                continue
            }
            let entry = try texturePool.take(descriptor)
            entries.append(entry)
            images.append(entry.texture.image)
            views.append(entry.texture.view)
        }
        let kernelPipelines = try pipelines.pipelines(for: plan.passes.map(\.kernel), checked: checks)
        let checkCounters = try self.checkCounters(plan, kernelPipelines, slot: slot)
        defer { pipelines.saveIfNeeded() }

        let layout = HostLayout(plan, device: device.info, residentRows: residentUses.map { ($0.id, $0.rows) })
        let upload = try slot.upload(size: layout.uploadSize)
        let readback = try slot.readback(size: layout.readbackSize)
        layout.writeUploadData(plan, to: upload.buffer.mapped)
        try upload.buffer.flush()

        let renderPassTargets = try self.renderPassTargets(plan, kernelPipelines, views: views)
        defer { if !submitted { retire(renderPassTargets) } }
        // One set per pass, then the render's frame sets (descriptor set 1 of compute and of fragment passes).
        var sets = try slot.descriptorSets(for: kernelPipelines.map(\.layout.setLayout) + [pipelines.frameSetLayouts[.compute]!, pipelines.frameSetLayouts[.fragment]!],
                                           counts: FrameSlot.DescriptorCounts(kernelPipelines.map(\.shape)))
        let frameSets: [PassStage: VkDescriptorSet] = [.fragment: sets.removeLast(), .compute: sets.removeLast()]
        PlanDescriptors.write(device: device.handle, plan: plan, shapes: kernelPipelines.map(\.shape), sets: sets, frameSets: frameSets,
                              views: views, uploadBuffer: upload.buffer.handle, layout: layout,
                              checkBuffer: checkCounters?.buffer.handle)

        let timestamps: VkQueryPool? = options.measureDeviceTime && device.info.timestampsTrusted
            ? try slot.timestampPool(count: UInt32(options.repetitions + 1)) : nil
        try vkCheck(vkResetCommandPool(device.handle, slot.commandPool, 0), "vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = vkFlags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)
        try vkCheck(vkBeginCommandBuffer(slot.commandBuffer, &begin), "vkBeginCommandBuffer")
        var recording = PlanRecording(plan: plan, layout: layout, images: images, views: views,
                                      residents: residentUses.map { ($0.id, $0.wasReadable) },
                                      dynamicRendering: device.dynamicRendering, renderPassTargets: renderPassTargets, pipelines: kernelPipelines,
                                      descriptorSets: sets, frameSets: frameSets, uploadBuffer: upload.buffer.handle, readbackBuffer: readback.buffer.handle,
                                      timestamps: timestamps, repetitions: options.repetitions)
        recording.present = present
        (lastBarrierCount, lastBarrierBatchCount) = recording.record(into: slot.commandBuffer)
        if checkCounters != nil { Self.makeShaderWritesHostVisible(slot.commandBuffer) }
        try vkCheck(vkEndCommandBuffer(slot.commandBuffer), "vkEndCommandBuffer")

        let start = ContinuousClock.now
        let kernels = plan.passes.map(\.kernel.name)
        let serial = try device.submit(slot.commandBuffer, kernels: kernels, waitingFor: present?.copy.acquired)
        submitted = true
        residents.commit(residentUses, plan: plan)
        nextSlot = (slotIndex + 1) % slots.count
        lastTicket += 1
        inFlight[lastTicket] = InFlightFrame(slot: slotIndex, serial: serial, plan: plan, layout: layout, entries: entries,
                                             renderPassTargets: renderPassTargets, timestamps: timestamps, repetitions: options.repetitions,
                                             timeout: timeout, kernels: kernels, submitted: start,
                                             barriers: BarrierCounts(barriers: lastBarrierCount, batches: lastBarrierBatchCount),
                                             validationLogged: validationLogged,
                                             checkedPasses: checkCounters == nil ? [] : kernelPipelines.indices.filter { kernelPipelines[$0].shape.checked })
        return lastTicket
    }

    /// Waits for frame `ticket` (at most its timeout), reads its outputs back from its slot and gives its textures back.
    func finish(_ ticket: UInt64) throws(VulkanError) -> FinishedFrame {
        if let early = finishedEarly.removeValue(forKey: ticket) { return try early.get() }
        guard let frame = inFlight.removeValue(forKey: ticket) else { throw .invalidTicket(ticket) }
        let validationEnd = validationEnds.removeValue(forKey: ticket)
        renders += 1
        // Framebuffers are retired either way: deferred destruction keeps them until the GPU is done. Textures go back
        // to the pool only when the wait succeeded; otherwise they are dropped and their deinit retires them.
        defer { retire(frame.renderPassTargets) }
        try device.wait(for: frame.serial, timeout: frame.timeout, kernels: frame.kernels)
        let hostTime = ContinuousClock.now - frame.submitted
        texturePool.giveBack(frame.entries)
        let readback = slots[frame.slot].readbackArena!
        try readback.buffer.invalidate()
        let outputs = frame.layout.readOutputs(frame.plan, from: readback.buffer.mapped)
        let deviceTimes = try frame.timestamps.map { pool throws(VulkanError) in try repetitionTimes(pool, repetitions: frame.repetitions) } ?? []
        let reports = frame.checkedPasses.isEmpty ? [] : try checkReports(frame.plan, passes: frame.checkedPasses, slots[frame.slot].checkArena!)
        return FinishedFrame(result: ExecutionResult(outputs: outputs, deviceTimes: deviceTimes, hostTime: hostTime, reports: reports,
                                                     barriers: frame.barriers),
                             validationLogged: frame.validationLogged, validationEnd: validationEnd)
    }

    // MARK: Checked passes

    /// The counters of the plan's checked passes, a slot per pass, set to their initial words; nil when none is checked.
    private func checkCounters(_ plan: RenderPlan, _ pipelines: [KernelPipelines.Pipeline], slot: FrameSlot) throws(VulkanError) -> HostArena? {
        guard pipelines.contains(where: \.shape.checked) else { return nil }
        let arena = try slot.checkCounters(size: plan.passes.count * CheckCounters.slotStride)
        for (i, pass) in plan.passes.enumerated() where pipelines[i].shape.checked {
            let words = CheckCounters.initial(limit: pass.maxSampleOffset)
            words.withUnsafeBytes { arena.buffer.mapped.advanced(by: i * CheckCounters.slotStride).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        try arena.buffer.flush()
        return arena
    }

    /// What the checked passes counted, read after the frame's fence (with repetitions, the counts of them all).
    private func checkReports(_ plan: RenderPlan, passes: [Int], _ arena: HostArena) throws(VulkanError) -> [ExecutionReport] {
        try arena.buffer.invalidate()
        var reports: [ExecutionReport] = []
        for i in passes {
            let pass = plan.passes[i]
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

    private func retire(_ targets: [RenderPassTarget?]) {
        for target in targets { if let target { device.retire(.framebuffer(target.framebuffer)) } }
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
