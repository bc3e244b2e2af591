import Foundation
import Testing
import WeftImage
import WeftPreview
import WeftTestSupport

/// The checkerboard behind transparent content (K, `--checkerboard`), measured in the window under Xvfb: each pixel is
/// the render's premultiplied color plus (1 − alpha) of its square's gray.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewCheckerboardTests {
    /// A red circle on a transparent 96×64 canvas, with antialiased (translucent) edges.
    static func scene() throws -> String {
        let path = temporaryFolder().appendingPathComponent("circle.json").path
        try """
        { "size": [96, 64], "scale": 1, "background": "#00000000",
          "root": { "circle": {}, "modifiers": [ { "fill": "#ff0000ff" }, { "frame": { "width": 40, "height": 40 } } ] } }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `pixels` over 8-pixel squares of 204 (where x / 8 + y / 8 is even) and 153, computed here from the rule.
    static func overChecks(_ pixels: PixelBuffer) -> PixelBuffer {
        var out = pixels
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let i = (y * pixels.width + x) * 4
                let gray = (x / 8 + y / 8) % 2 == 0 ? 204 : 153
                let behind = (255 - Int(pixels.bytes[i + 3])) * gray
                for c in 0..<3 { out.bytes[i + c] = UInt8(min(255, Int(pixels.bytes[i + c]) + (behind + 127) / 255)) }
                out.bytes[i + 3] = 255
            }
        }
        return out
    }

    @Test func theCheckerboardShowsThroughTransparentContent() throws {
        let scene = try Self.scene()
        let reference = try Weft.render([scene])
        #expect(reference[0, 0].w == 0 && reference[48, 32].w == 1, "transparent corners, an opaque middle")
        let server = try XServer()
        let shot = temporaryFolder().appendingPathComponent("shot.png").path
        let preview = try RunningPreview([scene, "--checkerboard", "--paused", "--frames", "3", "--screenshot", shot], on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        let captured = try PNGFile.load(path: shot)
        let expected = Self.overChecks(reference)
        #expect(largestDifference(captured, expected).map { $0 <= 2 } == true, "\(String(describing: largestDifference(captured, expected)))")
        // The squares where nothing is drawn; the circle's red where it is opaque.
        func rgb(_ x: Int, _ y: Int) -> [Int] { let p = captured[x, y]; return [p.x, p.y, p.z].map { Int(($0 * 255).rounded()) } }
        #expect(rgb(2, 2) == [204, 204, 204] && rgb(10, 2) == [153, 153, 153] && rgb(10, 10) == [204, 204, 204], "\(rgb(2, 2)) \(rgb(10, 2))")
        #expect(rgb(48, 32) == [255, 0, 0])
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    @Test func keyKTogglesTheCheckerboard() throws {
        let scene = try Self.scene()
        let reference = try Weft.render([scene])
        let server = try XServer()
        let preview = try RunningPreview([scene, "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        #expect(try PreviewKeyTests.shows(overBlack(reference), server, window), "over black")
        try server.press("k", window: window)
        #expect(try PreviewKeyTests.shows(Self.overChecks(reference), server, window), "K: over the checkerboard")
        try server.press("k", window: window)
        #expect(try PreviewKeyTests.shows(overBlack(reference), server, window), "K again: over black")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
    }
}
