import Foundation
import Testing
import WeftImage
import WeftTestSupport

/// What `weft render` takes beyond effects and arguments: `--frame` and `--reduce-motion`
/// (and the scene fields of the same names), `blendEffect` in scenes, and the rule that a
/// shader folder with any function that does not compile fails the command. On the CPU
/// evaluator, and on lavapipe where a Vulkan device is there.
struct RenderInputsTests {
    static var devices: [String] { CLI.hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"] }

    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func write(_ text: String, to name: String) throws {
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path(name)).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// A color effect that writes the frame index (as its argument and through the prelude) and
    /// the reduce-motion flag into the color channels.
    static let probe = """
    [[ stitchable ]]
    vec4 frameProbe(vec2 position, vec4 color, float frame, float reduce) {
        return vec4(frame / 255.0, float(weftFrame()) / 255.0, weftReduceMotion() ? reduce : 0.2, 1.0);
    }
    """

    /// An `Image` argument is read by its content: a JPEG reaches the effect as the pixels libjpeg-turbo decodes.
    @Test(arguments: devices)
    func aJPEGIsAnImageArgument(device: String) throws {
        try write("[[ stitchable ]]\nvec4 textured(vec2 position, Image img) { return sampleImage(img, position); }\n",
                  to: "textured/textured.glsl")
        let jpeg = CLI.packageRoot.appendingPathComponent("Fuzz/corpus/jpeg/baseline-420.jpg").path
        let run = try CLI.weft(["render", "--size", "16x12", "--shaders", path("textured"), "--effect", "textured", "--arg", "img=" + jpeg,
                                "--device", device, "-o", path("jpeg.png")])
        #expect(run.status == 0, "\(run)")
        let decoded = try ImageFile.load(path: jpeg)
        let rendered = try PNGFile.load(path: path("jpeg.png"))
        #expect(decoded.width == 16 && decoded.height == 12)
        var largest: Float = 0
        for y in 0..<12 {
            for x in 0..<16 {
                let d = CLI.pixel(rendered, x, y) - CLI.pixel(decoded, x, y)
                largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
        }
        #expect(largest <= 1, "\(largest)/255")
    }

    @Test(arguments: devices)
    func frameAndReduceMotionReachEffects(device: String) throws {
        try write(Self.probe, to: "probe/probe.glsl")
        let base = [CLI.pattern, "--shaders", path("probe"), "--effect", "frameProbe", "--arg", "frame=$frame",
                    "--arg", "reduce=$reduceMotion", "--device", device]
        let plain = try CLI.weft(["render"] + base + ["-o", path("plain.png")])
        #expect(plain.status == 0, "\(plain)")
        let set = try CLI.weft(["render"] + base + ["--frame", "7", "--reduce-motion", "-o", path("set.png")])
        #expect(set.status == 0, "\(set)")
        #expect(CLI.pixel(try PNGFile.load(path: path("plain.png")), 3, 3) == SIMD4(0, 0, 51, 255))
        #expect(CLI.pixel(try PNGFile.load(path: path("set.png")), 3, 3) == SIMD4(7, 7, 255, 255))
    }

    /// `weft render` merges the scene's options with the command line's by the scenes' one rule (docs/scenes.md): the
    /// scene's scale times `--scale`, its background, its `frame` unless `--frame`, reduce-motion from either, `--time`.
    @Test(arguments: devices)
    func sceneOptionsMergeWithTheCommandLinesByTheRule(device: String) throws {
        let scene = try SceneOptionsProbe.write(into: folder)
        let cases: [([String], (side: Int, corner: SIMD4<UInt8>, centre: SIMD4<UInt8>))] = [
            ([], SceneOptionsProbe.expected(time: 0)),
            (["--scale", "1.5", "--time", "0.5"], SceneOptionsProbe.expected(scale: 1.5, time: 0.5)),
            (["--frame", "3", "--reduce-motion", "--time", "2"], SceneOptionsProbe.expected(time: 2, index: 3, reduceMotion: true)),
        ]
        for (index, (arguments, expected)) in cases.enumerated() {
            let out = path("options-\(index).png")
            let run = try CLI.weft(["render", scene, "--device", device, "-o", out] + arguments)
            #expect(run.status == 0, "\(run)")
            #expect(SceneOptionsProbe.reading(try PNGFile.load(path: out)) == expected, "\(arguments)")
        }
    }

    @Test(arguments: devices)
    func sceneFramesAndReduceMotionAndTheirOverride(device: String) throws {
        try write(Self.probe, to: "probe/probe.glsl")
        try write("""
        {"size": [4, 4], "frame": 9, "reduceMotion": true, "shaders": ["probe"],
         "root": {"color": "#ffffff", "modifiers": [{"colorEffect": {"shader": "frameProbe", "args": {"frame": "$frame", "reduce": "$reduceMotion"}}}]}}
        """, to: "frames.json")
        let own = try CLI.weft(["render", path("frames.json"), "--device", device, "-o", path("own.png")])
        #expect(own.status == 0, "\(own)")
        #expect(CLI.pixel(try PNGFile.load(path: path("own.png")), 1, 1) == SIMD4(9, 9, 255, 255))
        let given = try CLI.weft(["render", path("frames.json"), "--frame", "3", "--device", device, "-o", path("given.png")])
        #expect(given.status == 0, "\(given)")
        #expect(CLI.pixel(try PNGFile.load(path: path("given.png")), 1, 1) == SIMD4(3, 3, 255, 255))
    }

    @Test func badFrameValuesAreRefused() throws {
        let run = try CLI.weft(["render", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--frame", "-1", "-o", path("x.png")])
        #expect(run.status == 2 && run.stderr.contains("--frame -1"), "\(run)")
        try write(##"{"size": [4, 4], "frame": 1.5, "root": {"color": "#ffffff"}}"##, to: "bad.json")
        let scene = try CLI.weft(["render", path("bad.json"), "--device", "cpu", "-o", path("x.png")])
        #expect(scene.status == 1 && scene.stderr.contains("frame") && scene.stderr.contains("whole number"), "\(scene)")
    }

    @Test(arguments: devices)
    func scenesTakeBlendEffects(device: String) throws {
        try write("""
        {"size": [4, 4], "shaders": ["\(CLI.packageRoot.path)/Shaders"],
         "root": {"zstack": [{"color": "#ff0000"},
                             {"color": "#0000ff", "modifiers": [{"blendEffect": {"shader": "differenceBlend"}}]}]}}
        """, to: "blend.json")
        let run = try CLI.weft(["render", path("blend.json"), "--device", device, "-o", path("blend.png")])
        #expect(run.status == 0, "\(run)")
        #expect(CLI.pixel(try PNGFile.load(path: path("blend.png")), 2, 2) == SIMD4(255, 0, 255, 255))
    }

    @Test(arguments: devices)
    func aFolderWithABodyErrorFailsEvenForAnotherEffect(device: String) throws {
        try write("""
        [[ stitchable ]]
        vec4 fine(vec2 position, vec4 color) { return color; }
        """, to: "mixed/fine.glsl")
        try write("""
        [[ stitchable ]]
        vec4 broken(vec2 position, vec4 color) {
            return color * undefinedThing;
        }
        """, to: "mixed/broken.glsl")
        let run = try CLI.weft(["render", CLI.pattern, "--shaders", path("mixed"), "--effect", "fine", "--device", device,
                                "-o", path("fine.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("broken.glsl:3:") && run.stderr.contains("undefinedThing"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: path("fine.png")))

        try write("""
        {"size": [4, 4], "shaders": ["mixed"], "root": {"color": "#ffffff", "modifiers": [{"colorEffect": {"shader": "fine"}}]}}
        """, to: "mixed.json")
        let scene = try CLI.weft(["render", path("mixed.json"), "--device", device, "-o", path("scene.png")])
        #expect(scene.status == 1 && scene.stderr.contains("undefinedThing"), "\(scene)")
    }
}
