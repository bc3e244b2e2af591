public enum BenchError: Error, Sendable, CustomStringConvertible {
    case kernelFailed(name: String, message: String)
    case noTimings(subject: String, device: String)
    case unreadableBaseline(path: String, reason: String)
    case badArgument(String)

    public var description: String {
        switch self {
        case .kernelFailed(let name, let message): "cannot build kernel \(name): \(message)"
        case .noTimings(let subject, let device): "\(subject) on \(device) produced no timings"
        case .unreadableBaseline(let path, let reason): "cannot read baseline \(path): \(reason)"
        case .badArgument(let message): message
        }
    }
}
