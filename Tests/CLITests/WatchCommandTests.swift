import Foundation
import Testing

/// `weft watch`: a change to a watched shader produces a new output; a broken one keeps the last.
@Suite
struct WatchCommandTests {
    static func shader(_ factor: String, closing: String = ";") -> String {
        "// @param amount 0..1 = 1  unused here\n[[ stitchable ]]\nvec4 dim(vec2 position, vec4 color, float amount) { return vec4(color.rgb * \(factor), color.a)\(closing) }\n"
    }

    /// Starts `weft watch … --changes 1` on a folder with `dim.glsl`, waits for its first render, rewrites the shader to
    /// `edited` and returns the run with the output's bytes before and after.
    static func watch(rewritingTo edited: String, file: String = "dim.glsl") async throws -> (run: CLI.Run, before: Data, after: Data, folder: URL) {
        let folder = CLI.temporaryDirectory()
        try shader("0.5").write(to: folder.appendingPathComponent("dim.glsl"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png")
        let stdout = folder.appendingPathComponent("stdout.txt"), stderr = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["watch", CLI.pattern, "--shaders", folder.path, "--effect", "dim", "--preset", "--device", "cpu",
                             "-o", output.path, "--changes", "1"]
        process.currentDirectoryURL = CLI.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = CLI.cache.path
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        func log() -> String {
            let out = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
            return out + ((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
        }
        // The first render is done when its line is printed.
        var clock = Date()
        while !log().contains("out.png: "), process.isRunning, Date().timeIntervalSince(clock) < 120 {
            try await Task.sleep(for: .milliseconds(100))
        }
        let before = (try? Data(contentsOf: output)) ?? Data()
        try edited.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) // renamed over, as editors save
        clock = Date()
        while process.isRunning, Date().timeIntervalSince(clock) < 120 { try await Task.sleep(for: .milliseconds(100)) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) } // SIGKILL: a child of a Dispatch thread blocks SIGTERM
        process.waitUntilExit()
        let run = CLI.Run(status: process.terminationStatus, stdout: (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
                          stderr: (try? String(contentsOf: stderr, encoding: .utf8)) ?? "", killed: killed)
        return (run, before, (try? Data(contentsOf: output)) ?? Data(), folder)
    }

    @Test func aChangedShaderRendersANewOutput() async throws {
        let (run, before, after, folder) = try await Self.watch(rewritingTo: Self.shader("0.25"))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0 && !run.killed, "\(run)")
        #expect(run.stdout.contains("changed: \(folder.path)/dim.glsl"), "\(run)")
        #expect(run.stdout.components(separatedBy: "out.png: 512x384, Weft CPU evaluator,").count == 3, "two renders: \(run)")
        #expect(before != after)
        // The new output is what `weft render` makes of the edited shader.
        let direct = folder.appendingPathComponent("direct.png")
        let render = try CLI.weft(["render", CLI.pattern, "--shaders", folder.path, "--effect", "dim", "--preset", "--device", "cpu",
                                   "-o", direct.path])
        #expect(render.status == 0, "\(render)")
        #expect(try Data(contentsOf: direct) == after)
    }

    @Test func aBrokenShaderIsReportedAndTheLastOutputKept() async throws {
        let (run, before, after, folder) = try await Self.watch(rewritingTo: Self.shader("0.25", closing: ""))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 1 && !run.killed, "\(run)")
        #expect(run.stderr.contains("\(folder.path)/dim.glsl:3:") && run.stderr.contains("error:"), "\(run)")
        #expect(before == after)
    }

    /// A shader file added to a watched folder is read: here a Metal file that defines `dim` a second time.
    @Test func aNewShaderFileInTheFolderIsAChange() async throws {
        let metal = "[[ stitchable ]] half4 dim(float2 position, half4 color, float amount) { return color; }\n"
        let (run, before, after, folder) = try await Self.watch(rewritingTo: metal, file: "second.metal")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!run.killed, "\(run)")
        #expect(run.stdout.contains("changed: \(folder.path)/second.metal"), "\(run)")
        #expect(run.stderr.contains("\(folder.path)/second.metal:1:") && run.stderr.contains("'dim' is already defined"), "\(run)")
        #expect(run.status == 1)
        #expect(before == after)
    }
}
