/// Why an executor could not run a plan. Every backend throws only this, so callers need not know which one ran.
public enum ExecutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The plan contradicts itself (a texture id out of range, a pass missing an input its kernel reads, …): a
    /// hand-built plan that no planner makes. Nothing ran.
    case invalidPlan(String)
    /// The run finished without a texture the caller reads back.
    case missingReadback(TextureID, device: String)
    /// The backend failed; `kernel` and `pass` (its index in the plan) say where, when known.
    case backend(device: String, kernel: String?, pass: Int?, message: String)
    /// The device stopped answering or was lost: this executor cannot render again, a new one (a new
    /// `RenderContext`) can. `message` says what happened and what to do.
    case deviceLost(device: String, message: String)

    public var description: String {
        switch self {
        case .invalidPlan(let message):
            "invalid render plan: \(message)"
        case .missingReadback(let texture, let device):
            "\(device) did not read back texture \(texture) of the plan"
        case .backend(let device, let kernel, let pass, let message):
            switch (kernel, pass) {
            case let (kernel?, pass?): "\(device): pass \(pass) (\(kernel)): \(message)"
            case let (kernel?, nil): "\(device): \(kernel): \(message)"
            default: "\(device): \(message)"
            }
        case .deviceLost(let device, let message):
            "\(device): \(message)"
        }
    }
}
