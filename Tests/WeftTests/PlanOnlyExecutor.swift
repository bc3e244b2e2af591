import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
import WeftViews

/// An executor that must never run: planning alone is under test.
final class PlanOnlyExecutor: Executor {
    let device = DeviceDescription(name: "plan only", kind: .other, driver: "none", apiVersion: "-")
    let capabilities = ExecutorCapabilities(deviceTimestamps: false, hostThreads: nil, derivatives: .evaluatorQuads,
                                            maxTextureDimension: 16384)
    func execute(_ plan: RenderPlan, options: ExecutionOptions) throws(ExecutionError) -> ExecutionResult {
        Issue.record("planning must not execute")
        return ExecutionResult(outputs: [:], hostTime: .zero)
    }
}

extension TextureLimit {
    /// The limit of a device that only plans.
    static var planOnly: TextureLimit { TextureLimit(of: PlanOnlyExecutor()) }
}
