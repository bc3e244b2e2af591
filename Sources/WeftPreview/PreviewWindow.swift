import CGLFW

/// A key the preview acts on.
enum PreviewKey: Sendable, Hashable {
    case space, left, right, up, down, tab, restart, reduceMotion, beforeAfter, save, zoomIn, zoomOut, frameTimes, checkerboard, quit
}

/// Input gathered from the window since it was last polled.
enum PreviewInput: Sendable, Equatable {
    case key(PreviewKey)
    /// Wheel clicks, positive up.
    case scroll(Double)
    /// The window must be drawn again (exposed, resized).
    case refresh
    /// The left button went down.
    case click
}

/// A GLFW window without a GL context, for a Vulkan surface. Must be made and used on the main thread.
final class PreviewWindow {
    let handle: OpaquePointer
    private let events: EventQueue

    /// Collects what GLFW's callbacks report, which find it through the window's user pointer.
    final class EventQueue {
        var inputs: [PreviewInput] = []
    }

    init(title: String, width: Int, height: Int) throws(PreviewError) {
        guard glfwInit() == GLFW_TRUE else { throw .noWindowSystem(Self.lastError() ?? "glfwInit failed") }
        guard glfwVulkanSupported() == GLFW_TRUE else {
            glfwTerminate()
            throw .noVulkanPresentation(Self.lastError() ?? "GLFW found no Vulkan loader")
        }
        glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        guard let window = glfwCreateWindow(Int32(max(1, width)), Int32(max(1, height)), title, nil, nil) else {
            let reason = Self.lastError() ?? "glfwCreateWindow failed"
            glfwTerminate()
            throw .noWindowSystem(reason)
        }
        handle = window
        events = EventQueue()
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(events).toOpaque())
        glfwSetKeyCallback(window) { window, key, _, action, _ in
            guard action != GLFW_RELEASE, let key = PreviewWindow.previewKey(key) else { return }
            PreviewWindow.queue(of: window)?.inputs.append(.key(key))
        }
        glfwSetScrollCallback(window) { window, _, y in
            PreviewWindow.queue(of: window)?.inputs.append(.scroll(y))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS else { return }
            PreviewWindow.queue(of: window)?.inputs.append(.click)
        }
        glfwSetWindowRefreshCallback(window) { window in
            PreviewWindow.queue(of: window)?.inputs.append(.refresh)
        }
        glfwSetFramebufferSizeCallback(window) { window, _, _ in
            PreviewWindow.queue(of: window)?.inputs.append(.refresh)
        }
    }

    deinit {
        glfwDestroyWindow(handle)
        glfwTerminate()
    }

    private static func queue(of window: OpaquePointer?) -> EventQueue? {
        glfwGetWindowUserPointer(window).map { Unmanaged<EventQueue>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func previewKey(_ key: Int32) -> PreviewKey? {
        switch key {
        case GLFW_KEY_SPACE: .space
        case GLFW_KEY_LEFT: .left
        case GLFW_KEY_RIGHT: .right
        case GLFW_KEY_UP: .up
        case GLFW_KEY_DOWN: .down
        case GLFW_KEY_TAB: .tab
        case GLFW_KEY_R: .restart
        case GLFW_KEY_M: .reduceMotion
        case GLFW_KEY_B: .beforeAfter
        case GLFW_KEY_S: .save
        case GLFW_KEY_F: .frameTimes
        case GLFW_KEY_K: .checkerboard
        case GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD: .zoomIn
        case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT: .zoomOut
        case GLFW_KEY_ESCAPE, GLFW_KEY_Q: .quit
        default: nil
        }
    }

    static func lastError() -> String? {
        var text: UnsafePointer<CChar>?
        guard glfwGetError(&text) != GLFW_NO_ERROR, let text else { return nil }
        return String(cString: text)
    }

    /// The instance extensions GLFW needs for this window system's surfaces.
    static func requiredInstanceExtensions() -> [String] {
        var count: UInt32 = 0
        guard let names = glfwGetRequiredInstanceExtensions(&count) else { return [] }
        return (0..<Int(count)).compactMap { names[$0].map { String(cString: $0) } }
    }

    /// The window's surface on `instance`, or nil.
    func makeSurface(instance: OpaquePointer) -> OpaquePointer? {
        var surface: VkSurfaceKHR?
        guard glfwCreateWindowSurface(instance, handle, nil, &surface).rawValue == 0 else { return nil }
        return surface
    }

    /// Events since the last call; `waiting` blocks up to that many seconds for the first one.
    func poll(waiting seconds: Double = 0) -> [PreviewInput] {
        if seconds > 0 { glfwWaitEventsTimeout(seconds) } else { glfwPollEvents() }
        defer { events.inputs.removeAll() }
        return events.inputs
    }

    var shouldClose: Bool {
        get { glfwWindowShouldClose(handle) == GLFW_TRUE }
        set { glfwSetWindowShouldClose(handle, newValue ? GLFW_TRUE : GLFW_FALSE) }
    }

    /// Pixels.
    var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Framebuffer pixels per window coordinate, times the monitor's content scale where the window system leaves
    /// that to the program (X11).
    var pixelsPerPoint: Float {
        var x: Float = 1, y: Float = 1
        glfwGetWindowContentScale(handle, &x, &y)
        return x > 0 ? x : 1
    }

    /// The pointer in framebuffer pixels, top-left origin.
    var cursor: SIMD2<Float> {
        var x = 0.0, y = 0.0
        glfwGetCursorPos(handle, &x, &y)
        var ww: Int32 = 0, wh: Int32 = 0
        glfwGetWindowSize(handle, &ww, &wh)
        let fb = framebufferSize
        let sx = ww > 0 ? Double(fb.width) / Double(ww) : 1
        let sy = wh > 0 ? Double(fb.height) / Double(wh) : 1
        return SIMD2(Float(x * sx), Float(y * sy))
    }

    /// Whether the left button is held (a drag, with the pointer moving).
    var leftButtonDown: Bool { glfwGetMouseButton(handle, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS }

    func setTitle(_ title: String) { glfwSetWindowTitle(handle, title) }
}
