import Foundation
import Testing
import WeftImage
import WeftPreview

/// The preview window under Xvfb, on lavapipe with the validation layer: what the X server shows matches a headless
/// `weft render` of the same content and time, on both executors.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewWindowTests {
    enum Device: String, CaseIterable, Sendable { case automatic, cpu }

    static func deviceArguments(_ device: Device) -> [String] { device == .cpu ? ["--device", "cpu"] : [] }

    /// The rows below the parameter overlay in the top-left corner.
    static func belowOverlay(_ height: Int) -> Range<Int> { min(PreviewKeyTests.overlayBottom, height)..<height }

    @Test(arguments: Device.allCases)
    func theWindowShowsWhatRenderRenders(device: Device) throws {
        let server = try XServer()
        let effect = ["--effect", "ripple", "--preset", "--time", "1.25"]
        let preview = try RunningPreview([Weft.pattern] + effect + ["--paused"] + Self.deviceArguments(device), on: server)
        try preview.waitFor("weft preview: presenting")
        // On a Vulkan device the render's texture goes to the swapchain image on the device; the CPU evaluator's pixels
        // are copied from the host.
        #expect(preview.output.contains(device == .cpu ? "copied from the host" : "copied on the device"), "\(preview.output)")
        #expect(preview.output.contains("(FIFO)"), "\(preview.output)")
        let window = try server.window(titled: "weft preview")
        let shown = try server.screenshot(window)
        let reference = overBlack(try Weft.render([Weft.pattern] + effect + Self.deviceArguments(device)))
        // ripple's center is its first parameter, selected at the start: its marker is drawn over the frame there.
        let difference = PreviewControlTests.differenceAround(shown, reference, marker: PreviewKeyTests.centerMarker)
        #expect(difference != nil && difference! <= 2,
                "X screenshot \(shown.width)x\(shown.height) vs render \(reference.width)x\(reference.height): \(String(describing: difference))/255")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// An animated scene plays its timeline in the window: paused at 0.4 s and stepped six frames on, the badge stands
    /// where `weft render --time 0.5` draws it, not where it stood when the preview started.
    @Test func anAnimatedSceneFollowsTheClockThroughItsTimeline() throws {
        let server = try XServer()
        let scene = Weft.packageRoot.appendingPathComponent("examples/download-badge.json").path
        let preview = try RunningPreview([scene, "--time", "0.4", "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        let before = overBlack(try Weft.render([scene, "--time", "0.4"]))
        let after = overBlack(try Weft.render([scene, "--time", "\(0.4 + 6.0 / 60)", "--frame", "6"]))
        let rows = Self.belowOverlay(after.height)
        #expect((largestDifference(before, after, rows: rows) ?? 0) > 2, "the badge moves between 0.4 and 0.5 s")
        #expect(try PreviewKeyTests.shows(before, server, window), "the start")
        for _ in 0..<6 { try server.press("Right", window: window) }
        #expect(try PreviewKeyTests.shows(after, server, window), "six frames on")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    @Test func framesAndScreenshotReadTheSwapchain() throws {
        let server = try XServer()
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("weft-preview-\(UUID().uuidString)/shot.png").path
        // Wide enough that the wrapped overlay stays within two lines.
        let preview = try RunningPreview(["--size", "320x96", "--effect", "checkerboard", "--preset", "--frames", "3", "--screenshot", shot],
                                         on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        #expect(preview.output.contains("frame 3 from the swapchain"), "\(preview.output)")
        let captured = try PNGFile.load(path: shot)
        let reference = overBlack(try Weft.render(["--size", "320x96", "--effect", "checkerboard", "--preset"]))
        let difference = largestDifference(captured, reference, rows: Self.belowOverlay(reference.height))
        #expect(difference != nil && difference! <= 2, "\(String(describing: difference))")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// `--paused --frames N` renders N frames at `--time` and exits (a paused preview otherwise waits for an event to draw
    /// again), and its screenshot is `weft render --time` of the same scene: a headless frame at a fixed time.
    @Test func pausedFramesExitWithTheFrameAtTheirTime() throws {
        let server = try XServer()
        let scene = Weft.packageRoot.appendingPathComponent("examples/download-badge.json").path
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("weft-preview-\(UUID().uuidString)/shot.png").path
        let preview = try RunningPreview([scene, "--paused", "--time", "0.5", "--frames", "3", "--screenshot", shot], on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        #expect(preview.output.contains("frame 3 from the swapchain") && preview.output.contains("weft preview: 3 frames"), "\(preview.output)")
        let captured = try PNGFile.load(path: shot)
        let reference = overBlack(try Weft.render([scene, "--time", "0.5"]))
        let elsewhere = overBlack(try Weft.render([scene, "--time", "0.4"]))
        #expect((largestDifference(reference, elsewhere) ?? 0) > 2, "the badge moves between 0.4 and 0.5 s")
        let difference = largestDifference(captured, reference)
        #expect(difference != nil && difference! <= 2,
                "screenshot \(captured.width)x\(captured.height) vs render \(reference.width)x\(reference.height): \(String(describing: difference))/255")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// F shows the frame times in a box at the top right, over a frame copied on the device; F again hides it.
    @Test func theFrameTimeOverlayComesAndGoesWithF() throws {
        let server = try XServer()
        let fill = ["--size", "320x120", "--effect", "checkerboard", "--preset"]
        let preview = try RunningPreview(fill + ["--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        #expect(preview.output.contains("copied on the device"), "\(preview.output)")
        let window = try server.window(titled: "weft preview")
        let reference = overBlack(try Weft.render(fill))
        let topRight = { (image: PixelBuffer) -> PixelBuffer in
            // Down to the frame-time box's bottom when it sits under a two-line status box.
            let height = min(image.height, PreviewKeyTests.overlayBottom + 4 + FrameOverlay.boxSize([""], scale: 1).height)
            var corner = PixelBuffer.blank(width: 100, height: height, format: .rgba8Unorm)
            for y in 0..<height { for x in 0..<100 { corner[x, y] = image[image.width - 100 + x, y] } }
            return corner
        }
        #expect(try PreviewKeyTests.shows(reference, server, window), "the fill")
        // The parameter's status line may reach the corner too: compare with the window before F.
        let before = topRight(try server.screenshot(window))
        try server.press("f", window: window)
        let covered = try HotReloadTests.waitUntil(server, window) { shown in
            (largestDifference(topRight(shown), before) ?? 0) > 40
        }
        #expect(covered != nil, "the frame-time box covers the top-right corner")
        try server.press("f", window: window)
        let uncovered = try HotReloadTests.waitUntil(server, window) { shown in
            largestDifference(topRight(shown), before).map { $0 <= 2 } ?? false
        }
        #expect(uncovered != nil, "F again hides it")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// With --no-vsync the preview presents in mailbox mode where the surface offers it (Xvfb's does), FIFO otherwise.
    @Test func noVsyncPresentsInMailboxModeWhereOffered() throws {
        let server = try XServer()
        let preview = try RunningPreview(["--size", "64x48", "--effect", "checkerboard", "--preset", "--frames", "3", "--no-vsync"],
                                         on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        #expect(preview.output.contains("(mailbox)") || preview.output.contains("(FIFO)"), "\(preview.output)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// `--check` runs the effect as its checked kernel on the presenting device: a finding is printed once, labelled and
    /// naming the author's effect, however many frames show it.
    @Test func checkedKernelsReportTheirFindingsOnce() throws {
        let server = try XServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[[ stitchable ]] vec4 lifted(vec2 position, vec4 color) { return vec4(color.rgb + 0.5, color.a); }\n"
            .write(to: folder.appendingPathComponent("lifted.glsl"), atomically: true, encoding: .utf8)
        let preview = try RunningPreview([Weft.pattern, "--shaders", folder.path, "--effect", "lifted", "--check", "--paused", "--frames", "3"],
                                         on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        let findings = preview.errors.split(separator: "\n").filter { $0.hasPrefix("weft preview: warning: premultiplication in lifted: ") }
        #expect(findings.count == 1, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    /// A scene whose `onGeometryChange` cycles says so once, as `weft render` does, however many frames lay it out.
    @Test func aGeometryCycleIsPrintedOnce() throws {
        let server = try XServer()
        let scene = Weft.packageRoot.appendingPathComponent("examples/geometry-cycle.json").path
        let preview = try RunningPreview([scene, "--paused", "--frames", "3"], on: server)
        #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
        let lines = preview.errors.split(separator: "\n").filter { $0.hasPrefix("weft preview: warning: onGeometryChange") }
        #expect(lines.count == 1, "\(preview.errors)")
        #expect(lines.first?.contains("cycle") == true, "\(preview.errors)")
    }

    @Test func resizingRemakesTheSwapchainAndRendersAtTheNewSize() throws {
        let server = try XServer()
        let fill = ["--size", "120x80", "--effect", "checkerboard", "--preset"]
        let preview = try RunningPreview(fill + ["--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        try server.resize(window, width: 320, height: 150)   // wide enough for the wrapped overlay to stay in two lines
        let reference = overBlack(try Weft.render(["--size", "320x150", "--effect", "checkerboard", "--preset"]))
        var shown = try server.screenshot(window)
        let deadline = Date().addingTimeInterval(20)
        let rows = Self.belowOverlay(reference.height)
        while largestDifference(shown, reference, rows: rows).map({ $0 > 2 }) ?? true, Date() < deadline {
            usleep(50_000)
            shown = try server.screenshot(window)
        }
        #expect(shown.width == 320 && shown.height == 150)
        #expect(largestDifference(shown, reference, rows: rows).map { $0 <= 2 } ?? false, "the fill at the new size")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
    /// A window resize drives a scene's `onGeometryChange`: the card grid's row becomes a column when the window is
    /// made narrow, as `weft render --size` draws it.
    @Test func resizingTheWindowSwitchesASceneBySize() throws {
        let server = try XServer()
        let scene = Weft.packageRoot.appendingPathComponent("examples/card-grid.json").path
        let preview = try RunningPreview([scene, "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        try server.resize(window, width: 160, height: 240)
        let column = overBlack(try Weft.render([scene, "--size", "160x240"]))
        #expect(column.width == 160 && column.height == 240)
        #expect(try PreviewKeyTests.shows(column, server, window), "the narrow window shows the column")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}
