import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// The executors the render tests run on; each render test runs once per backend.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cpu
    case vulkan

    var testDescription: String { rawValue }

    /// The shared context of this backend; on a machine without Vulkan the Vulkan case of a test is skipped (with
    /// the reason) here.
    func makeContext() throws -> RenderContext {
        if self == .vulkan { try VulkanAvailability.require() }
        return try Self.cache.context(for: self)
    }

    private static let cache = ContextCache()
}

/// One context per backend for the whole test run, so engine kernels compile once.
final class ContextCache: Sendable {
    private let contexts = Mutex<[Backend: RenderContext]>([:])

    func context(for backend: Backend) throws -> RenderContext {
        if let hit = contexts.withLock({ $0[backend] }) { return hit }
        let made = RenderContext(executor: try BackendFactory.executor(for: backend))
        contexts.withLock { $0[backend] = made }
        return made
    }
}

import Synchronization

