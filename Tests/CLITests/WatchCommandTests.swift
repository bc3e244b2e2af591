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
    static func watch(rewritingTo edited: String) async throws -> (run: CLI.Run, before: Data, after: Data, folder: URL) {
        let folder = CLI.temporaryDirectory()
        try shader("0.5").write(to: folder.appendingPathComponent("dim.glsl"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png")
        let arguments = ["watch", CLI.pattern, "--shaders", folder.path, "--effect", "dim", "--preset", "--device", "cpu",
                         "-o", output.path, "--changes", "1"]
        // A thread of its own, not a task: a child started from a Dispatch worker inherits its blocked signals.
        let result = RunBox()
        let thread = Thread { result.set(try? CLI.guardedWeft(arguments, environment: [:], killAfter: 60)) }
        thread.start()
        let start = Date()
        while !FileManager.default.fileExists(atPath: output.path), Date().timeIntervalSince(start) < 90 {
            try await Task.sleep(for: .milliseconds(100))
        }
        let before = try Data(contentsOf: output)
        try await Task.sleep(for: .milliseconds(500))
        try edited.write(to: folder.appendingPathComponent("dim.glsl"), atomically: true, encoding: .utf8) // renamed over, as editors save
        while result.get() == nil, Date().timeIntervalSince(start) < 150 { try await Task.sleep(for: .milliseconds(100)) }
        let run = try #require(result.get())
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
}

/// The run of a `weft` started on another thread.
final class RunBox: @unchecked Sendable {
    private let lock = NSLock()
    private var run: CLI.Run?
    func set(_ value: CLI.Run?) { lock.lock(); run = value; lock.unlock() }
    func get() -> CLI.Run? { lock.lock(); defer { lock.unlock() }; return run }
}
