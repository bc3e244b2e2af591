import Foundation
import Testing
import WeftImage

@Test func everyStockEffectHasAPreset() throws {
    let effects = try CLI.stockEffects()
    #expect(effects.count >= 14)
    let data = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Shaders/presets.json"))
    let presets = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for name in effects.keys.sorted() { #expect(presets[name] != nil, "Shaders/presets.json has no preset for \(name)") }
    for name in presets.keys.sorted() { #expect(effects[name] != nil, "preset \(name) names no stock effect") }
    for (name, kind) in effects where kind == "layer" || kind == "distortion" {
        let entry = presets[name] as? [String: Any]
        #expect(entry?["maxSampleOffset"] != nil, "\(name) samples away from the pixel: its preset needs a maxSampleOffset")
    }
}

@Suite
struct GalleryCommandTests {
    @Test func galleryRendersEveryStockEffectSceneAndTheContactSheet() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // At half scale to keep the test short on lavapipe: every picture is 256×192 pixels.
        let run = try CLI.weft(["gallery", "--out", out.path, "--scale", "0.5"])
        #expect(run.status == 0, "\(run)")
        let effects = try CLI.stockEffects()
        for (name, kind) in effects {
            let file = out.appendingPathComponent("gallery/\(name).png").path
            let image = try PNGFile.load(path: file)
            #expect(image.width == 256 && image.height == 192, "\(name)")
            #expect(run.stdout.contains(name) && run.stdout.contains(kind))
        }
        let scenes = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }
        #expect(!scenes.isEmpty)
        for scene in scenes {
            let name = "scene-" + scene.dropLast(5) + ".png"
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("gallery/\(name)").path), "\(name)")
        }
        let sheet = try PNGFile.load(path: out.appendingPathComponent("gallery.png").path)
        #expect(sheet.width > 256 * 6 && sheet.height > 192 * 3, "six columns of 256×192 thumbnails, four rows")
        #expect(run.stdout.contains("\(effects.count + scenes.count) of \(effects.count + scenes.count) rendered"))
        // The effect actually ran: grayscale's output is gray where the pattern is colored.
        let gray = try PNGFile.load(path: out.appendingPathComponent("gallery/grayscale.png").path)
        let p = CLI.pixel(gray, 50, 1)
        #expect(abs(p.x - p.y) < 1.5 && abs(p.y - p.z) < 1.5)
    }

    @Test func onlyRendersTheNamedItems() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLI.weft(["gallery", "--out", out.path, "--only", "wave,scene-circles-group-opacity"])
        #expect(run.status == 0, "\(run)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("gallery").path).sorted()
        #expect(written == ["scene-circles-group-opacity.png", "wave.png"])
        let unknown = try CLI.weft(["gallery", "--out", out.path, "--only", "nothing"])
        // A name that is no item is a value that cannot be used (1), not a command line of the wrong shape (2).
        #expect(unknown.status == 1 && unknown.stderr.contains("nothing") && !unknown.stderr.contains("USAGE"), "\(unknown)")
    }

    /// A scene that switches layout by its size shows at three sizes side by side: the card grid as a column when
    /// narrow and a row when wide (orange first card, green last).
    @Test func aSizeSwitchingSceneShowsAtThreeSizes() throws {
        let out = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try CLI.weft(["gallery", "--out", out.path, "--only", "scene-card-grid"])
        #expect(run.status == 0, "\(run)")
        let strip = try PNGFile.load(path: out.appendingPathComponent("gallery/scene-card-grid.png").path)
        #expect(strip.width >= 3 * 480 && strip.height >= 240, "\(strip.width)x\(strip.height)")
        let orange = SIMD4<Float>(255, 159, 10, 255)
        func isOrange(_ x: Int, _ y: Int) -> Bool {
            let d: SIMD4<Float> = CLI.pixel(strip, x, y) - orange
            return max(abs(d.x), abs(d.y), abs(d.z)) < 3
        }
        let panel = strip.width / 3
        let narrowTop = (0..<panel).contains { x in (0..<strip.height / 4).contains { y in isOrange(x, y) } }
        let narrowBottom = (0..<panel).contains { x in (strip.height * 3 / 4..<strip.height).contains { y in isOrange(x, y) } }
        #expect(narrowTop && !narrowBottom, "the narrow grid is a column with its first card on top")
        let wideLeft = (2 * panel..<2 * panel + panel / 4).contains { x in (0..<strip.height).contains { y in isOrange(x, y) } }
        #expect(wideLeft, "the wide grid is a row with its first card on the left")
    }

    @Test func anEffectWithoutAPresetFailsAndTheRestGoOn() throws {
        // A stock folder of three effects whose presets cover only one, outside any checkout: posterize
        // renders from its `// @param` defaults, linearGradient (a ColorArray has no default) fails.
        let root = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let shaders = root.appendingPathComponent("Shaders")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        for name in ["grayscale", "linearGradient", "posterize"] {
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Shaders/\(name).glsl"),
                                             to: shaders.appendingPathComponent("\(name).glsl"))
        }
        try #"{"grayscale": {"args": {"amount": 1}}}"#.write(to: shaders.appendingPathComponent("presets.json"), atomically: true, encoding: .utf8)
        let work = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try CLI.weft(["gallery", "--out", "out"], in: work, environment: ["WEFT_STOCK_SHADERS": shaders.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("linearGradient") && run.stderr.contains("no preset"), "\(run)")
        #expect(!run.stderr.contains("posterize"), "\(run)")
        for name in ["grayscale", "posterize"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/gallery/\(name).png").path))
        }
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/gallery.png").path))
        #expect(run.stdout.contains("2 of 3 rendered"), "\(run)")
    }
}

@Test(.enabled(if: CLI.hasVulkan, "no Vulkan device (weft devices lists none)"))
func devicesListsLavapipeAndTheChoice() throws {
    let run = try CLI.weft(["devices"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("llvmpipe"))
    #expect(run.stdout.contains("weft would use: "))
    #expect(run.stdout.contains("* "))
}

@Test func devicesWithoutAVulkanDriverSaysSoAndExitsZero() throws {
    let run = try CLI.weft(["devices"], environment: ["VK_DRIVER_FILES": "/nonexistent/icd.json", "VK_ICD_FILENAMES": "/nonexistent/icd.json"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("no Vulkan devices") && run.stdout.contains("CPU evaluator"))
}
