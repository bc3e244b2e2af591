import CXWindow
import Testing
import WeftImage
import WeftVulkan

/// `VulkanPresenter` in the test process, on an X window of a private Xvfb, with the validation layer on.
@Suite(.enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PresenterTests {
    /// Opaque RGBA8 pixels, a different color in each.
    static func pattern(width: Int, height: Int) -> PixelBuffer {
        var pixels = PixelBuffer.blank(width: width, height: height, format: .rgba8Unorm)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels.bytes[i] = UInt8(x * 255 / max(width - 1, 1))
                pixels.bytes[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels.bytes[i + 2] = UInt8((x + y) % 2 * 200)
                pixels.bytes[i + 3] = 255
            }
        }
        return pixels
    }

    /// RGBA16F pixels reach `present` through the public API: a typed error, not a trap, and the presenter goes on
    /// showing RGBA8 frames.
    @Test func pixelsThatAreNotRGBA8AreATypedError() throws {
        let server = try XServer()
        guard let window = cxwindow_open(server.display, 8, 6) else { throw Tools.Failure("no X window on \(server.display)") }
        defer { cxwindow_close(window) }
        let instance = try VulkanInstance(.init(validation: true, extensions: ["VK_KHR_surface", "VK_KHR_xlib_surface"]))
        do {
            let presenter = try VulkanPresenter(instance: instance, deviceName: nil, width: 8, height: 6) { handle in
                cxwindow_make_surface(window, UnsafeMutableRawPointer(handle)).map(OpaquePointer.init)
            }
            do {
                _ = try presenter.present(PixelBuffer.blank(width: 8, height: 6, format: .rgba16Float))
                Issue.record("an RGBA16F frame was presented")
            } catch {
                guard case .unpresentableFormat(.rgba16Float) = error else {
                    Issue.record("expected unpresentableFormat(rgba16Float), got \(error)")
                    return
                }
                #expect(error.description.contains("RGBA8"), "\(error)")
            }
            let frame = Self.pattern(width: 8, height: 6)
            let (outcome, captured) = try presenter.present(frame, capture: true)
            #expect(outcome == .presented)
            #expect(captured?.bytes == frame.bytes, "what the swapchain image holds after the copy")
        }
        #expect(instance.validationLog.failures.isEmpty, "\(instance.validationLog.messages)")
    }
}
