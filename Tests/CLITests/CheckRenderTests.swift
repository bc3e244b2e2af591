import Foundation
import Testing

/// `weft check --render`: each kind of deliberately broken effect is caught; the stock library passes.
@Suite
struct CheckRenderTests {
    static let broken: [String: String] = [
        "notPremultiplied": """
        // @param lift 0..1 = 0.5  added to every channel, even where the layer is transparent
        [[ stitchable ]]
        vec4 notPremultiplied(vec2 position, vec4 color, float lift) { return vec4(color.rgb + lift, color.a); }
        """,
        "farSampler": """
        // @param reach 0..40 = 20  how far right it samples, in points
        [[ stitchable ]]
        vec4 farSampler(vec2 position, Layer layer, float reach) { return sampleLayer(layer, position + vec2(reach, 0.0)); }
        """,
        "infinite": """
        // @param depth 0..2 = 1  divides by depth - 1
        [[ stitchable ]]
        vec4 infinite(vec2 position, float depth) { return vec4(0.25, 0.25, 0.25, 1.0) / (depth - 1.0); }
        """,
        "ignoresStrength": """
        // @param strength 0..1 = 0.5  meant to scale the effect
        [[ stitchable ]]
        vec4 ignoresStrength(vec2 position, vec4 color, float strength) { return color.bgra; }
        """,
        "healthy": """
        // @param amount 0..1 = 0.5  how far toward the inverse
        [[ stitchable ]]
        vec4 healthy(vec2 position, vec4 color, float amount) { return vec4(mix(color.rgb, color.aaa - color.rgb, amount), color.a); }
        """,
    ]

    @Test func eachKindOfBrokenEffectIsCaught() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in Self.broken {
            try source.write(to: folder.appendingPathComponent("\(name).glsl"), atomically: true, encoding: .utf8)
        }
        try #"{"farSampler": {"maxSampleOffset": [4, 0]}}"#.write(to: folder.appendingPathComponent("presets.json"), atomically: true, encoding: .utf8)
        let run = try CLI.weft(["check", "--render", folder.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("notPremultiplied: premultiplication:") && run.stderr.contains("have RGB greater than A"), "\(run)")
        #expect(run.stderr.contains("farSampler: sample bound: samples up to (20.0, 0.0) points from the pixel, beyond the declared maxSampleOffset (4.0, 0.0)"),
                "\(run)")
        #expect(run.stderr.contains("infinite: non-finite:"), "\(run)")
        #expect(run.stderr.contains("ignoresStrength: unused parameter: 'strength' changes nothing across its declared range 0.0..1.0 ("), "\(run)")
        // Every finding ends with what to change.
        let findings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("weft check: ") }
        #expect(findings.count >= 4, "\(run)")
        for finding in findings { #expect(finding.contains("; to fix: "), "\(finding)") }
        #expect(run.stderr.contains("to fix: return premultiplied color"), "\(run)")
        #expect(run.stderr.contains("// @maxSampleOffset 20, 0 above the function"), "\(run)")
        #expect(run.stderr.contains("to fix: keep divisors away from zero"), "\(run)")
        #expect(run.stderr.contains("to fix: use it in the function"), "\(run)")
        #expect(!run.stderr.contains("healthy"), "\(run)")
        let rows = run.stdout.split(separator: "\n").filter { $0.contains("passed") || $0.contains("FAILED") }
        #expect(rows.count == 5, "\(run)")
        #expect(rows.filter { $0.contains("FAILED") }.count == 4, "\(run)")
        #expect(rows.contains { $0.hasPrefix("healthy") && $0.contains("amount") && $0.hasSuffix("passed") }, "\(run)")
        #expect(run.stdout.contains("5 effects rendered on the CPU evaluator: 4 failed"), "\(run)")
    }

    /// What `make test` runs over the stock library.
    @Test func stockLibraryPassesTheRenderChecks() throws {
        let run = try CLI.weft(["check", "--render"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("22 effects rendered on the CPU evaluator: all pass the render checks"), "\(run)")
        #expect(run.stdout.contains("amplitude, wavelength, phase"), "every annotated range of wave is swept: \(run)")
    }

    @Test func renderIsSkippedWhenSomethingDoesNotCompile() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[[ stitchable ]]\nvec4 bad(vec2 position, vec4 color) { return undefinedThing; }\n"
            .write(to: folder.appendingPathComponent("bad.glsl"), atomically: true, encoding: .utf8)
        let run = try CLI.weft(["check", "--render", folder.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("bad.glsl:2:") && run.stderr.contains("--render skipped"), "\(run)")
    }
}
