import Foundation
import Testing

/// `weft check --render` sweeps every parameter over its range (one derived from its default when none is declared),
/// reads `// @maxSampleOffset` from the file, and the render commands label their check findings with the author's
/// effect and its arguments.
struct CheckSweepTests {
    static let edges = """
    // edges (layer): Sobel-style edges from taps `spread` points apart.
    // @param spread 0.5..4 = 1  distance between taps, in points
    // @maxSampleOffset 1, 1
    [[ stitchable ]]
    vec4 edges(vec2 position, Layer layer, float spread) {
        vec4 l = sampleLayer(layer, position - vec2(spread, 0.0));
        vec4 r = sampleLayer(layer, position + vec2(spread, 0.0));
        vec4 u = sampleLayer(layer, position - vec2(0.0, spread));
        vec4 d = sampleLayer(layer, position + vec2(0.0, spread));
        float e = length((r - l).rgb) + length((d - u).rgb);
        vec4 c = sampleLayer(layer, position);
        return vec4(vec3(min(e, 1.0)) * c.a, c.a);
    }
    """

    @Test func aSampleBoundBrokenAtTheTopOfARangeIsFound() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edges.write(to: folder.appendingPathComponent("edges.glsl"), atomically: true, encoding: .utf8)
        let run = try CLI.weft(["check", "--render", folder.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("edges: sample bound: samples up to (4.0, 4.0"), "\(run)")
        #expect(run.stderr.contains("beyond the declared maxSampleOffset (1.0, 1.0)") && run.stderr.contains("at spread = 4 "), "\(run)")
        #expect(run.stderr.contains("; to fix: declare a maxSampleOffset of at least 4, 4: // @maxSampleOffset 4, 4 above the function, "
                                    + "--max-sample-offset 4,4 on the command line, or \"maxSampleOffset\": [4, 4] on the effect"), "\(run)")
        // At its defaults the effect keeps within the declared offset, which came from the file: no presets.json.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("presets.json").path))
    }

    /// The third article's `pixelado`, exactly as printed: no includes, no annotations, no maxSampleOffset.
    static let pixelado = """
    [[ stitchable ]] half4 pixelado(float2 posicion,
                                    SwiftUI::Layer capa,
                                    float tamano) {
        float2 celda = floor(posicion / tamano) * tamano + tamano * 0.5;
        return capa.sample(celda);
    }
    """

    /// It passes: `tamano` is swept around its default (not over 0..1, where a cell size means nothing), and how far it
    /// samples is a note that says what to declare; declaring that, it passes with no note about its reach.
    @Test func theArticlesPixeladoPassesAndSaysWhatToDeclare() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pixelado.metal")
        try Self.pixelado.write(to: file, atomically: true, encoding: .utf8)
        let run = try CLI.weft(["check", "--render", folder.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("1 effect rendered on the CPU evaluator: all pass the render checks"), "\(run)")
        #expect(run.stderr.contains("pixelado: note: 'tamano' declares no range: swept over 0.125..2, a quarter to four times its default 0.5; "
                                    + "declare its own with // @param tamano LOW..HIGH = DEFAULT"), "\(run)")
        let reach = try #require(run.stderr.split(separator: "\n").first { $0.contains("declares no maxSampleOffset") }, "\(run)")
        #expect(reach.contains("--max-sample-offset ") && reach.contains("\"maxSampleOffset\": ["), "\(reach)")
        let declaration = try #require(reach.firstMatch(of: /\/\/ @maxSampleOffset [0-9]+, [0-9]+/), "\(reach)")

        // The declaration the note asks for, above the function: now bounded, and within the bound.
        try (String(declaration.output) + "\n" + Self.pixelado).write(to: file, atomically: true, encoding: .utf8)
        let declared = try CLI.weft(["check", "--render", folder.path])
        #expect(declared.status == 0, "\(declared)")
        #expect(!declared.stderr.contains("maxSampleOffset"), "\(declared)")
    }

    @Test func unannotatedParametersGetADefaultByType() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[[ stitchable ]]\nvec4 dim(vec2 position, vec4 color, float gain, int steps) { return color * clamp(gain, 0.0, 1.0) / float(max(steps, 1)); }\n"
            .write(to: folder.appendingPathComponent("dim.glsl"), atomically: true, encoding: .utf8)
        let run = try CLI.weft(["check", "--render", folder.path])
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("needs --arg"), "\(run)")
        let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("dim ") && $0.hasSuffix("passed") }, "\(run)")
        #expect(row.contains("gain, steps"), "\(row)")
    }

    @Test func renderLabelsItsFindingsWithTheEffectAndItsArguments() throws {
        let folder = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.edges.write(to: folder.appendingPathComponent("edges.glsl"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.png").path
        // The file's @maxSampleOffset pads the layer; spread = 4 reaches beyond it.
        let run = try CLI.weft(["render", CLI.pattern, "--shaders", folder.path, "--effect", "edges", "--arg", "spread=4",
                                "--device", "cpu", "-o", out])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("weft render: warning: sample bound in edges (spread=4): samples up to (4.0, 4.0"), "\(run)")
    }
}
