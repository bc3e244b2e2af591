/// Live Vulkan objects of each kind Weft creates while rendering, for leak checks (`weft bench
/// --soak`): a creation is counted once it succeeds, a destruction when `VulkanDevice` destroys
/// the retired object.
public struct VulkanObjectCounts: Sendable, Hashable {
    public var images = 0
    public var buffers = 0
    public var pipelines = 0
    public var descriptorPools = 0
    public var queryPools = 0
    public var framebuffers = 0
    public var renderPasses = 0
    /// Retired objects still waiting for the GPU (also counted above).
    public var pendingDestruction = 0

    public init() {}

    mutating func add(_ resource: RetiredResource, _ delta: Int) {
        switch resource {
        case .image: images += delta
        case .buffer: buffers += delta
        case .pipeline: pipelines += delta
        case .descriptorPool: descriptorPools += delta
        case .queryPool: queryPools += delta
        case .framebuffer: framebuffers += delta
        case .renderPass: renderPasses += delta
        }
    }
}
