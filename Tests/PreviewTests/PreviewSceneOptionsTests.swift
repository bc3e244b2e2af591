import Foundation
import Testing
import WeftImage
import WeftPreview
import WeftRuntime
import WeftTestSupport

/// The preview merges a scene's options with its own by the scenes' one rule (docs/scenes.md, "Scene options and the
/// caller's"): the window's frames start from the scene's `frame` unless `--frame` is given, and count on from it.
@Suite(.serialized)
struct PreviewSceneOptionsTests {
    @Test func theClockCountsFramesOnFromTheContents() {
        var clock = PreviewClock(time: 0.5)
        let content = FrameContext(time: 0, index: 9, reduceMotion: false)
        #expect(clock.frameContext(from: content, mouse: SIMD2(1, 2)) == FrameContext(time: 0.5, index: 9, reduceMotion: false, mouse: SIMD2(1, 2)))
        clock.advance(by: 0.25)
        clock.advance(by: 0.25)
        #expect(clock.frameContext(from: content, mouse: .zero).index == 11)
        clock.reduceMotion = true
        #expect(clock.frameContext(from: content, mouse: .zero).reduceMotion)
        clock.reduceMotion = false
        #expect(clock.frameContext(from: FrameContext(reduceMotion: true), mouse: .zero).reduceMotion, "the scene's reduce-motion stays on")
    }

    /// The probe scene's pixels in the window's screenshot: its frame and scale, then `--frame`, `--time` and `--reduce-motion`.
    @Test(.enabled(if: XServer.unavailableReason == nil, Comment(rawValue: XServer.unavailableReason ?? "")))
    func theWindowShowsTheSceneWithItsOptionsMerged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-preview-options-\(UUID().uuidString)")
        let scene = try SceneOptionsProbe.write(into: folder)
        let server = try XServer()
        for (arguments, expected) in [([String](), SceneOptionsProbe.expected(time: 0)),
                                      (["--frame", "3", "--time", "0.5"], SceneOptionsProbe.expected(time: 0.5, index: 3)),
                                      (["--reduce-motion", "--time", "0.5"], SceneOptionsProbe.expected(time: 0.5, reduceMotion: true))] {
            let shot = folder.appendingPathComponent("shot-\(arguments.count).png").path
            let preview = try RunningPreview([scene, "--paused", "--frames", "2", "--screenshot", shot] + arguments, on: server)
            #expect(preview.waitForExit(timeout: 120) == 0, "\(preview.errors)")
            let captured = try PNGFile.load(path: shot)
            let reading = SceneOptionsProbe.reading(captured)
            #expect(reading.side == expected.side && reading.centre == expected.centre, "\(arguments): \(reading)")
            #expect(!preview.errors.contains("validation"), "\(preview.errors)")
        }
    }
}
