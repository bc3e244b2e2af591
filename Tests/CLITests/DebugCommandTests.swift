import Foundation
import Testing

@Suite
struct DebugCommandTests {
    @Test func tracesAnEffectAtAPixelAsTextAndAsJSON() throws {
        let arguments = ["debug", CLI.pattern, "--effect", "wave", "--arg", "amplitude=10", "--arg", "wavelength=64", "--arg", "phase=0",
                         "--pixel", "100,50"]
        let text = try CLI.weft(arguments)
        #expect(text.status == 0, "\(text)")
        // The wave's layer is padded by its preset's maxSampleOffset, so its pixel under (100, 50) lies lower.
        #expect(text.stdout.contains("wave (distortion) at pixel (100, 50) — its layer's pixel (100, "), "\(text)")
        #expect(text.stdout.contains("point (100.5, 50.5)"), "\(text)")
        #expect(text.stdout.contains("float k = 6.28318530718 / max(wavelength, 1e-3);"), "\(text)")
        #expect(text.stdout.contains("k = \(Float(6.28318530718) / 64)  (float)"), "\(text)")
        #expect(text.stdout.contains("returns (100.5, "), "\(text)")

        let json = try CLI.weft(arguments + ["--json"])
        #expect(json.status == 0, "\(json)")
        let top = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(top["pixel"] as? [Int] == [100, 50])
        let traces = try #require(top["traces"] as? [[String: Any]])
        let object = try #require(traces.first)
        #expect(traces.count == 1 && object["effect"] as? String == "wave")
        #expect(object["pixel"] as? [Int] == [100, 50] && (object["effectPixel"] as? [Int])?.first == 100)
        #expect(object["point"] as? [Double] == [100.5, 50.5])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.contains { $0["kind"] as? String == "store" && $0["name"] as? String == "k" && $0["line"] as? Int != nil })
    }

    @Test func tracesAnEffectOfAScene() throws {
        // examples/badge-tint.json waves its badge (in the middle of the picture) with the stock wave (amplitude 8,
        // wavelength 90); the picture's corner is background.
        let run = try CLI.weft(["debug", "examples/badge-tint.json", "--pixel", "50,40", "--trace", "wave", "--scale", "0.25"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("wave (distortion) at pixel (50, 40)") && run.stdout.contains("Shaders/wave.glsl:"), "\(run)")
        let corner = try CLI.weft(["debug", "examples/badge-tint.json", "--pixel", "2,2", "--trace", "wave", "--scale", "0.25"])
        #expect(corner.status == 1 && corner.stderr.contains("effect 'wave' does not run at pixel (2, 2)"), "\(corner)")
        #expect(run.stdout.contains("k = \(Float(6.28318530718) / 90)  (float)"), "\(run)")
    }

    @Test func badPixelsAreRefused() throws {
        let base = ["debug", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1"]
        let missing = try CLI.weft(base)
        #expect(missing.status == 2 && missing.stderr.contains("--pixel"), "\(missing)")
        let malformed = try CLI.weft(base + ["--pixel", "3"])
        #expect(malformed.status == 1 && malformed.stderr.contains("--pixel \"3\""), "\(malformed)")
        let outside = try CLI.weft(base + ["--pixel", "600,10"])
        #expect(outside.status == 1 && outside.stderr.contains("pixel (600, 10) is outside the 512×384 picture"), "\(outside)")
        let other = try CLI.weft(base + ["--pixel", "1,1", "--trace", "wave"])
        #expect(other.status == 1 && other.stderr.contains("effect 'wave' does not run at pixel (1, 1); effects of this render: grayscale"), "\(other)")
    }

    /// A 100×100 effect centred on a 300×300 scene: X,Y are output pixels, background pixels are refused, and --json
    /// gives {"pixel", "traces"} with the effect's own pixel.
    @Test func aSceneEffectIsFoundAtItsOutputPixels() throws {
        let folder = CLI.temporaryDirectory()
        let scene = folder.appendingPathComponent("centred.json")
        let shaders = CLI.packageRoot.appendingPathComponent("Shaders").path
        try """
        { "size": [300, 300], "scale": 1, "background": "#ffffffff", "shaders": ["\(shaders)"],
          "root": { "rectangle": {}, "modifiers": [ { "fill": "#ff8000ff" }, { "frame": { "width": 100, "height": 100 } },
                    { "colorEffect": { "shader": "grayscale", "args": { "amount": 1 } } } ] } }
        """.write(to: scene, atomically: true, encoding: .utf8)
        let centre = try CLI.weft(["debug", scene.path, "--pixel", "150,150", "--json"])
        #expect(centre.status == 0, "\(centre)")
        let top = try #require(try JSONSerialization.jsonObject(with: Data(centre.stdout.utf8)) as? [String: Any])
        #expect(top["pixel"] as? [Int] == [150, 150])
        let traces = try #require(top["traces"] as? [[String: Any]])
        #expect(traces.count == 1 && traces[0]["effect"] as? String == "grayscale" && traces[0]["effectPixel"] as? [Int] == [50, 50], "\(centre)")
        let background = try CLI.weft(["debug", scene.path, "--pixel", "50,50"])
        #expect(background.status == 1 && background.stderr.contains("no effect runs at pixel (50, 50); effects of this render: grayscale"), "\(background)")
    }

    /// A stitched colour chain is traced stage by stage, each naming the kernel the render stitches it into.
    @Test func aStitchedChainIsTracedStageByStage() throws {
        let run = try CLI.weft(["debug", "examples/stitched-chain.json", "--pixel", "64,48", "--scale", "0.25", "--json"])
        #expect(run.status == 0, "\(run)")
        let top = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let traces = try #require(top["traces"] as? [[String: Any]])
        #expect(traces.compactMap { $0["effect"] as? String } == ["wave", "grayscale", "radialTint", "vignette"], "\(run)")
        let kernels = Set(traces.dropFirst().compactMap { $0["stitchedInto"] as? String })
        #expect(kernels.count == 1 && kernels.first?.contains("grayscale+radialTint+vignette") == true, "\(kernels)")
        let text = try CLI.weft(["debug", "examples/stitched-chain.json", "--pixel", "64,48", "--scale", "0.25"])
        #expect(text.stdout.contains("[4/4] vignette (color) at pixel (64, 48)") && text.stdout.contains("a stage of the stitched kernel"), "\(text)")
    }
}
