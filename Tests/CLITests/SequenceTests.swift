import Foundation
import Testing
import WeftImage

/// `weft render --frames`: names and counts, shards, failures that do not stop the rest, a frame
/// alone equal to the same frame of a sequence, shader arguments and `$time` over time, APNG.
/// On the CPU evaluator, and on lavapipe where a Vulkan device is there.
struct SequenceTests {
    static var devices: [String] { CLI.hasVulkan ? ["cpu", "llvmpipe"] : ["cpu"] }

    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A color effect writing its argument to red and the fraction of `$time` to green.
    static let probe = """
    [[ stitchable ]]
    vec4 levelProbe(vec2 position, vec4 color, float level) {
        return vec4(level, fract(weftTime()), 0.0, 1.0) * color.a;
    }
    """

    /// A square sliding right under a spring while the probe's level rises linearly, from 0.1 s.
    static let scene = """
    {"size": [24, 8], "shaders": ["probe"], "background": "#000000",
     "states": {
       "start": {"zstack": [{"rectangle": {}, "modifiers": [{"frame": {"width": 4, "height": 4}}, {"offset": {"x": -8}},
                                                           {"colorEffect": {"shader": "levelProbe", "args": {"level": 0}}}]}]},
       "end": {"zstack": [{"rectangle": {}, "modifiers": [{"frame": {"width": 4, "height": 4}}, {"offset": {"x": 8}},
                                                         {"colorEffect": {"shader": "levelProbe", "args": {"level": 1}}}]}]}},
     "timeline": [{"state": "start"}, {"at": 0.1, "state": "end", "animation": {"spring": {"response": 0.3, "dampingFraction": 0.6}}}]}
    """

    func writeScene() throws -> String {
        try FileManager.default.createDirectory(atPath: path("probe"), withIntermediateDirectories: true)
        try Self.probe.write(toFile: path("probe/probe.glsl"), atomically: true, encoding: .utf8)
        try Self.scene.write(toFile: path("scene.json"), atomically: true, encoding: .utf8)
        return path("scene.json")
    }

    func frameFiles(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted()
    }

    @Test(arguments: devices)
    func framesAreNamedAndCounted(device: String) throws {
        let run = try CLI.weft(["render", try writeScene(), "--frames", "2..6", "--fps", "10", "--device", device,
                                "-o", path("out/f%03d.png")])
        #expect(run.status == 0, "\(run)")
        #expect(try frameFiles(in: "out") == ["f002.png", "f003.png", "f004.png", "f005.png", "f006.png"])
        #expect(run.stdout.contains("5 of 5 frames rendered"), "\(run)")
    }

    @Test func shardsCoverEveryFrameExactlyOnce() throws {
        let scene = try writeScene()
        var written: [String] = []
        for shard in 0..<3 {
            let run = try CLI.weft(["render", scene, "--frames", "0..9", "--shard", "\(shard)/3", "--device", "cpu",
                                    "-o", path("s\(shard)/f%02d.png")])
            #expect(run.status == 0, "\(run)")
            let files = try frameFiles(in: "s\(shard)")
            #expect(files.contains("weft-shard-\(shard)-of-3.json"), "each shard leaves its manifest: \(files)")
            written += files.filter { $0.hasSuffix(".png") }
        }
        #expect(written.count == 10)
        #expect(written.sorted() == (0...9).map { String(format: "f%02d.png", $0) })
    }

    @Test func aFailedFrameIsReportedAndTheRestGoOn() throws {
        let scene = try writeScene()
        for blocked in ["f3.png", "f5.png"] { try FileManager.default.createDirectory(atPath: path("out/" + blocked), withIntermediateDirectories: true) }
        let run = try CLI.weft(["render", scene, "--frames", "0..6", "--device", "cpu", "-o", path("out/f%d.png")])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("frame 3 (t=0.1 s)") && run.stderr.contains("frame 5"), "\(run)")
        #expect(run.stderr.contains("2 frames failed: 3, 5"), "\(run)")
        for n in [0, 1, 2, 4, 6] { #expect(FileManager.default.fileExists(atPath: path("out/f\(n).png")), "frame \(n)") }
    }

    /// Frame 4 at 20 frames/s is t = 0.2 s, mid-spring: rendered alone with --time and --frame it is the same
    /// file, bit for bit.
    @Test(arguments: devices)
    func aFrameAloneEqualsTheSameFrameOfTheSequence(device: String) throws {
        let scene = try writeScene()
        let sequence = try CLI.weft(["render", scene, "--frames", "0..6", "--fps", "20", "--device", device, "-o", path("seq/%d.png")])
        #expect(sequence.status == 0, "\(sequence)")
        let alone = try CLI.weft(["render", scene, "--time", "0.2", "--frame", "4", "--device", device, "-o", path("alone.png")])
        #expect(alone.status == 0, "\(alone)")
        // A sequence's PNGs are compressed faster than a single image's: the pixels are equal, the bytes need not be.
        let a = try PNGFile.load(path: path("seq/4.png"))
        #expect(a == (try PNGFile.load(path: path("alone.png"))))
        #expect(a != (try PNGFile.load(path: path("seq/6.png"))), "the frames differ over time")
    }

    /// Every frame of a sequence — rendered while the next one is submitted, through the executor's ring of frame
    /// slots — is the frame rendered alone, pixel for pixel; with the validation layer on, it says nothing.
    @Test(arguments: devices)
    func everyFrameOfThePipelinedSequenceEqualsTheFrameAlone(device: String) throws {
        let scene = try writeScene()
        let validation = ["WEFT_VALIDATION": "1"]
        let sequence = try CLI.weft(["render", scene, "--frames", "0..5", "--fps", "20", "--device", device, "-o", path("seq/%d.png")],
                                    environment: validation)
        #expect(sequence.status == 0 && !sequence.stderr.contains("validation"), "\(sequence)")
        for n in 0...5 {
            let alone = try CLI.weft(["render", scene, "--time", "\(Double(n) / 20)", "--frame", "\(n)", "--device", device,
                                      "-o", path("alone\(n).png")], environment: validation)
            #expect(alone.status == 0, "\(alone)")
            #expect(try PNGFile.load(path: path("seq/\(n).png")) == (try PNGFile.load(path: path("alone\(n).png"))), "frame \(n)")
        }
    }

    /// The probe's level (red) follows the spring; `$time` (green) is the frame's time, frozen at 0 under reduce-motion.
    @Test(arguments: devices)
    func shaderArgumentsAndTimeFollowTheFrame(device: String) throws {
        let scene = try writeScene()
        let run = try CLI.weft(["render", scene, "--time", "0.35", "--device", device, "-o", path("t.png")])
        #expect(run.status == 0, "\(run)")
        let w = 2 * Double.pi / 0.3, z = 0.6, wd = w * (1 - z * z).squareRoot(), t = 0.25
        let spring = 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
        // The square's centre sits at −8 + 16·spring points from the middle.
        let x = Int((12 - 8 + 16 * spring).rounded(.down))
        let pixel = CLI.pixel(try PNGFile.load(path: path("t.png")), x, 4)
        #expect(abs(Double(pixel.x) - min(spring, 1) * 255) <= 1.5, "\(pixel) spring \(spring)")
        #expect(abs(Double(pixel.y) - 0.35 * 255) <= 1.5, "\(pixel)")
        let reduced = try CLI.weft(["render", scene, "--time", "0.35", "--reduce-motion", "--device", device, "-o", path("r.png")])
        #expect(reduced.status == 0, "\(reduced)")
        #expect(CLI.pixel(try PNGFile.load(path: path("r.png")), x, 4).y == 0)
    }

    @Test func anAPNGHoldsTheSequence() throws {
        let scene = try writeScene()
        let run = try CLI.weft(["render", scene, "--frames", "0..4", "--device", "cpu", "-o", path("a/%d.png"), "--apng", path("a.png")])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("5 frames at 30.0 frames/s"), "\(run)")
        // Any PNG reader shows the first frame.
        #expect(try PNGFile.load(path: path("a.png")) == (try PNGFile.load(path: path("a/0.png"))))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("a.png")))
        #expect(bytes.range(of: Data("acTL".utf8)) != nil && bytes.range(of: Data("fdAT".utf8)) != nil)
    }

    /// `--frames all` renders a scene from its start to its end: its `"duration"` × fps frames, 0 to ⌈duration × fps⌉ − 1;
    /// a scene that does not play, and an image, have none.
    @Test func allFramesOfASceneRunFromItsStartToItsEnd() throws {
        let scene = try writeScene()
        let timed = path("timed.json")
        try Self.scene.replacingOccurrences(of: "\"size\"", with: "\"duration\": 0.45, \"size\"").write(toFile: timed, atomically: true, encoding: .utf8)
        let run = try CLI.weft(["render", timed, "--frames", "all", "--fps", "20", "--device", "cpu", "-o", path("all/%02d.png")])
        #expect(run.status == 0, "\(run)")
        #expect(try frameFiles(in: "all") == (0...8).map { String(format: "%02d.png", $0) }, "0.45 s at 20 frames/s: 9 frames")
        // The timeline's own end: its spring settles, and the last frame shows the square at rest.
        let own = try CLI.weft(["render", scene, "--frames", "all", "--fps", "10", "--device", "cpu", "-o", path("own/%02d.png")])
        #expect(own.status == 0, "\(own)")
        #expect(try frameFiles(in: "own").count > 1, "\(own)")
        try "{\"size\": [8, 8], \"root\": {\"rectangle\": {}}}".write(toFile: path("still.json"), atomically: true, encoding: .utf8)
        let still = try CLI.weft(["render", path("still.json"), "--frames", "all", "-o", path("still/%02d.png")])
        #expect(still.status == 1 && still.stderr.contains("no frames of its own"), "\(still)")
        let image = try CLI.weft(["render", CLI.pattern, "--effect", "colorInvert", "--frames", "all", "-o", path("image/%02d.png")])
        #expect(image.status == 2 && image.stderr.contains("an image or a fill has no end"), "\(image)")
    }

    /// A command line of the wrong shape exits 2; a value that cannot be used exits 1 (as everywhere in `weft`).
    @Test(arguments: [
        (["--fps", "10"], "--frames", 2),
        (["--frames", "0..3"], "%d", 1),
        (["--frames", "3..1", "-o", "x%d.png"], "A..B", 1),
        (["--frames", "0..3", "--shard", "3/3", "-o", "x%d.png"], "I/N", 1),
        (["--frames", "0..3", "--shard", "0/2", "--apng", "a.png", "-o", "x%d.png"], "--shard", 2),
        (["--frames", "0..3", "--time", "1", "-o", "x%d.png"], "--time", 2),
    ])
    func badSequenceCommandLinesAreRefused(extra: [String], word: String, status: Int32) throws {
        let output = extra.contains("-o") ? [] : ["-o", path("x.png")]
        let run = try CLI.weft(["render", try writeScene()] + extra + output)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains(word), "\(run)")
    }
}
