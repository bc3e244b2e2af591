@testable import Weft
import WeftVulkan

enum BackendFactory {
    struct Unavailable: Error, CustomStringConvertible {
        var backend: Backend
        var description: String { "the \(backend.rawValue) executor has not been merged into this branch yet" }
    }

    static func executor(for backend: Backend) throws -> any Executor {
        switch backend {
        case .vulkan: try VulkanExecutor(options: VulkanExecutor.Options(validation: true, pipelineCache: .none))
        case .cpu: throw Unavailable(backend: backend)
        }
    }
}
