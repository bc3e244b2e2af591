import Foundation
import Testing

/// `weft check SCENE.json` checks the scene as a render would read it, and plans each state at the first and the last
/// frame it is shown, without rendering.
struct CheckSceneTests {
    static func write(_ scene: String) throws -> (file: String, folder: URL) {
        let folder = CLI.temporaryDirectory()
        let file = folder.appendingPathComponent("scene.json")
        try scene.write(to: file, atomically: true, encoding: .utf8)
        return (file.path, folder)
    }

    /// Rows: STATE FRAME TIME PLAN, after the header.
    static func rows(_ run: CLI.Run) -> [[String]] {
        let lines = run.stdout.split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("STATE ") }) else { return [] }
        return lines[(header + 1)...].prefix { !$0.contains(": ") || $0.contains(" s ") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).map(String.init) }
    }

    /// States `a` (0 s) and `b` (from 1 s), 2 s long: at 30 frames/s, a is shown in frames 0…29 and b in 30…60.
    @Test func eachStateIsPlannedAtItsFirstAndLastFrame() throws {
        let (file, folder) = try Self.write("""
        {"size": [120, 80], "duration": 2,
         "states": {"a": {"circle": {}, "modifiers": [{"fill": "#ff0000"}, {"frame": {"width": 40, "height": 40}}]},
                    "b": {"rectangle": {}, "modifiers": [{"fill": "#0000ff"}, {"opacity": 0.5}]}},
         "timeline": [{"state": "a"}, {"at": 1, "state": "b", "animation": "easeInOut"}]}
        """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.weft(["check", file])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("\(file): 120x80 points at scale 1, 2 states, 1 change, 2.00 s; 0 shader folders, 0 images: read"), "\(run)")
        #expect(Self.rows(run) == [["a", "0", "0.000"], ["a", "29", "0.967"], ["b", "30", "1.000"], ["b", "60", "2.000"]], "\(run)")
        #expect(run.stdout.contains(" textures; read "), "each row is the plan's totals: \(run)")
        #expect(run.stdout.contains("\(file): 4 frames of 2 states planned (the first and last each shows, at 30 frames/s): no problems"), "\(run)")
        #expect(!run.stdout.contains("functions"), "not read as a shader file: \(run)")
    }

    /// What a render would fail on, the check fails on, naming the place in the file: an argument of the wrong type,
    /// an image that is not there, a shader that is not in the scene's folders.
    @Test(arguments: [
        (##"{"colorEffect": {"shader": "radialTint", "args": {"center": [60, 40], "radius": "140", "tint": "#ff8c1a"}}}"##,
         #"root.modifiers[0].colorEffect.args.radius: for a float parameter, expected a number, got the string "140""#),
        (#"{"colorEffect": {"shader": "radialTnt", "args": {}}}"#,
         "root.modifiers[0].colorEffect: no stitchable function 'radialTnt' in the scene's shaders (did you mean 'radialTint'?)"),
    ])
    func aSceneARenderWouldRefuseFails(modifier: String, message: String) throws {
        let (file, folder) = try Self.write("""
        {"size": [120, 80], "shaders": ["\(CLI.packageRoot.appendingPathComponent("Shaders").path)"],
         "root": {"color": "#ffffff", "modifiers": [\(modifier)]}}
        """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.weft(["check", file])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("weft check: \(file): \(message)"), "\(run)")
    }

    @Test func aMissingImageFails() throws {
        let (file, folder) = try Self.write(#"{"size": [120, 80], "root": {"zstack": [{"image": "nowhere.png"}]}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.weft(["check", file])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("root.zstack[0].image") && run.stderr.contains("nowhere.png"), "\(run)")
    }

    /// Every example scene checks clean, and a size-switched one plans each of its states.
    @Test func theExampleScenesPass() throws {
        let density = try CLI.weft(["check", "examples/control-density.json", "examples/badge-tint.json"])
        #expect(density.status == 0, "\(density)")
        for state in ["compact", "regular", "expanded"] {
            #expect(Self.rows(density).contains { $0.first == state }, "\(state): \(density)")
        }
        #expect(density.stdout.contains("examples/badge-tint.json: 1 frame of 1 state planned"), "\(density)")
    }
}
