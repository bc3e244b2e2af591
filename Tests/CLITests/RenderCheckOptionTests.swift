import Foundation
import Testing

/// `weft render --check` on Vulkan (the default device): the effect runs as its checked kernel and the render prints what the
/// CPU evaluator prints for it — labelled, naming the author's effect and arguments, with the same count and first pixel.
@Suite
struct RenderCheckOptionTests {
    static let source = """
        // @param lift 0..1 = 0.5  added to every channel, even where the layer is transparent
        [[ stitchable ]]
        vec4 lifted(vec2 position, vec4 color, float lift) { return vec4(color.rgb + lift, color.a); }
        """

    /// The finding's line, from "warning:" on.
    static func finding(_ stderr: String) -> String? {
        stderr.split(separator: "\n").first { $0.contains("warning: premultiplication") }
            .map { String($0[$0.range(of: "warning:")!.lowerBound...]) }
    }

    @Test(.enabled(if: CLI.hasVulkan, "no Vulkan device to check on"))
    func aCheckedVulkanRenderReportsWhatTheCPUEvaluatorReports() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.source.write(to: folder.appendingPathComponent("lifted.glsl"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.png").path
        let effect = ["render", CLI.pattern, "--shaders", folder.path, "--effect", "lifted", "--arg", "lift=0.5", "-o", out]

        let checked = try CLI.weft(effect + ["--check"])
        #expect(checked.status == 0, "\(checked)")
        let cpu = try CLI.weft(effect + ["--device", "cpu"])
        #expect(cpu.status == 0, "\(cpu)")
        let unchecked = try CLI.weft(effect)
        #expect(unchecked.status == 0, "\(unchecked)")

        let onVulkan = try #require(Self.finding(checked.stderr), "\(checked)")
        #expect(onVulkan.hasPrefix("warning: premultiplication in lifted (lift=0.5): "), "\(onVulkan)")
        // The CPU evaluator adds the pixel's value; the count, the first pixel and the fix are the same.
        let onCPU = try #require(Self.finding(cpu.stderr), "\(cpu)")
        let (vulkanFinding, vulkanFix) = try #require(Self.split(onVulkan), "\(onVulkan)")
        let (cpuFinding, cpuFix) = try #require(Self.split(onCPU), "\(onCPU)")
        #expect(cpuFinding.hasPrefix(vulkanFinding) && cpuFix == vulkanFix, "Vulkan: \(onVulkan)\nCPU: \(onCPU)")
        #expect(Self.finding(unchecked.stderr) == nil, "\(unchecked)")
        #expect(!checked.stderr.contains("validation"), "\(checked)")
    }

    /// A finding's message and its fix, split at "; to fix: ".
    static func split(_ line: String) -> (finding: String, fix: String)? {
        guard let range = line.range(of: "; to fix: ") else { return nil }
        return (String(line[..<range.lowerBound]), String(line[range.upperBound...]))
    }
}