import Foundation
import Testing
import WeftImage
import WeftTestSupport

/// Saving a shader changes what the window shows; a broken shader keeps the last frame, prints the author's line and
/// shows it in the window; fixing it recovers. Measured through the X server.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct HotReloadTests {
    static func shader(_ rgb: String, broken: Bool = false) -> String {
        """
        // paint (fill): one color everywhere.
        [[ stitchable ]]
        vec4 paint(vec2 position) { return vec4(\(rgb), 1.0)\(broken ? "" : ";") }

        """
    }

    /// Saves as editors do: a temporary file renamed over the old one.
    static func save(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func color(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * pixels.width + x) * 4
        return (0..<3).map { Int(pixels.bytes[i + $0]) }
    }

    static func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    /// Screenshots until `done` holds; the seconds it took, or nil after `timeout`.
    static func waitUntil(_ server: XServer, _ window: String, timeout: Double = 10,
                          _ done: (PixelBuffer) -> Bool) throws -> (seconds: Double, pixels: PixelBuffer)? {
        let start = Date()
        while true {
            let shot = try server.screenshot(window)
            if done(shot) { return (Date().timeIntervalSince(start), shot) }
            if Date().timeIntervalSince(start) > timeout { return nil }
        }
    }

    @Test func savingBreakingAndFixingAShader() throws {
        let folder = temporaryFolder()
        let path = folder.appendingPathComponent("paint.glsl").path
        try Self.save(Self.shader("0.2, 0.4, 0.6"), to: path)
        let server = try XServer()
        let preview = try RunningPreview(["--size", "160x120", "--shaders", folder.path, "--effect", "paint", "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        let first = try server.screenshot(window)
        #expect(Self.near(Self.color(first, 80, 60), [51, 102, 153]), "\(Self.color(first, 80, 60))")

        try Self.save(Self.shader("0.8, 0.4, 0.2"), to: path)
        let changed = try Self.waitUntil(server, window) { Self.near(Self.color($0, 80, 60), [204, 102, 51]) }
        #expect(changed != nil, "the saved shader never showed")
        if let changed { #expect(changed.seconds < 2, "shown after \(changed.seconds) s") }
        #expect(largestDifference(changed?.pixels ?? first, overBlack(try Weft.render(["--size", "160x120", "--shaders", folder.path,
                                                                                     "--effect", "paint"]))) ?? 255 <= 2)

        try Self.save(Self.shader("0.1, 0.9, 0.1", broken: true), to: path)
        try preview.waitFor("paint.glsl:3:", inErrors: true, timeout: 10)
        #expect(preview.errors.contains(path + ":3:") && preview.errors.contains("error:"), "\(preview.errors)")
        let broken = try Self.waitUntil(server, window) { !Self.near(Self.color($0, 6, 110), [204, 102, 51]) }
        #expect(broken != nil, "the error never showed in the window")
        if let broken {
            #expect(Self.near(Self.color(broken.pixels, 80, 20), [204, 102, 51]), "the last good frame stays above the error")
        }

        try Self.save(Self.shader("0.1, 0.9, 0.1"), to: path)
        let fixed = try Self.waitUntil(server, window) { Self.near(Self.color($0, 6, 110), [26, 230, 26]) }
        #expect(fixed != nil, "fixing the shader did not clear the error")
        try preview.waitFor("weft preview: fixed")

        try server.press("q", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}

/// The same for a scene file.
@Suite(.serialized, .enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
struct SceneReloadTests {
    static func scene(_ background: String) -> String {
        """
        { "size": [160, 120], "background": "\(background)",
          "root": { "circle": {}, "modifiers": [ { "fill": "#ffffff" }, { "frame": { "width": 40, "height": 40 } } ] } }
        """
    }

    @Test func aSceneThatNoLongerReadsIsShownAndFixed() throws {
        let path = temporaryFolder().appendingPathComponent("scene.json").path
        try HotReloadTests.save(Self.scene("#336699"), to: path)
        let server = try XServer()
        let preview = try RunningPreview([path, "--paused"], on: server)
        try preview.waitFor("weft preview: presenting")
        let window = try server.window(titled: "weft preview")
        #expect(try HotReloadTests.waitUntil(server, window) { HotReloadTests.near(HotReloadTests.color($0, 10, 10), [51, 102, 153]) } != nil)
        #expect(HotReloadTests.color(try server.screenshot(window), 80, 60) == [255, 255, 255], "the circle")

        try HotReloadTests.save(##"{ "size": [160, 120], "background": "#336699", "##, to: path)
        try preview.waitFor("weft preview: \(path):", inErrors: true, timeout: 10)
        let broken = try HotReloadTests.waitUntil(server, window) { !HotReloadTests.near(HotReloadTests.color($0, 6, 110), [51, 102, 153]) }
        #expect(broken != nil, "the error never showed in the window")
        if let broken { #expect(HotReloadTests.near(HotReloadTests.color(broken.pixels, 10, 10), [51, 102, 153]), "the last good frame stays") }

        try HotReloadTests.save(Self.scene("#993366"), to: path)
        let fixed = try HotReloadTests.waitUntil(server, window) { HotReloadTests.near(HotReloadTests.color($0, 6, 110), [153, 51, 102]) }
        #expect(fixed != nil, "fixing the scene did not show it")
        try server.press("Escape", window: window)
        #expect(preview.waitForExit() == 0, "\(preview.errors)")
        #expect(!preview.errors.contains("validation"), "\(preview.errors)")
    }
}
