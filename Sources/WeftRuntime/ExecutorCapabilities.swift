/// What an executor can do, for callers that choose how to measure or schedule work without knowing the backend.
public struct ExecutorCapabilities: Sendable, Hashable {
    /// How kernels that use `dFdx`/`dFdy`/`fwidth` get their 2×2 quads.
    public enum DerivativePath: String, Sendable, Hashable {
        /// Compute shaders with quad derivatives (VK_NV/KHR_compute_shader_derivatives).
        case computeQuads = "compute quads"
        /// A fragment pass over the output (devices without compute derivatives).
        case fragmentPasses = "fragment passes"
        /// The CPU evaluator's own quads.
        case evaluatorQuads = "evaluator quads"
    }

    /// `ExecutionOptions.measureDeviceTime` gives trustworthy per-repetition device times.
    public var deviceTimestamps: Bool
    /// Host threads that run kernels, for an executor that runs them on this machine's CPU (the evaluator); nil for
    /// a device.
    public var hostThreads: Int?
    public var derivatives: DerivativePath
    /// The largest texture width or height the executor accepts.
    public var maxTextureDimension: Int

    public init(deviceTimestamps: Bool, hostThreads: Int?, derivatives: DerivativePath, maxTextureDimension: Int) {
        self.deviceTimestamps = deviceTimestamps
        self.hostThreads = hostThreads
        self.derivatives = derivatives
        self.maxTextureDimension = maxTextureDimension
    }
}
