import Foundation
import Testing

/// The presenter's set-up failing half-way, on a real X server with the validation layer on.
@Suite(.enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PresenterSetUpTests {
    /// A 16-bit display offers no 8-bit RGBA or BGRA surface format, so making the swapchain fails after the device,
    /// its command pool, fence and semaphore and the window's surface are made: the preview says why and exits 1, each of
    /// those destroyed once (a second destruction crashes in the validation layer or is reported by it).
    @Test func aSwapchainThatCannotBeMadeUndoesTheSetUpOnce() throws {
        let server = try XServer(depth: 16)
        let preview = try RunningPreview(["--size", "32x32", "--effect", "checkerboard", "--preset", "--device", "cpu"], on: server)
        #expect(preview.waitForExit(timeout: 120) == 1, "\(preview.errors)")
        #expect(preview.process.terminationReason == .exit, "\(preview.errors)")
        #expect(preview.errors.contains("the window's Vulkan surface cannot be presented to: no 8-bit RGBA or BGRA format"),
                "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
        #expect(!preview.output.contains("presenting"), "\(preview.output)")
    }
}
