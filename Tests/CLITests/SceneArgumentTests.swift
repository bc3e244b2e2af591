import Foundation
import Testing
import WeftImage

/// A scene's shader arguments are read by their parameter's type, through the same conversion as the command line's
/// `--arg`: a value of the wrong type is named as such, a misspelt color gets the nearest name, and only an `Image`
/// parameter reads a file.
struct SceneArgumentTests {
    /// An 80×80 white square through the Metal article's `tinteRadial` (examples/metal) with `args`.
    static func scene(args: String, shaders: String = CLI.packageRoot.appendingPathComponent("examples/metal").path,
                      shader: String = "tinteRadial") -> String {
        """
        {"size": [80, 80], "shaders": ["\(shaders)"],
         "root": {"color": "#ffffff", "modifiers": [{"colorEffect": {"shader": "\(shader)", "args": {\(args)}}}]}}
        """
    }

    /// `weft render` of the scene in a fresh folder, which also holds a PNG named `orang` (a file a misspelt color
    /// would have been read as); the folder, for the output.
    static func render(_ scene: String) throws -> (run: CLI.Run, folder: URL) {
        let folder = CLI.temporaryDirectory()
        try FileManager.default.copyItem(atPath: CLI.pattern, toPath: folder.appendingPathComponent("orang").path)
        let file = folder.appendingPathComponent("scene.json")
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let run = try CLI.weft(["render", file.path, "--device", "cpu", "-o", folder.appendingPathComponent("out.png").path])
        return (run, folder)
    }

    @Test(arguments: [
        (##""centro": [40, 40], "radio": "140", "acento": "#ff8c1a""##,
         #"root.modifiers[0].colorEffect.args.radio: for a float parameter, expected a number, got the string "140"; write it without quotes: 140"#),
        (##""centro": "40,40", "radio": 140, "acento": "#ff8c1a""##,
         #"root.modifiers[0].colorEffect.args.centro: for a vec2 parameter, expected [x, y], 2 numbers, got the string "40,40"; write it without quotes: [40,40]"#),
        (#""centro": [40, 40], "radio": 140, "acento": "orang""#,
         #"root.modifiers[0].colorEffect.args.acento: for a vec4 parameter, invalid color "orang": not a color name (did you mean 'orange'?)"#),
        (#""centro": [40, 40], "radio": [140], "acento": "orange""#,
         #"root.modifiers[0].colorEffect.args.radio: for a float parameter, expected a number, got an array of 1"#),
        (#""centro": [40, 40], "radio": 140, "acento": "orange", "radius": 3"#,
         #"root.modifiers[0].colorEffect.args.radius: 'tinteRadial' has no parameter 'radius' (did you mean 'radio'?) (parameters: centro: vec2, radio: float, acento: vec4)"#),
        (#""centro": [40, 40], "radio": "$tiem", "acento": "orange""#,
         #"root.modifiers[0].colorEffect.args.radio: unknown engine binding '$tiem'"#),
    ])
    func aValueOfTheWrongTypeIsNamedNotReadAsAFile(args: String, message: String) throws {
        let (run, folder) = try Self.render(Self.scene(args: args))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(!run.stderr.contains("no such file") && !run.stderr.contains("an image cannot fill it"), "\(run)")
    }

    /// A color name fills a `half4` as `"#rrggbb"` does: the centre, fully tinted, is SwiftUI's orange.
    @Test func aColorNameFillsAColorParameter() throws {
        let (run, folder) = try Self.render(Self.scene(args: #""centro": [40, 40], "radio": 140, "acento": "orange""#))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run)")
        let image = try PNGFile.load(path: folder.appendingPathComponent("out.png").path)
        let centre = CLI.pixel(image, 40, 40)
        #expect(abs(centre.x - 255) <= 1 && abs(centre.y - 0.584 * 255) <= 1.5 && centre.z <= 1 && centre.w == 255, "\(centre)")
    }

    /// An `Image` parameter reads its file, relative to the scene; a file that is not there is named.
    @Test func onlyAnImageParameterReadsAFile() throws {
        let shaders = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: shaders) }
        try """
        [[ stitchable ]]
        vec4 stamp(vec2 position, vec4 color, Image picture) { return sampleImage(picture, position) * color.a; }
        """.write(to: shaders.appendingPathComponent("stamp.glsl"), atomically: true, encoding: .utf8)
        let (run, folder) = try Self.render(Self.scene(args: #""picture": "orang""#, shaders: shaders.path, shader: "stamp"))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run)")
        let pattern = try PNGFile.load(path: CLI.pattern)
        let out = try PNGFile.load(path: folder.appendingPathComponent("out.png").path)
        for (x, y) in [(10, 10), (70, 30), (40, 75)] {
            let d = CLI.pixel(out, x, y) - CLI.pixel(pattern, x, y)
            let difference = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            #expect(difference <= 1, "(\(x), \(y)): \(CLI.pixel(out, x, y)) against the file's \(CLI.pixel(pattern, x, y))")
        }

        let (missing, missingFolder) = try Self.render(Self.scene(args: #""picture": "nowhere.png""#, shaders: shaders.path, shader: "stamp"))
        defer { try? FileManager.default.removeItem(at: missingFolder) }
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("root.modifiers[0].colorEffect.args.picture: ") && missing.stderr.contains("nowhere.png"), "\(missing)")
    }

    /// The command line reads `--arg` through the same conversion: the same words for the same mistakes.
    @Test func theCommandLineSaysTheSame() throws {
        let base = ["render", CLI.pattern, "--shaders", "examples/metal", "--effect", "tinteRadial", "--device", "cpu", "-o", "/tmp/unused.png"]
        let color = try CLI.weft(base + ["--arg", "centro=40,40", "--arg", "radio=140", "--arg", "acento=orang"])
        #expect(color.status == 1, "\(color)")
        #expect(color.stderr.contains("invalid color \"orang\": not a color name (did you mean 'orange'?)"), "\(color)")
        let number = try CLI.weft(base + ["--arg", "centro=40,40", "--arg", "radio=wide", "--arg", "acento=orange"])
        #expect(number.status == 1, "\(number)")
        #expect(number.stderr.contains("expected a number; \"wide\" is not a number"), "\(number)")
    }
}
