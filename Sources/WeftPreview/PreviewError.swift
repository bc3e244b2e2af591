/// Why the preview window could not open.
public enum PreviewError: Error, Sendable, CustomStringConvertible {
    /// No window system: GLFW could not start or make a window (no `DISPLAY`, no X server).
    case noWindowSystem(String)
    /// The window system cannot show Vulkan (no loader, or no surface extension).
    case noVulkanPresentation(String)
    /// The device rendering or presenting was lost (a runaway kernel, a driver reset): the preview cannot go on.
    case deviceLost(String)

    public var description: String {
        switch self {
        case .noWindowSystem(let reason): "cannot open a window: \(reason) (is DISPLAY set to a running X server?)"
        case .noVulkanPresentation(let reason): "cannot present with Vulkan in a window: \(reason)"
        case .deviceLost(let reason): "the device was lost, so the preview stops: \(reason)"
        }
    }
}
