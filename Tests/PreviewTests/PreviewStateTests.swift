import Testing
import WeftImage
import WeftPreview
import WeftShaders

/// The preview's pure parts: its clock, its parameters and what it draws over frames.
@Suite struct PreviewStateTests {
    @Test func theClockRunsPausesStepsAndRestarts() {
        var clock = PreviewClock(time: 1, frame: 3)
        clock.advance(by: 0.5)
        #expect(clock.time == 1.5 && clock.frame == 4)
        clock.paused = true
        clock.advance(by: 0.5)
        #expect(clock.time == 1.5 && clock.frame == 4, "paused: time and frame stand still")
        clock.paused = false
        clock.stepFrames(1)
        #expect(clock.paused && clock.frame == 5 && abs(clock.time - (1.5 + 1.0 / 60)) < 1e-6, "a step pauses")
        clock.stepFrames(-10)
        #expect(clock.frame == 0 && clock.time == 1.5 + 1.0 / 60 - 10.0 / 60)
        clock.restart()
        #expect(clock.time == 1 && clock.frame == 3 && clock.paused, "restart keeps a paused clock paused")
        var still = PreviewClock(time: 0.05)
        still.stepFrames(-5)
        #expect(still.time == 0 && still.frame == 0, "time and frame do not go below zero")
    }

    @Test func parametersMoveAFiftiethOfTheirRangeAndStayInIt() {
        let annotation = ParameterAnnotation(name: "amplitude", range: 0...40, defaultValue: [8], meaning: "wave height in points", line: 3)
        let parameter = PreviewParameter(id: "0.amplitude", label: "ripple.amplitude", annotation: annotation, value: 8)
        #expect(parameter.nudged(by: 1) == 8.8)
        #expect(parameter.nudged(by: -2) == 6.4)
        #expect(parameter.nudged(by: 100) == 40)
        #expect(parameter.nudged(by: -100) == 0)
        #expect(parameter.overlayLine == "ripple.amplitude = 8.00  (0.00..40.00)  wave height in points")
    }

    func solid(_ width: Int, _ height: Int, _ value: UInt8) -> PixelBuffer {
        PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: [UInt8](repeating: value, count: width * height * 4))
    }

    @Test func textIsDrawnInABoxAndClipped() throws {
        var frame = solid(40, 24, 0)
        FrameOverlay.drawText(["A"], into: &frame, at: SIMD2(2, 2), scale: 1, color: [255, 255, 255, 255])
        // The box is the text's advance and line height plus 2 pixels each side; the glyph's ink is the drawer's, inset
        // by 2: white over the box, the box's black elsewhere inside, nothing outside.
        let box = FrameOverlay.boxSize(["A"], scale: 1)
        let text = try #require(FrameOverlay.text(scale: 1))
        #expect(box.width == text.width(of: "A") + 4 && box.height == text.lineHeight + 4)
        var ink = [Int: UInt8]()
        text.forEachInk("A", at: SIMD2(4, 4)) { x, y, coverage in ink[y * 40 + x] = coverage }
        #expect(ink.values.contains { $0 > 200 })
        var wrong = 0
        for y in 0..<24 {
            for x in 0..<40 {
                let p = Array(frame.bytes[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4])
                let inside = x >= 2 && x < 2 + box.width && y >= 2 && y < 2 + box.height
                if !inside { if p != [0, 0, 0, 0] { wrong += 1 }; continue }
                if let coverage = ink[y * 40 + x] {
                    let a = (255 * UInt32(coverage) + 127) / 255
                    let expected = UInt8((255 * a + 127) / 255)
                    if p[0] != expected || p[0] != p[1] || p[1] != p[2] { wrong += 1 }
                } else if p != [0, 0, 0, 200] { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        var tiny = solid(3, 3, 0)
        FrameOverlay.drawText(["a long line of text"], into: &tiny, at: SIMD2(-5, -5), scale: 3)   // clipped, no trap
        #expect(tiny.width == 3)
    }

    @Test func theMagnifierKeepsThePixelUnderTheCursor() {
        var frame = PixelBuffer.blank(width: 4, height: 4, format: .rgba8Unorm)
        for i in 0..<16 { frame.bytes[i * 4] = UInt8(i) }
        let zoomed = FrameOverlay.magnify(frame, factor: 2, around: SIMD2(2, 2))
        func red(_ p: PixelBuffer, _ x: Int, _ y: Int) -> UInt8 { p.bytes[(y * 4 + x) * 4] }
        #expect(red(zoomed, 2, 2) == red(frame, 2, 2) && red(zoomed, 3, 3) == red(frame, 2, 2), "each pixel twice as large")
        #expect(red(zoomed, 0, 0) == red(frame, 1, 1))
        #expect(FrameOverlay.magnify(frame, factor: 1, around: .zero) == frame)
    }

    /// The overlay wraps to the window: every line's box fits, nothing of the text is lost, and parts stay whole
    /// where they fit.
    @Test func theOverlayWrapsToTheWindowsWidth() {
        let parts = ["before (B)", "zoom 4x", "[1/3] ripple.amplitude = 8.00  (0..40)  wave height in points, at the centre of the ripple"]
        for (width, scale) in [(96, 1), (160, 1), (200, 2), (640, 2)] {
            let lines = FrameOverlay.wrap(parts, toWidth: width, scale: scale)
            #expect(FrameOverlay.boxSize(lines, scale: scale).width <= width, "\(width)@\(scale): \(lines)")
            #expect(lines.joined().filter { $0 != " " && $0 != "|" } == parts.joined().filter { $0 != " " && $0 != "|" }, "\(lines)")
        }
        #expect(FrameOverlay.wrap(parts, toWidth: 2000, scale: 1) == [parts.joined(separator: " | ")], "one line when it fits")
        #expect(FrameOverlay.wrap(parts, toWidth: 160, scale: 1).prefix(1) == ["before (B) | zoom 4x"])
    }

    @Test func theCheckerboardIsBehindPremultipliedPixels() {
        var frame = PixelBuffer.blank(width: 16, height: 8, format: .rgba8Unorm)
        frame.bytes.replaceSubrange(0..<4, with: [0, 0, 0, 0] as [UInt8])              // (0, 0) transparent
        frame.bytes.replaceSubrange(32..<36, with: [100, 0, 0, 128] as [UInt8])        // (8, 0) half covered, dark square
        frame.bytes.replaceSubrange(64..<68, with: [10, 20, 30, 255] as [UInt8])       // (0, 1) opaque
        let shown = FrameOverlay.overCheckerboard(frame)
        #expect(Array(shown.bytes[0..<4]) == [204, 204, 204, 255])
        let behind = UInt8((127 * 153 + 127) / 255)
        #expect(Array(shown.bytes[32..<36]) == [100 + behind, behind, behind, 255])
        #expect(Array(shown.bytes[64..<68]) == [10, 20, 30, 255])
    }

    @Test func intsStepByOneAndColorsByComponentPointsOnlyByDragging() {
        let count = ParameterAnnotation(name: "count", range: 1...8, defaultValue: [3], meaning: "rings", line: 2)
        let integer = PreviewParameter(id: "0.count", label: "rings.count", annotation: count, control: .integer, values: [3])
        #expect(integer.nudged(by: 1) == 4 && integer.nudged(by: -10) == 1 && integer.nudged(by: 10) == 8)
        #expect(integer.overlayLine == "rings.count = 3  (1.00..8.00)  rings")

        let tint = ParameterAnnotation(name: "tint", range: nil, defaultValue: nil, meaning: "", line: 3)
        let green = PreviewParameter(id: "0.tint", label: "glow.tint", annotation: tint, control: .colorComponent(1), values: [1, 0.5, 0, 1])
        #expect(green.value == 0.5 && green.nudgedValues(by: 1) == [1, 0.52, 0, 1] && green.nudgedValues(by: 100) == [1, 1, 0, 1])
        #expect(green.overlayLine == "glow.tint.g = 0.50 of (1.00, 0.50, 0.00, 1.00)")

        let center = ParameterAnnotation(name: "center", range: nil, defaultValue: nil, meaning: "where", line: 4)
        let point = PreviewParameter(id: "0.center", label: "ripple.center", annotation: center, control: .point, values: [256, 192])
        #expect(point.nudgedValues(by: 3) == [256, 192])
        #expect(point.overlayLine == "ripple.center = (256.00, 192.00)  drag on the canvas  where")
    }
}
