import Foundation
import Testing
import WeftImage

/// A Swift view in the preview window under Xvfb takes real clicks: the articles' hero (`examples/swiftui/Galeria.swift`,
/// `weft-swiftui-examples --preview galeria`) opens from its 60-point indigo thumbnail into its 240 × 160 teal card when
/// clicked, as its `onTapGesture` says.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewClickTests {
    /// Within a few steps of `rgb` in every channel.
    static func isColor(_ image: PixelBuffer, x: Int, y: Int, _ rgb: (Int, Int, Int)) -> Bool {
        let i = (y * image.width + x) * 4
        return abs(Int(image.bytes[i]) - rgb.0) <= 3 && abs(Int(image.bytes[i + 1]) - rgb.1) <= 3 && abs(Int(image.bytes[i + 2]) - rgb.2) <= 3
    }

    @Test(arguments: PreviewWindowTests.Device.allCases)
    func aClickTapsTheViewUnderThePointer(device: PreviewWindowTests.Device) throws {
        let server = try XServer()
        let preview = try RunningPreview(["--preview", "galeria"] + PreviewWindowTests.deviceArguments(device), on: server,
                                         program: Weft.swiftUIExamples)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "galeria")
        // SwiftUI's indigo and teal (Color.indigo, Color.teal), the white background.
        let indigo = (88, 86, 214), teal = (48, 176, 199), white = (255, 255, 255)
        // (60, 120) lies in the card's frame (80…240 across, 40…200 down) and outside the thumbnail's (130…190).
        let before = try server.screenshot(window)
        #expect(Self.isColor(before, x: 160, y: 120, indigo) && Self.isColor(before, x: 60, y: 120, white))
        // A click outside the thumbnail taps nothing.
        try server.click(x: 20, y: 20, window: window)
        usleep(500_000)
        #expect(Self.isColor(try server.screenshot(window), x: 60, y: 120, white), "a click beside the view changed it")
        try server.click(x: 160, y: 120, window: window)
        let deadline = Date().addingTimeInterval(10)
        var after = try server.screenshot(window)
        while !Self.isColor(after, x: 60, y: 120, teal), Date() < deadline {
            usleep(100_000)
            after = try server.screenshot(window)
        }
        #expect(Self.isColor(after, x: 60, y: 120, teal) && Self.isColor(after, x: 160, y: 120, teal), "the card did not open")
        #expect(Self.isColor(after, x: 30, y: 120, white), "the card is 240 points wide")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}
