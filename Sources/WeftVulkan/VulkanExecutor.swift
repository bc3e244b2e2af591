import CVulkan
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

        public init(deviceName: String? = DeviceSelector.nameFromEnvironment,
                    validation: Bool = VulkanInstance.validationRequestedByEnvironment,
                    pipelineCache: PipelineCacheLocation = .standard) {
            self.deviceName = deviceName
            self.validation = validation
            self.pipelineCache = pipelineCache
        }
    }

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
    private let lock = Lock()
    private let state: RenderState

    public convenience init(options: Options = Options()) throws(VulkanError) {
        let device = try VulkanDevice(selector: DeviceSelector(requestedName: options.deviceName),
                                      instanceOptions: VulkanInstance.Options(validation: options.validation))
        try self.init(device: device, pipelineCache: options.pipelineCache)
    }

    public init(device: VulkanDevice, pipelineCache: PipelineCacheLocation = .standard) throws(VulkanError) {
        self.vulkanDevice = device
        self.device = device.info.deviceDescription
        self.state = try RenderState(device: device, pipelineCache: pipelineCache)
    }

    /// Validation messages collected so far (empty without validation).
    public var validationMessages: [ValidationMessage] { vulkanDevice.validationLog.messages }

    public var statistics: Statistics {
        lock.locked {
            let memory = vulkanDevice.memoryStatistics
            return Statistics(renders: state.renders, texturesCreated: state.texturePool.created,
                              idleTextures: state.texturePool.idleCount, pipelinesCreated: state.pipelines.pipelinesCreated,
                              cachedPipelines: state.pipelines.cachedPipelineCount, memoryBlocks: memory.blocks,
                              memoryAllocations: memory.allocations, deviceMemoryAllocations: memory.deviceAllocations,
                              pipelineCacheBytesLoaded: state.pipelines.loadedBytes, lastRenderBarriers: state.lastBarrierCount,
                              lastRenderBarrierBatches: state.lastBarrierBatchCount, liveObjects: vulkanDevice.objectCounts)
        }
    }

    /// Where the on-disk pipeline cache is kept, if anywhere.
    public var pipelineCachePath: String? { state.pipelines.filePath }

    public func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(VulkanError) -> ExecutionResult {
        plan.checkInvariants()
        return try lock.locked { () throws(VulkanError) -> ExecutionResult in
            try state.run(plan, options: options)
        }
    }
}
