import Foundation
import Testing
import Weft
@testable import WeftBench
import WeftRuntime
import WeftTestSupport

/// `weft bench` renders a scene by the scenes' one rule for merging options (docs/scenes.md, "Scene options and the
/// caller's"): the scene's own `frame` unless `--frame` is given, 1.25 s in unless `--time` says otherwise. Measured from
/// the probe scene's pixels on the CPU evaluator.
@Test func aSceneWorkloadMergesItsOptionsByTheRule() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-bench-options-\(UUID().uuidString)")
    let path = try SceneOptionsProbe.write(into: folder)
    let context = RenderContext(executor: try DeviceChoice.cpu.makeExecutor().executor)
    var given = BenchRunner.Settings()
    given.frame = 4
    given.reduceMotion = true
    given.sceneTime = 2
    for (settings, expected) in [(BenchRunner.Settings(), SceneOptionsProbe.expected(time: 1.25)),
                                 (given, SceneOptionsProbe.expected(time: 2, index: 4, reduceMotion: true))] {
        guard case .scene(let path, let time, let index, let options, _) = BenchWorkload.scene(path, settings: settings, fusion: false) else {
            Issue.record("not a scene workload")
            return
        }
        #expect(!options.fusion)
        let shown = try BenchWorkload.sceneFrame(path, time: time, index: index, options: options)
        let pixels = try context.render(shown.view, size: shown.size, options: shown.options).pixels
        #expect(SceneOptionsProbe.reading(pixels) == expected)
    }
}
