import Foundation
import Testing
import WeftImage

/// `--confine DIR` as a render service would use it: every command that reads a scene takes it, and a scene naming a
/// file outside DIR fails alike whether or not the file exists (issue 40, item 9).
struct ConfineOptionTests {
    static let sceneCommands = ["render", "plan", "debug", "preview", "watch", "bench", "check"]

    @Test func everyCommandThatReadsScenesTakesIt() throws {
        for command in Self.sceneCommands {
            let help = try CLI.weft([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("--confine DIR"), "\(command): \(help)")
        }
    }

    /// The same scene, with its image outside DIR as a file that exists and as one that does not: the two runs differ
    /// only in the name, and neither reads the file.
    @Test func aFileOutsideFailsAlikeWhetherOrNotItExists() throws {
        let root = CLI.temporaryDirectory()
        let dir = root.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func scene(_ image: String) throws -> String {
            let path = dir.appendingPathComponent("scene-\(abs(image.hashValue)).json").path
            try ##"{"size": [16, 16], "root": {"image": "\##(image)"}}"##.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let out = root.appendingPathComponent("out.png").path
        let commands: [(String, [String])] = [
            ("render", ["-o", out]), ("plan", []), ("debug", ["--pixel", "1,1"]), ("bench", ["--repetitions", "2", "--device", "cpu"]),
            ("check", []), ("bench", ["--planning", "--frame-count", "2", "--repetitions", "1"]),
        ]
        for (command, extra) in commands {
            var messages: [String] = []
            for image in ["/etc/passwd", "/etc/no-such-file-for-weft"] {
                let run = try CLI.weft([command, try scene(image), "--confine", dir.path] + extra)
                #expect(run.status == 1, "\(command) \(image): \(run)")
                #expect(run.stderr.contains("root.image: '\(image)' is outside \(dir.resolvingSymlinksInPath().path), the only folder"),
                        "\(command) \(image): \(run)")
                #expect(!run.stderr.contains("PNG") && !run.stderr.contains("no such"), "\(command) \(image): \(run)")
                messages.append(run.stderr.replacingOccurrences(of: image, with: "FILE")
                    .replacingOccurrences(of: #"scene-\d+"#, with: "scene", options: .regularExpression))
            }
            #expect(messages[0] == messages[1], "\(command): \(messages)")
        }
        // Unconfined, the same scene is read and the image refused for what it is.
        let open = try CLI.weft(["render", try scene("/etc/passwd"), "-o", out])
        #expect(open.status == 1 && open.stderr.contains("PNG"), "\(open)")
    }

    @Test func theFolderMustExistAndTheInputBeAScene() throws {
        let missing = try CLI.weft(["render", "examples/toolbar-symbols.json", "--confine", "/nonexistent-weft", "-o", "/tmp/unused.png"])
        #expect(missing.status == 1 && missing.stderr.contains(#"--confine "/nonexistent-weft": is not a folder"#), "\(missing)")
        let image = try CLI.weft(["render", CLI.pattern, "--effect", "radialTint", "--confine", "examples", "-o", "/tmp/unused.png"])
        #expect(image.status == 2 && image.stderr.contains("--confine holds the files a scene names to a folder; give a SCENE.json"), "\(image)")
        let examples = CLI.packageRoot.appendingPathComponent("examples").path
        let out = CLI.temporaryDirectory().appendingPathComponent("toolbar.png").path
        let confined = try CLI.weft(["render", "examples/toolbar-symbols.json", "--confine", examples, "-o", out, "--device", "cpu"])
        #expect(confined.status == 0, "\(confined)")
    }
}
