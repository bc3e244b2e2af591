@testable import Weft
import WeftVulkan

enum BackendFactory {
    static func executor(for backend: Backend) throws -> any Executor {
        switch backend {
        case .vulkan: try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))
        case .cpu: try RenderContext.make(device: .cpu).executor
        }
    }
}
