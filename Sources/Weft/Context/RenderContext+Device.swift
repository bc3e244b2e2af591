import WeftImage
import WeftPlanner
import WeftRuntime
import WeftScene
import WeftViews

extension RenderContext {
    /// A context on the chosen device. `notice` receives the one line said when automatic
    /// choice falls back to the CPU evaluator (the command line prints it on standard error).
    /// `limits` default to the environment's (`RunawayLimits.fromEnvironment`).
    public static func make(device: DeviceChoice, limits: RunawayLimits? = nil,
                            notice: (String) -> Void = { _ in }) throws(DeviceChoiceError) -> RenderContext {
        let (executor, message) = try device.makeExecutor(limits: limits)
        if let message { notice(message) }
        return RenderContext(executor: executor)
    }

    /// Whether this context's device is lost (a render ran past `RunawayLimits.submissionTimeout`
    /// or the driver lost the device): every later render fails; make a new context.
    public var isDeviceLost: Bool {
        executor.isLost
    }
}
