import CVulkan
import Synchronization
import WeftImage
import WeftRuntime

/// Runs `RenderPlan`s on a Vulkan device, each as one command-buffer submission. Safe to call
/// from several threads: submissions are serialized internally.
public final class VulkanExecutor: Executor, @unchecked Sendable {
    public struct Options: Sendable {
        /// Restricts device choice to names containing this (case-insensitive). Default: `WEFT_DEVICE`.
        public var deviceName: String?
        /// Enables the validation layer. Default: `WEFT_VALIDATION=1`.
        public var validation: Bool
        public var pipelineCache: PipelineCacheLocation
        /// How long one repetition of a plan may run on the device before the render fails with
        /// `VulkanError.submissionTimedOut` and the device is treated as lost: this, plus
        /// `timeoutPerMegapixel` for every million pixels the plan's passes write.
        public var submissionTimeout: Duration
        public var timeoutPerMegapixel: Duration
        /// Runs the authors' kernels as their checked variants (`CompiledKernel.checked`) and reports what they count:
        /// premultiplication, sample bound and non-finite values, as the CPU evaluator does (docs/kernel-abi.md).
        public var checks: Bool

        public init(deviceName: String? = DeviceSelector.nameFromEnvironment,
                    validation: Bool = VulkanInstance.validationRequestedByEnvironment,
                    pipelineCache: PipelineCacheLocation = .standard,
                    submissionTimeout: Duration = VulkanExecutor.defaultSubmissionTimeout,
                    timeoutPerMegapixel: Duration = VulkanExecutor.defaultTimeoutPerMegapixel, checks: Bool = false) {
            self.checks = checks
            self.deviceName = deviceName
            self.validation = validation
            self.pipelineCache = pipelineCache
            self.submissionTimeout = submissionTimeout
            self.timeoutPerMegapixel = timeoutPerMegapixel
        }
    }

    /// With `defaultTimeoutPerMegapixel`, far beyond what one repetition of a legitimate render
    /// takes, even on lavapipe at large sizes (a 49-tap box blur at 4096×3072 took 14 s on a busy
    /// 2-core machine, 0.4 s per million pixels written); short enough that a runaway shader on
    /// an image of ordinary size fails within about half a minute instead of hanging.
    public static let defaultSubmissionTimeout: Duration = .seconds(30)
    public static let defaultTimeoutPerMegapixel: Duration = .seconds(2)

    /// What an executor has created and reused so far.
    public struct Statistics: Sendable, Hashable {
        public var renders: Int
        public var texturesCreated: Int
        public var idleTextures: Int
        public var pipelinesCreated: Int
        public var cachedPipelines: Int
        /// Live `VkDeviceMemory` blocks and the sub-allocations in them.
        public var memoryBlocks: Int
        public var memoryAllocations: Int
        public var deviceMemoryAllocations: Int
        /// Bytes of pipeline-cache data accepted from disk when the executor started.
        public var pipelineCacheBytesLoaded: Int
        /// Image barriers recorded by the last render, and the `vkCmdPipelineBarrier` calls holding them.
        public var lastRenderBarriers: Int
        public var lastRenderBarrierBatches: Int
        /// Vulkan objects created and not yet destroyed, on the executor's device.
        public var liveObjects: VulkanObjectCounts
    }

    public let vulkanDevice: VulkanDevice
    public let device: DeviceDescription
    public let submissionTimeout: Duration
    public let timeoutPerMegapixel: Duration
    /// Whether renders run the checked variants (`Options.checks`).
    public let checks: Bool
    /// One render at a time (internal for the tests that hold it).
    let lock = Mutex(())
    private let state: RenderState

    public convenience init(options: Options = Options()) throws(VulkanError) {
        let device = try VulkanDevice(selector: DeviceSelector(requestedName: options.deviceName),
                                      instanceOptions: VulkanInstance.Options(validation: options.validation))
        try self.init(device: device, pipelineCache: options.pipelineCache, submissionTimeout: options.submissionTimeout,
                      timeoutPerMegapixel: options.timeoutPerMegapixel, checks: options.checks)
    }

    public init(device: VulkanDevice, pipelineCache: PipelineCacheLocation = .standard,
                submissionTimeout: Duration = VulkanExecutor.defaultSubmissionTimeout,
                timeoutPerMegapixel: Duration = VulkanExecutor.defaultTimeoutPerMegapixel, checks: Bool = false) throws(VulkanError) {
        self.checks = checks
        self.vulkanDevice = device
        self.device = device.info.deviceDescription
        self.submissionTimeout = submissionTimeout
        self.timeoutPerMegapixel = timeoutPerMegapixel
        self.state = try RenderState(device: device, pipelineCache: pipelineCache)
    }

    /// Validation messages collected so far (empty without validation).
    public var validationMessages: [ValidationMessage] { vulkanDevice.validationLog.messages }

    public var statistics: Statistics {
        lock.withLock { _ in
            let memory = vulkanDevice.memoryStatistics
            return Statistics(renders: state.renders, texturesCreated: state.texturePool.created,
                              idleTextures: state.texturePool.idleCount, pipelinesCreated: state.pipelines.pipelinesCreated,
                              cachedPipelines: state.pipelines.cachedPipelineCount, memoryBlocks: memory.blocks,
                              memoryAllocations: memory.allocations, deviceMemoryAllocations: memory.deviceAllocations,
                              pipelineCacheBytesLoaded: state.pipelines.loadedBytes, lastRenderBarriers: state.lastBarrierCount,
                              lastRenderBarrierBatches: state.lastBarrierBatchCount, liveObjects: vulkanDevice.objectCounts)
        }
    }

    /// How long one repetition of `plan` may take: `submissionTimeout` plus `timeoutPerMegapixel`
    /// for every million pixels its passes write.
    func timeout(for plan: RenderPlan) -> Duration {
        let pixels = plan.passes.reduce(0) { sum, pass in
            let output = plan.textures[pass.output.index]
            return sum + output.width * output.height
        }
        return submissionTimeout + timeoutPerMegapixel * (Double(pixels) / 1_000_000)
    }

    /// Whether the device is lost (after a timeout or VK_ERROR_DEVICE_LOST): every later render
    /// fails with `VulkanError.deviceUnusable`; make a new executor.
    public var isLost: Bool { vulkanDevice.isLost }

    /// Where the on-disk pipeline cache is kept, if anywhere.
    public var pipelineCachePath: String? { state.pipelines.filePath }

    public var resourceCounts: ExecutorResourceCounts {
        let s = statistics
        let (residents, residentBytes) = lock.withLock { _ in (state.residents.count, state.residents.bytesUploaded) }
        return ExecutorResourceCounts(
            live: ["pool idle": s.idleTextures, "memory blocks": s.memoryBlocks, "suballocations": s.memoryAllocations,
                   "images": s.liveObjects.images, "buffers": s.liveObjects.buffers, "pipelines": s.liveObjects.pipelines,
                   "descriptor pools": s.liveObjects.descriptorPools, "framebuffers": s.liveObjects.framebuffers,
                   "pending": s.liveObjects.pendingDestruction, "resident textures": residents],
            created: ["textures created": s.texturesCreated, "pipelines created": s.pipelinesCreated,
                      "vkAllocateMemory": s.deviceMemoryAllocations, "resident bytes uploaded": residentBytes])
    }

    public var capabilities: ExecutorCapabilities {
        let info = vulkanDevice.info
        return ExecutorCapabilities(deviceTimestamps: info.timestampsTrusted, hostThreads: nil,
                                    derivatives: info.computeDerivatives ? .computeQuads : .fragmentPasses,
                                    maxTextureDimension: Int(info.maxImageDimension2D))
    }

    /// The driver's statistics of every kernel `plan` runs, once per kernel in the order the passes first run them;
    /// compiles those not compiled yet. Throws `VulkanError.extensionMissing` where the device does not report them
    /// (no VK_KHR_pipeline_executable_properties); a kernel compiled before this was first asked has no statistics (nil).
    public func pipelineStatistics(for plan: RenderPlan) throws(VulkanError) -> [(kernel: String, executables: [PipelineExecutableStatistics]?)] {
        guard vulkanDevice.info.pipelineExecutableInfo, let commands = PipelineExecutableCommands(device: vulkanDevice.handle) else {
            throw .extensionMissing(VulkanDeviceInfo.pipelineExecutablePropertiesExtension)
        }
        return try lock.withLock { _ throws(VulkanError) in
            state.pipelines.capturesStatistics = true
            var seen: Set<String> = []
            var result: [(kernel: String, executables: [PipelineExecutableStatistics]?)] = []
            for pass in plan.passes where seen.insert(pass.kernel.cacheKey).inserted {
                result.append((pass.kernel.name, try state.pipelines.statistics(for: pass.kernel, commands: commands)))
            }
            return result
        }
    }

    /// Runs `plan`; the validation layer's messages about it (with validation on) come back as reports.
    public func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult {
        try plan.validate(options: options, maxTextureDimension: capabilities.maxTextureDimension)
        return try locked { () throws(VulkanError) in
            try state.run(plan, options: options, timeout: timeout(for: plan) * options.repetitions,
                          validationLogged: vulkanDevice.validationLog.count, checks: checks)
        }
    }

    /// Records and submits `plan` in the next slot of the executor's ring of frames (`RenderState.ringSize`) and returns
    /// without waiting for it; a slot still holding an uncollected frame finishes that frame first.
    public func submit(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionTicket {
        try plan.validate(options: options, maxTextureDimension: capabilities.maxTextureDimension)
        do {
            return try lock.withLock { _ throws(VulkanError) -> ExecutionTicket in
                .submitted(try state.submit(plan, options: options, timeout: timeout(for: plan) * options.repetitions,
                                            validationLogged: vulkanDevice.validationLog.count, checks: checks))
            }
        } catch {
            throw executionError(error)
        }
    }

    /// Waits for a submitted plan and reads its outputs back; the validation messages logged since the last frame was
    /// reported (and not before its submission) come back as its reports.
    public func collect(_ ticket: ExecutionTicket) throws(ExecutionError) -> ExecutionResult {
        switch ticket {
        case .finished(let result): return result
        case .submitted(let id): return try locked { () throws(VulkanError) in try state.finish(id) }
        }
    }

    /// Runs `plan` and blits its texture `output` into `copy`'s swapchain image in the same submission, with no host
    /// readback (the plan's own readbacks are still made). `output` must be RGBA8.
    public func execute(_ plan: RenderPlan, presenting output: TextureID, into copy: SwapchainCopy) throws(ExecutionError) -> ExecutionResult {
        try plan.validate(options: ExecutionOptions(), maxTextureDimension: capabilities.maxTextureDimension)
        guard plan.textures.indices.contains(output.index), plan.textures[output.index].format == .rgba8Unorm else {
            throw .invalidPlan("the presented texture \(output) is not an RGBA8 texture of the plan")
        }
        return try locked { () throws(VulkanError) in
            try state.run(plan, options: ExecutionOptions(), timeout: timeout(for: plan), validationLogged: vulkanDevice.validationLog.count,
                          present: (output, copy), checks: checks)
        }
    }

    /// Runs `body` (which finishes one frame) under the lock, adds the validation layer's messages about that frame to
    /// its reports and maps a failure to an `ExecutionError`.
    private func locked(_ body: () throws(VulkanError) -> RenderState.FinishedFrame) throws(ExecutionError) -> ExecutionResult {
        do {
            return try lock.withLock { _ throws(VulkanError) -> ExecutionResult in
                let frame = try body()
                var result = frame.result
                // The frame's own stretch of the log: from its submission (earlier messages are another render's) to
                // the next frame's submission, or to now when none followed it.
                let start = frame.validationLogged
                let end = frame.validationEnd ?? vulkanDevice.validationLog.count
                result.reports += validationReports(vulkanDevice.validationLog.messages(after: start).prefix(max(0, end - start)))
                return result
            }
        } catch {
            throw executionError(error)
        }
    }

    /// The validation layer's failures (warnings and errors) among `messages`, logged during one render; the log keeps
    /// them too.
    private func validationReports(_ messages: some Sequence<ValidationMessage>) -> [ExecutionReport] {
        messages.filter(\.isFailure).map { message in
            ExecutionReport(kernel: device.name, check: "validation", message: message.description)
        }
    }

    private func executionError(_ error: VulkanError) -> ExecutionError {
        switch error {
        case .submissionTimedOut, .deviceLost, .deviceUnusable:
            return .deviceLost(device: device.name, message: error.description)
        case .call(_, let result) where result.rawValue == VK_ERROR_DEVICE_LOST.rawValue:
            return .deviceLost(device: device.name, message: error.description)
        case .unsupportedKernel(let kernel, _), .pipelineCreation(let kernel, _):
            return .backend(device: device.name, kernel: kernel, pass: nil, message: error.description)
        default:
            return .backend(device: device.name, kernel: nil, pass: nil, message: error.description)
        }
    }
}
