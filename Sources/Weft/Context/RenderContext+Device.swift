extension RenderContext {
    /// A context on the chosen device. `notice` receives the one line said when automatic
    /// choice falls back to the CPU evaluator (the command line prints it on standard error).
    public static func make(device: DeviceChoice, notice: (String) -> Void = { _ in }) throws(DeviceChoiceError) -> RenderContext {
        let (executor, message) = try device.makeExecutor()
        if let message { notice(message) }
        return RenderContext(executor: executor)
    }
}
