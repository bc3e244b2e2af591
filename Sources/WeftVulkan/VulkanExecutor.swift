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
                              lastRenderBarrierBatches: state.lastBarrierBatchCount)
        }
    }

    /// Where the on-disk pipeline cache is kept, if anywhere.
    public var pipelineCachePath: String? { state.pipelines.filePath }

    public var capabilities: ExecutorCapabilities {
        let info = vulkanDevice.info
        return ExecutorCapabilities(deviceTimestamps: info.timestampsTrusted, hostThreads: nil,
                                    derivatives: info.computeDerivatives ? .computeQuads : .fragmentPasses,
                                    maxTextureDimension: Int(info.maxImageDimension2D))
    }

    /// Runs `plan`; the validation layer's messages about it (with validation on) come back as reports.
    public func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult {
        try plan.validate(options: options)
        let limit = Int(vulkanDevice.info.maxImageDimension2D)
        for (index, d) in plan.textures.enumerated() where max(d.width, d.height) > limit {
            throw .invalidPlan("texture t\(index) is \(d.width)×\(d.height), beyond \(device.name)'s maxImageDimension2D of \(limit)")
        }
        do {
            var result = try lock.locked { () throws(VulkanError) -> ExecutionResult in
                try state.run(plan, options: options)
            }
            result.reports += validationReports()
            return result
        } catch {
            throw executionError(error)
        }
    }

    private func validationReports() -> [ExecutionReport] {
        vulkanDevice.validationLog.drain().map { message in
            ExecutionReport(kernel: device.name, check: "validation", message: message.description)
        }
    }

    private func executionError(_ error: VulkanError) -> ExecutionError {
        if case .call(_, let result) = error, result.rawValue == VK_ERROR_DEVICE_LOST.rawValue {
            return .deviceLost(device: device.name, message: error.description)
        }
        return .backend(device: device.name, kernel: nil, pass: nil, message: error.description)
    }
}
