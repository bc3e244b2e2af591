import Foundation
import Testing
import WeftImage
import WeftPreview
import WeftTestSupport

/// The keys act on what the window shows: stepping time, changing the selected parameter within its range, before and
/// after, saving a frame, quitting. Each state is compared with a headless `weft render` of the same settings.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewKeyTests {
    /// The rows the status overlay can cover: its box at y = 4, two lines high (the windows here are wide enough).
    static let overlayBottom = 4 + FrameOverlay.boxSize(["", ""], scale: 1).height
    static let rows = overlayBottom..<384

    /// Screenshots until the window matches `reference` below the overlay (and, with `marker`, away from a selected
    /// point parameter's marker there); whether it did within 10 s.
    static func shows(_ reference: PixelBuffer, _ server: XServer, _ window: String, marker: (x: Int, y: Int)? = nil) throws -> Bool {
        try HotReloadTests.waitUntil(server, window) { shown in
            let difference = marker.map { PreviewControlTests.differenceAround(shown, reference, marker: $0) } ?? largestDifference(shown, reference, rows: rows)
            return difference.map { $0 <= 2 } ?? false
        } != nil
    }

    /// ripple's center, its first parameter, selected at the start: its marker is drawn there.
    static let centerMarker = (x: 256, y: 192)

    @Test func stepParameterBeforeAfterAndSave() throws {
        let folder = temporaryFolder()
        let ripple = [Weft.pattern, "--effect", "ripple", "--preset"]
        let server = try XServer()
        let preview = try RunningPreview(ripple + ["--time", "1.25", "--paused"], on: server, in: folder)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        #expect(try Self.shows(overBlack(Weft.render(ripple + ["--time", "1.25"])), server, window, marker: Self.centerMarker), "the start")

        try server.press("Right", window: window)   // one frame of 1/60 s on
        #expect(try Self.shows(overBlack(Weft.render(ripple + ["--time", "\(1.25 + 1.0 / 60)", "--frame", "1"])), server, window,
                               marker: Self.centerMarker),
                "stepped one frame")
        try server.press("r", window: window)
        #expect(try Self.shows(overBlack(Weft.render(ripple + ["--time", "1.25"])), server, window, marker: Self.centerMarker), "restarted")

        // The overlay's first parameter is ripple's center (a point, dragged); Tab selects amplitude, 0..40: one press is
        // a fiftieth of the range.
        try server.press("Tab", window: window)
        try server.press("Up", window: window)
        try preview.waitFor("reloaded ripple")
        #expect(try Self.shows(overBlack(Weft.render(ripple + ["--arg", "amplitude=8.8", "--time", "1.25"])), server, window),
                "amplitude 8 + 0.8")

        try server.press("b", window: window)
        #expect(try Self.shows(overBlack(try PNGFile.load(path: Weft.pattern)), server, window), "before: the input alone")
        try server.press("b", window: window)

        try server.press("s", window: window)
        try preview.waitFor("weft preview: saved")
        let saved = folder.appendingPathComponent("ripple-t1.25.png").path
        #expect(FileManager.default.fileExists(atPath: saved), "\(preview.output)")
        if FileManager.default.fileExists(atPath: saved) {
            let reference = try Weft.render(ripple + ["--arg", "amplitude=8.8", "--time", "1.25"])
            #expect(largestDifference(try PNGFile.load(path: saved), reference) ?? 255 <= 2, "saved at full resolution, no overlay")
        }

        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}

extension PreviewKeyTests {
    @Test func reduceMotionTabWheelZoomAndPause() throws {
        let ripple = [Weft.pattern, "--effect", "ripple", "--preset"]
        let server = try XServer()
        let preview = try RunningPreview(ripple + ["--time", "1.25", "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        let start = overBlack(try Weft.render(ripple + ["--time", "1.25"]))
        #expect(try Self.shows(start, server, window, marker: Self.centerMarker), "the start")

        try server.press("m", window: window)
        #expect(try Self.shows(overBlack(Weft.render(ripple + ["--time", "1.25", "--reduce-motion"])), server, window, marker: Self.centerMarker),
                "M: still")
        try server.press("m", window: window)
        #expect(try Self.shows(start, server, window, marker: Self.centerMarker), "M again: moving")

        // Tab twice: from center past amplitude to wavelength (4..200); the wheel down one click: 40 − 196/50.
        try server.press("Tab", window: window)
        try server.press("Tab", window: window)
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "256", "300", "click", "5"], environment: ["DISPLAY": server.display])
        try preview.waitFor("reloaded ripple")
        let shorter = overBlack(try Weft.render(ripple + ["--arg", "wavelength=\(Float(40) - Float(196) / 50)", "--time", "1.25"]))
        #expect(try Self.shows(shorter, server, window), "wavelength 36.08")

        try server.press("equal", window: window)   // + : twice as large around the pointer
        #expect(try Self.shows(FrameOverlay.magnify(shorter, factor: 2, around: SIMD2(256, 300)), server, window), "zoomed")
        try server.press("minus", window: window)
        #expect(try Self.shows(shorter, server, window), "zoomed out")

        try server.press("space", window: window)   // run
        let a = try server.screenshot(window)
        usleep(400_000)
        let b = try HotReloadTests.waitUntil(server, window) { largestDifference($0, a, rows: Self.rows).map { $0 > 8 } ?? false }
        #expect(b != nil, "time runs after space")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}

/// `$mouse` in the window: the pointer's position in points, top-left origin.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewMouseTests {
    @Test func aFillFollowsThePointer() throws {
        let folder = temporaryFolder()
        try """
        [[ stitchable ]]
        vec4 spot(vec2 position) { return distance(position, weftMouse()) < 3.0 ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0); }

        """.write(to: folder.appendingPathComponent("spot.glsl"), atomically: true, encoding: .utf8)
        let server = try XServer()
        let preview = try RunningPreview(["--size", "100x80", "--shaders", folder.path, "--effect", "spot", "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "30", "40"], environment: ["DISPLAY": server.display])
        let shown = try HotReloadTests.waitUntil(server, window) { HotReloadTests.color($0, 30, 40) == [255, 255, 255] }
        #expect(shown != nil, "no spot under the pointer")
        if let shown { #expect(HotReloadTests.color(shown.pixels, 70, 40) == [0, 0, 0], "black away from it") }
        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
    /// A click while paused prints `weft debug`'s trace of that pixel.
    @Test func aClickWhilePausedPrintsThePixelsTrace() throws {
        let grayscale = [Weft.pattern, "--effect", "grayscale", "--preset"]
        let expected = try Tools.run(Weft.binary, ["debug"] + grayscale + ["--pixel", "100,80"], environment: [:]).stdout
        let firstLine = try #require(expected.split(separator: "\n").first.map(String.init))
        #expect(expected.contains("grayscale"), "\(expected)")
        let server = try XServer()
        let preview = try RunningPreview(grayscale + ["--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "100", "80", "click", "1"], environment: ["DISPLAY": server.display])
        try preview.waitFor(firstLine)
        try preview.waitFor(String(expected.split(separator: "\n").last ?? ""))
        #expect(preview.output.contains(expected.trimmingCharacters(in: .newlines)), "\(preview.output)")
        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}

/// Parameters of every kind in the window: a `vec2` point dragged on the canvas, a color's components by keys, and a
/// click on an effect that is not at the window's origin traced at the effect's own pixel.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct PreviewControlTests {
    /// The largest difference outside the top `overlayBottom` rows and the marker's 9×9 square around `marker`.
    static func differenceAround(_ a: PixelBuffer, _ b: PixelBuffer, marker: (x: Int, y: Int)) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var largest = 0
        for y in PreviewKeyTests.overlayBottom..<a.height {
            for x in 0..<a.width where abs(x - marker.x) > 5 || abs(y - marker.y) > 5 {
                let i = (y * a.width + x) * 4
                for c in 0..<3 { largest = max(largest, abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))) }
            }
        }
        return largest
    }

    @Test func draggingMovesAPointParameterAndItsMarker() throws {
        let ripple = [Weft.pattern, "--effect", "ripple", "--preset", "--time", "1.25"]
        let server = try XServer()
        let preview = try RunningPreview(ripple + ["--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        // ripple.center is the first parameter: drag it from (100, 80) to (300, 200).
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "100", "80", "mousedown", "1", "mousemove", "--window", window, "200", "150",
                                      "mousemove", "--window", window, "300", "200", "mouseup", "1"], environment: ["DISPLAY": server.display])
        let moved = overBlack(try Weft.render(ripple + ["--arg", "center=300,200"]))
        let shown = try HotReloadTests.waitUntil(server, window) { Self.differenceAround($0, moved, marker: (300, 200)).map { $0 <= 2 } ?? false }
        #expect(shown != nil, "the ripple centred where the drag ended")
        if let shown {
            #expect(HotReloadTests.color(shown.pixels, 300, 200) == [255, 255, 255], "the marker's cross on the point")
            #expect(HotReloadTests.color(shown.pixels, 296, 196) == [0, 0, 0], "the marker's square around it")
        }
        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }

    @Test func aColorsComponentsChangeByKeys() throws {
        let tint = [Weft.pattern, "--effect", "radialTint", "--preset"]
        let server = try XServer()
        let preview = try RunningPreview(tint + ["--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        // center, radius, then tint's red, green, blue, alpha: green (0x8c) down a fiftieth of 0..1.
        for _ in 0..<3 { try server.press("Tab", window: window) }
        try server.press("Down", window: window)
        try preview.waitFor("reloaded radialTint")
        let green = String(Int(((140.0 / 255 - 0.02) * 255).rounded()), radix: 16)
        let reference = overBlack(try Weft.render(tint + ["--arg", "tint=#ff\(green)1aff"]))
        #expect(try PreviewKeyTests.shows(reference, server, window), "tint #ff\(green)1a")
        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
    }

    /// The preview's click maps the window's pixel to the effect's own, as `weft debug` does: a 100×100 effect centred
    /// in a 300×300 scene is traced at its pixel (50, 50) under the window's (150, 150).
    @Test func aClickOnACentredEffectTracesItsOwnPixel() throws {
        let folder = temporaryFolder()
        let scene = folder.appendingPathComponent("centred.json").path
        let shaders = Weft.packageRoot.appendingPathComponent("Shaders").path
        try """
        { "size": [300, 300], "scale": 1, "background": "#ffffffff", "shaders": ["\(shaders)"],
          "root": { "rectangle": {}, "modifiers": [ { "fill": "#ff8000ff" }, { "frame": { "width": 100, "height": 100 } },
                    { "colorEffect": { "shader": "grayscale", "args": { "amount": 1 } } } ] } }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let server = try XServer()
        let preview = try RunningPreview([scene, "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "150", "150", "click", "1"], environment: ["DISPLAY": server.display])
        try preview.waitFor("grayscale (color) at pixel (150, 150) — its layer's pixel (50, 50)")
        _ = try Tools.run("xdotool", ["mousemove", "--window", window, "20", "20", "click", "1"], environment: ["DISPLAY": server.display])
        let deadline = Date().addingTimeInterval(10)
        while !preview.errors.contains("no effect runs at pixel (20, 20)"), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(preview.errors.contains("no effect runs at pixel (20, 20)"), "\(preview.errors)")
        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
    }
}
