import Foundation
import Testing
import WeftImage

/// Every way `weft render` refuses: exit 1 with a message that names the problem, or 2 with usage. Runs on the
/// default device (the CPU evaluator where there is no Vulkan).
@Suite
struct RenderErrorTests {
    let folder = CLI.temporaryDirectory()

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func render(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
        try CLI.weft(["render"] + arguments, environment: environment)
    }

    var gray: [String] { [CLI.pattern, "--effect", "grayscale", "--arg", "amount=1"] }

    @Test func unknownEffectListsTheAvailableOnes() throws {
        let run = try render([CLI.pattern, "--effect", "sepiaDream", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("unknown effect 'sepiaDream'"))
        for name in ["grayscale", "boxBlur", "wave", "checkerboard"] { #expect(run.stderr.contains(name)) }
        #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    }

    /// A view under more modifiers than a tree may nest views is refused by name, at the modifier too many; at the limit,
    /// under overlays (what takes the most stack a level, with shadows, whose nesting is slow to render), it renders.
    /// Before, a view under 5,000 modifiers overflowed the stack.
    @Test func aTreeDeeperThanThePlannerTakesIsANamedError() throws {
        func scene(levels: Int) -> String {
            let modifiers = Array(repeating: ##"{"overlay": {"color": "#00000000"}}"##, count: levels).joined(separator: ", ")
            return #"{"size": [16, 16], "root": {"text": "deep", "modifiers": ["# + modifiers + "]}}"
        }
        // The text, and each modifier a view around it.
        let deepest = 512
        try scene(levels: deepest - 1).write(toFile: path("deepest.json"), atomically: true, encoding: .utf8)
        try scene(levels: 5000).write(toFile: path("deeper.json"), atomically: true, encoding: .utf8)
        let fits = try render([path("deepest.json"), "--device", "cpu", "-o", path("deepest.png")])
        #expect(fits.status == 0, "\(fits)")
        let deeper = try render([path("deeper.json"), "--device", "cpu", "-o", path("deeper.png")])
        #expect(deeper.status == 1 && deeper.stderr.contains("root.modifiers[511]: the view nests 513 views deep (")
                && deeper.stderr.contains("more than the 512"), "\(deeper)")
        #expect(!FileManager.default.fileExists(atPath: path("deeper.png")))
    }

    /// With no font installed (fontconfig given an empty configuration) a scene with text is refused by name, not a trap;
    /// a scene without text still renders.
    @Test func textWithoutAnyFontIsANamedError() throws {
        let config = path("empty-fonts.conf")
        try "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".write(toFile: config, atomically: true, encoding: .utf8)
        let noFonts = ["FONTCONFIG_FILE": config, "XDG_CACHE_HOME": path("font-cache")]
        try ##"{"size": [40, 20], "root": {"text": "Weft"}}"##.write(toFile: path("text.json"), atomically: true, encoding: .utf8)
        let run = try render([path("text.json"), "-o", path("text.png")], environment: noFonts)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("no installed font") && run.stderr.contains("fonts-inter"), "\(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        try ##"{"size": [40, 20], "root": {"color": "#ff0000"}}"##.write(toFile: path("color.json"), atomically: true, encoding: .utf8)
        let plain = try render([path("color.json"), "-o", path("color.png")], environment: noFonts)
        #expect(plain.status == 0, "\(plain)")
    }

    @Test func badArgumentValueNamesTheParameter() throws {
        let run = try render([CLI.pattern, "--effect", "grayscale", "--arg", "amount=lots", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("'amount'") && run.stderr.contains("\"lots\""))
        let vector = try render([CLI.pattern, "--effect", "radialTint", "--arg", "center=1,2,3", "--arg", "radius=1",
                                 "--arg", "tint=#ff0000", "-o", path("x.png")])
        #expect(vector.status == 1 && vector.stderr.contains("'center'") && vector.stderr.contains("2 numbers"), "\(vector)")
        let color = try render([CLI.pattern, "--effect", "radialTint", "--arg", "center=1,2", "--arg", "radius=1",
                                "--arg", "tint=#ff00", "-o", path("x.png")])
        #expect(color.status == 1 && color.stderr.contains("'tint'"), "\(color)")
    }

    @Test func argumentNamingNoParameterIsRefused() throws {
        let run = try render([CLI.pattern, "--effect", "grayscale", "--arg", "strength=1", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("no parameter 'strength'") && run.stderr.contains("amount"))
    }

    @Test func missingArgumentSaysWhichAndOffersThePreset() throws {
        let run = try render([CLI.pattern, "--effect", "grayscale", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("amount") && run.stderr.contains("--preset"))
    }

    /// The command line refuses a color effect's maxSampleOffset with the sentence a scene file gets.
    @Test func maxSampleOffsetOnAColorEffectIsRefusedAsInScenes() throws {
        let run = try render(gray + ["--max-sample-offset", "4", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("--max-sample-offset: maxSampleOffset applies to layer and distortion effects; a color effect samples only its own pixel"),
                "\(run)")
        #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    }

    @Test func missingOutputIsAUsageError() throws {
        let run = try render(gray)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("-o") && run.stderr.contains("USAGE: weft render"))
    }

    @Test func argumentBeforeAnyEffectIsAUsageError() throws {
        let run = try render([CLI.pattern, "--arg", "amount=1", "--effect", "grayscale", "-o", path("x.png")])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("before any --effect") && run.stderr.contains("USAGE"))
        let offset = try render([CLI.pattern, "--max-sample-offset", "4", "--effect", "boxBlur", "-o", path("x.png")])
        #expect(offset.status == 2, "\(offset)")
    }

    @Test func otherUsageErrors() throws {
        for arguments in [["--effect", "grayscale", "-o", path("x.png")],                         // no input
                          [CLI.pattern, "-o", path("x.png")],                                      // no effect
                          gray + ["--size", "10x10", "-o", path("x.png")],                          // input and --size
                          gray + ["--colour", "-o", path("x.png")]] {
            let run = try render(arguments)
            #expect(run.status == 2, "\(arguments): \(run)")
        }
    }

    @Test func unreadableOrCorruptInputNamesTheFile() throws {
        let missing = path("missing.png")
        let run = try render([missing, "--effect", "grayscale", "--arg", "amount=1", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(missing) && run.stderr.contains("no such file"))

        let corrupt = path("corrupt.png")
        try Data("this is not a PNG".utf8).write(to: URL(fileURLWithPath: corrupt))
        let bad = try render([corrupt, "--effect", "grayscale", "--arg", "amount=1", "-o", path("x.png")])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderr.contains(corrupt) && bad.stderr.contains("not a PNG"))

        // A real PNG cut short.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.pattern))
        let truncated = path("truncated.png")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let cut = try render([truncated, "--effect", "grayscale", "--arg", "amount=1", "-o", path("x.png")])
        #expect(cut.status == 1 && cut.stderr.contains(truncated), "\(cut)")
    }

    @Test(arguments: CLI.renderDevices)
    func missingOutputFoldersAreCreated(device: String) throws {
        let out = folder.appendingPathComponent("\(device)/no/such/folder/out.png").path
        let run = try render(gray + ["--device", device, "-o", out])
        #expect(run.status == 0, "\(run)")
        let written = try PNGFile.load(path: out)
        #expect(written.width == 512 && written.height == 384)
        let left = try FileManager.default.contentsOfDirectory(atPath: (out as NSString).deletingLastPathComponent)
        #expect(left == ["out.png"], "only the output, no temporary file: \(left)")
    }

    @Test func unwritableOutputNamesTheFile() throws {
        let file = path("plain.txt")
        try Data("text".utf8).write(to: URL(fileURLWithPath: file))
        let out = file + "/out.png"
        let run = try render(gray + ["-o", out])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(out) && run.stderr.contains("cannot write") && run.stderr.contains("not a folder"), "\(run)")
    }

    @Test func shaderThatDoesNotCompileIsReportedAtTheAuthorsLine() throws {
        let file = path("broken.glsl")
        try """
        // broken (color): uses a name that does not exist.
        [[ stitchable ]]
        vec4 broken(vec2 position, vec4 color, float amount) {
            return color * undefinedThing;
        }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try render([CLI.pattern, "--shaders", file, "--effect", "broken", "--arg", "amount=1", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(file):4:"), "path:line:column of the author's file")
        #expect(run.stderr.contains("error:") && run.stderr.contains("undefinedThing"))
        #expect(run.stderr.range(of: #"broken\.glsl:4:\d+: error"#, options: .regularExpression) != nil)
    }

    @Test func shadersFolderEffectsAreFoundBesideTheStockOnes() throws {
        let file = path("invert.glsl")
        try """
        [[ stitchable ]]
        vec4 invert(vec2 position, vec4 color) { return vec4(color.a - color.rgb, color.a); }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let out = path("inverted.png")
        let run = try render([CLI.pattern, "--shaders", file, "--effect", "invert", "--effect", "grayscale", "--arg", "amount=1", "-o", out])
        #expect(run.status == 0, "\(run)")
    }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device to list (weft devices lists none)"))
    func unknownDeviceListsTheDevices() throws {
        let run = try render(gray + ["--device", "no-such-gpu", "-o", path("x.png")])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("no-such-gpu") && run.stderr.contains("llvmpipe"))
        let environment = try render(gray + ["-o", path("x.png")], environment: ["WEFT_DEVICE": "no-such-gpu"])
        #expect(environment.status == 1 && environment.stderr.contains("no-such-gpu"), "\(environment)")
    }

    @Test func withoutAnyVulkanDriverItFallsBackToTheCPUEvaluator() throws {
        let noDriver = ["VK_DRIVER_FILES": "/nonexistent/icd.json", "VK_ICD_FILENAMES": "/nonexistent/icd.json", "WEFT_DEVICE": ""]
        let out = path("cpu.png")
        let run = try render(gray + ["-o", out], environment: noDriver)
        #expect(run.status == 0 && run.stderr.contains("no Vulkan device"), "\(run)")
        #expect(run.stderr.contains("using the CPU evaluator") && FileManager.default.fileExists(atPath: out))
        #expect(run.stdout.contains("Weft CPU evaluator"), "the one line names the device that rendered: \(run)")
        // A named device gets no fallback.
        let named = try render(gray + ["--device", "llvmpipe", "-o", out], environment: noDriver)
        #expect(named.status == 1 && !named.stderr.contains("CPU evaluator"), "\(named)")
    }
}
