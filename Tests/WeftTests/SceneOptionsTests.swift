import Foundation
import Testing
@testable import Weft
import WeftCatalog
import WeftImage
import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftTestSupport
@testable import WeftViews

/// A scene's options and its caller's are merged by one rule (`Scene.options(at:index:caller:)`): scale multiplies,
/// the background is the scene's, `$frame` the caller's when given, reduce-motion either's, the rest the caller's.
/// The rule field by field, then `RenderContext.render(_:at:)` and the gallery measured from the probe scene's pixels.
struct SceneOptionsTests {
    @Test func theRuleFieldByField() throws {
        var scene = try parseScene(##"{"size": [4, 4], "scale": 2, "background": "#ff0000", "frame": 9, "root": {"color": "#ffffff"}}"##)
        let caller = RenderOptions(scale: 1.5, frame: FrameContext(time: 99, index: 4, reduceMotion: false, mouse: SIMD2(3, 5)),
                                   background: Color(red: 0, green: 1, blue: 0), outputFormat: .rgba16Float,
                                   workingColorMode: .linear, keepOverflow: true, fusion: false, engineGaussian: false)
        let merged = scene.options(at: 0.5, caller: caller)
        #expect(merged.scale == 3)
        #expect(merged.background == Color(red: 1, green: 0, blue: 0))
        #expect(merged.frame == FrameContext(time: 0.5, index: 9, reduceMotion: false, mouse: SIMD2(3, 5)))
        #expect(merged.outputFormat == .rgba16Float && merged.workingColorMode == .linear)
        #expect(merged.keepOverflow && !merged.fusion && merged.engineGaussian == false)
        #expect(scene.options(at: 0.5, index: 4, caller: caller).frame.index == 4)
        // Reduce-motion: either side turns it on, neither turns it off.
        #expect(scene.options(at: 0, caller: RenderOptions(frame: FrameContext(reduceMotion: true))).frame.reduceMotion)
        scene.reduceMotion = true
        #expect(scene.options(at: 0).frame.reduceMotion)
        // The default caller keeps the scene's own.
        #expect(scene.options(at: 0).scale == 2)
        #expect(scene.frame(at: 0.25, caller: caller).options.frame == scene.options(at: 0.25, caller: caller).frame)
    }

    static func load(_ path: String) throws -> Scene {
        try Scene.load(contentsOf: path) { folders in
            try LibraryShaderProvider(folders: folders, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
    }

    @Test(arguments: Backend.allCases)
    func renderContextFollowsTheRule(backend: Backend) throws {
        let scene = try Self.load(try SceneOptionsProbe.write(into: temporaryFolder()))
        let context = try backend.makeContext()
        let own = try context.render(scene, at: 0.5)
        #expect(SceneOptionsProbe.reading(own.pixels) == SceneOptionsProbe.expected(time: 0.5))
        let given = try context.render(scene, at: 1, index: 3, options: RenderOptions(scale: 1.5, frame: FrameContext(reduceMotion: true)))
        #expect(SceneOptionsProbe.reading(given.pixels) == SceneOptionsProbe.expected(scale: 1.5, time: 1, index: 3, reduceMotion: true))
    }

    @Test func theGalleryFollowsTheRule() throws {
        let folder = temporaryFolder()
        let path = try SceneOptionsProbe.write(into: folder)
        let context = try Backend.cpu.makeContext()
        let catalog = try EffectCatalog(paths: [folder.appendingPathComponent("probe").path])
        let pattern = PixelBuffer.blank(width: 4, height: 4, format: .rgba8Unorm)
        for (scale, frame, reduceMotion) in [(Float(1), UInt32?.none, false), (1.5, 4, true)] {
            let gallery = Gallery(pattern: pattern, catalog: catalog, scenes: [path], scale: scale, frame: frame, reduceMotion: reduceMotion)
            let item = try #require(gallery.items(only: ["scene-options-probe"]).first)
            let (view, size, options) = try item.make()
            let pixels = try context.render(view, size: size, options: options).pixels
            #expect(SceneOptionsProbe.reading(pixels) == SceneOptionsProbe.expected(scale: scale, time: 0, index: frame, reduceMotion: reduceMotion))
        }
    }

    func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-scene-options-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
