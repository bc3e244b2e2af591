import Foundation
import Testing
import WeftImage

/// What a newcomer trips on, each as found by running the tool (issue 26, §5).
struct NewcomerTests {
    @Test func misspeltNamesGetASuggestion() throws {
        let effect = try CLI.weft(["render", CLI.pattern, "--effect", "pixelate", "-o", "/tmp/unused.png"])
        #expect(effect.status == 1)
        #expect(effect.stderr.contains("unknown effect 'pixelate' (did you mean 'pixellate'?)"), "\(effect)")
        let parameter = try CLI.weft(["render", CLI.pattern, "--effect", "radialTint", "--arg", "centre=1,2", "-o", "/tmp/unused.png"])
        #expect(parameter.status == 1)
        #expect(parameter.stderr.contains("no parameter 'centre' (did you mean 'center'?)"), "\(parameter)")
        let option = try CLI.weft(["render", CLI.pattern, "--effect", "radialTint", "--max-sample-offest", "3", "-o", "/tmp/unused.png"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option '--max-sample-offest' (did you mean '--max-sample-offset'?)"), "\(option)")
        let far = try CLI.weft(["render", CLI.pattern, "--effect", "zzzzzz", "-o", "/tmp/unused.png"])
        #expect(!far.stderr.contains("did you mean"), "\(far)")
    }

    /// An unknown command, run or asked about with `help`, is a usage error that names the nearest command.
    @Test func misspeltCommandsGetASuggestion() throws {
        let run = try CLI.weft(["rendr", CLI.pattern, "-o", "/tmp/unused.png"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("weft: unknown command 'rendr' (did you mean 'render'?)"), "\(run)")
        let help = try CLI.weft(["help", "foo"])
        #expect(help.status == 2, "\(help)")
        #expect(help.stdout.isEmpty, "\(help)")
        #expect(help.stderr.hasPrefix("weft: unknown command 'foo'\n"), "\(help)")
        let helpTypo = try CLI.weft(["help", "chek"])
        #expect(helpTypo.status == 2)
        #expect(helpTypo.stderr.contains("unknown command 'chek' (did you mean 'check'?)"), "\(helpTypo)")
        let known = try CLI.weft(["help", "check"])
        #expect(known.status == 0, "\(known)")
        #expect(known.stdout.contains("weft check"), "\(known)")
    }

    /// Exit status 2 is for a command line of the wrong shape; a path or name that is not there is 1.
    @Test func inputsThatAreNotThereAreExitStatusOne() throws {
        let check = try CLI.weft(["check", "/nonexistent"])
        #expect(check.status == 1, "\(check)")
        #expect(check.stderr.contains("no such file or folder: /nonexistent"))
        #expect(!check.stderr.contains("USAGE"))
        let out = CLI.temporaryDirectory().path
        let gallery = try CLI.weft(["gallery", "--only", "radialTnt", "--out", out, "--device", "cpu"])
        #expect(gallery.status == 1, "\(gallery)")
        #expect(gallery.stderr.contains("no item named radialTnt (did you mean 'radialTint'?)"), "\(gallery)")
    }

    @Test func galleryShowsTheAuthorsOwnFolder() throws {
        let out = CLI.temporaryDirectory()
        let run = try CLI.weft(["gallery", "--shaders", "examples/metal", "--shaders", "Tests/MetalTwins", "--only", "grayscale",
                                "--out", out.path, "--device", "cpu"])
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: out.appendingPathComponent("gallery/grayscale.png").path)
        // Fully gray: every pixel's channels equal (within the rounding of 8-bit stores).
        var colored = 0
        for y in 0..<image.height { for x in 0..<image.width { let p = image[x, y]; if abs(p.x - p.y) > 2.0 / 255 || abs(p.y - p.z) > 2.0 / 255 { colored += 1 } } }
        #expect(colored == 0)
        // Only the author's effects: no stock effect, no scene.
        let all = try CLI.weft(["gallery", "--shaders", "examples/metal", "--only", "boxBlur", "--out", out.path, "--device", "cpu"])
        #expect(all.status == 1)
        #expect(all.stderr.contains("items: brilloBarrido, pixelado, tinteRadial"), "\(all)")
    }

    @Test(.enabled(if: CLI.hasVulkan, "needs a Vulkan device to list"))
    func devicesWithCPUSelectsNoVulkanDevice() throws {
        let run = try CLI.weft(["devices", "--device", "cpu"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("    selected"), "\(run)")
        #expect(!run.stdout.contains("\n* "), "\(run)")
        #expect(run.stdout.contains("weft would use: the CPU evaluator (--device cpu)"))
        let automatic = try CLI.weft(["devices"])
        #expect(automatic.stdout.contains("    selected"))
    }
}
