@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews
import WeftVulkan

enum BackendFactory {
    /// Skips the running test case (with the reason) for `.vulkan` where Vulkan cannot be had.
    static func executor(for backend: Backend) throws -> any Executor {
        switch backend {
        case .vulkan:
            try VulkanAvailability.require()
            return try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))
        case .cpu: return try RenderContext.make(device: .cpu).executor
        }
    }
}
