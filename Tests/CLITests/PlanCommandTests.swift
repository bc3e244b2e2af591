import Foundation
import Testing
import WeftImage

/// `weft plan` snapshots (what fuses, what must not and why), `render --stats`, and `--no-fuse` end to end.
@Suite
struct PlanCommandTests {
    let folder = CLI.temporaryDirectory()

    @Test func aColorChainIsOneStitchedPass() throws {
        let run = try CLI.weft(["plan", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--effect", "posterize", "--arg", "levels=4",
                                "--effect", "vignette", "--preset"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
        1 pass, 2 textures; read 768.0 KiB, written 768.0 KiB, uploaded 768.0 KiB; peak texture memory 1.5 MiB

        PASS  LEVEL  KERNELS                                    KIND   INPUTS    DISPATCH     OUTPUT                 READ    WRITTEN
           0      0  grayscale+posterize+vignette (3 stitched)  color  layer t0  0,0 512x384  t1 512x384 rgba8  768.0 KiB  768.0 KiB

        TEXTURE  SIZE     FORMAT      BYTES  CONTENTS
        t0       512x384  rgba8   768.0 KiB  upload
        t1       512x384  rgba8   768.0 KiB  written by pass 0; read back
        """ + "\n", "\(run)")
    }

    /// `--pipeline-stats`: each kernel of the plan with its driver's statistics, or the device named as not reporting
    /// them (lavapipe here); the CPU evaluator has no pipelines.
    @Test(.enabled(if: CLI.hasVulkan, "needs a Vulkan device"))
    func pipelineStatisticsOrTheDeviceThatHasNone() throws {
        let arguments = ["plan", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--effect", "posterize", "--arg", "levels=4"]
        let run = try CLI.weft(arguments + ["--pipeline-stats", "--device", "llvmpipe"])
        #expect(run.stdout.hasPrefix("1 pass, 2 textures"), "\(run)")
        if run.status == 0 {
            let lines = run.stdout.split(separator: "\n").drop { !$0.hasPrefix("pipeline statistics (llvmpipe") }
            #expect(lines.dropFirst().first == "  grayscale+posterize", "\(run)")
            // One executable or more, each with at least one statistic named and valued.
            #expect(lines.dropFirst(2).first?.contains(": ") == true, "\(run)")
        } else {
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("llvmpipe") && run.stderr.contains("does not report pipeline statistics"), "\(run)")
        }
        let cpu = try CLI.weft(arguments + ["--pipeline-stats", "--device", "cpu"])
        #expect(cpu.status == 1, "\(cpu)")
        #expect(cpu.stderr.contains("--pipeline-stats needs a Vulkan device"), "\(cpu)")
    }

    /// A colour chain with the scene's composite folded into it is still a `color` pass (its first effect's kind).
    @Test func aColorChainWithAFoldedCompositeIsColor() throws {
        let scene = folder.appendingPathComponent("chain.json")
        let root = CLI.packageRoot.path
        try """
        {"size": [64, 48], "background": "#1c1c1eff", "shaders": ["\(root)/Shaders"],
         "root": {"image": "\(root)/examples/images/test-pattern.png", "modifiers": [
           {"colorEffect": {"shader": "grayscale", "args": {"amount": 0.6}}},
           {"colorEffect": {"shader": "posterize", "args": {"levels": 4}}}]}}
        """.write(to: scene, atomically: true, encoding: .utf8)
        let run = try CLI.weft(["plan", scene.path])
        #expect(run.status == 0, "\(run)")
        let row = try #require(run.stdout.split(separator: "\n").first { $0.contains("grayscale+posterize+weft.layer") }, "\(run)")
        #expect(row.split(separator: " ", omittingEmptySubsequences: true).contains("color"), "\(row)")
        #expect(!row.contains("blend"), "\(row)")
    }

    /// A layer effect reading a color effect's output, and a distortion effect reading a composite, stay apart; the
    /// color effect after the distortion is stitched onto it. boxBlur, given no offset, is padded by its file's
    /// `// @maxSampleOffset` (32 points: 576x448).
    @Test func whatMustNotFuseIsListedWithItsReason() throws {
        let run = try CLI.weft(["plan", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--effect", "boxBlur", "--arg", "radius=4",
                                "--effect", "wave", "--preset", "--effect", "posterize", "--arg", "levels=3"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
        3 passes, 3 textures; read 2.5 MiB, written 2.5 MiB, uploaded 768.0 KiB; peak texture memory 2.5 MiB

        PASS  LEVEL  KERNELS                                           KIND        INPUTS    DISPATCH     OUTPUT                  READ     WRITTEN
           0      0  grayscale                                         color       layer t0  0,0 512x384  t1 512x384 rgba8   768.0 KiB   768.0 KiB
           1      1  boxBlur                                           layer       layer t1  0,0 576x448  t2 576x448 rgba8  1008.0 KiB  1008.0 KiB
           2      2  wave+posterize+weft.layer.overSolid (3 stitched)  distortion  layer t2  0,0 512x384  t1 512x384 rgba8   768.0 KiB   768.0 KiB

        TEXTURE  SIZE     FORMAT       BYTES  CONTENTS
        t0       512x384  rgba8    768.0 KiB  upload
        t1       512x384  rgba8    768.0 KiB  written by passes 0, 2 (aliased); read back
        t2       576x448  rgba8   1008.0 KiB  written by pass 1

        not stitched:
          boxBlur: boxBlur is a layer effect: it samples its input at other positions
          wave: wave is a distortion effect: it samples its input at other positions
        """ + "\n", "\(run)")
    }

    @Test func noFuseRunsEachEffectAsItsOwnPassWithTheSamePixels() throws {
        let effects = ["--effect", "grayscale", "--arg", "amount=0.6", "--effect", "posterize", "--arg", "levels=5", "--effect", "vignette", "--preset"]
        let plan = try CLI.weft(["plan", CLI.pattern] + effects + ["--no-fuse"])
        #expect(plan.status == 0, "\(plan)")
        #expect(plan.stdout.hasPrefix("3 passes, "), "\(plan)")
        let fused = folder.appendingPathComponent("fused.png").path
        let unfused = folder.appendingPathComponent("unfused.png").path
        let a = try CLI.weft(["render", CLI.pattern] + effects + ["-o", fused])
        let b = try CLI.weft(["render", CLI.pattern] + effects + ["--no-fuse", "-o", unfused])
        #expect(a.status == 0 && b.status == 0, "\(a)\n\(b)")
        let d = try #require(ImageDifference(try PNGFile.load(path: fused), try PNGFile.load(path: unfused)))
        #expect(d.maximum <= 1.0 / 255 + 1e-6, "differs by \(d.maximum * 255)/255 at \(d.worstPixel)")
    }

    @Test func renderStatsPrintsTrafficAndCacheFigures() throws {
        let out = folder.appendingPathComponent("stats.png").path
        let run = try CLI.weft(["render", CLI.pattern, "--effect", "grayscale", "--arg", "amount=1", "--effect", "posterize", "--arg", "levels=4",
                                "--stats", "-o", out])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(run)")
        #expect(lines.dropFirst().first?.hasPrefix("device: ") == true && lines.dropFirst().first?.contains(", chosen by ") == true, "\(run)")
        #expect(lines.dropFirst(2).first == "1 pass, 2 textures; read 768.0 KiB, written 768.0 KiB, uploaded 768.0 KiB; peak texture memory 1.5 MiB")
        #expect(lines.dropFirst(3).first?.hasPrefix("SPIR-V cache: ") == true && lines.dropFirst(3).first?.contains(" misses (compiled); ") == true,
                "\(run)")
        #expect(lines.last == "barriers: - (the executor records none)" || lines.last?.wholeMatch(of: /barriers: \d+ in \d+ batch(es)?/) != nil,
                "\(run)")
    }
}
