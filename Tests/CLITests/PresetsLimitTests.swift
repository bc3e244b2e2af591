import Foundation
import Testing
import Weft
import WeftCatalog
import WeftTestSupport

/// `presets.json` is outside input like a scene file, and is held to the same limits: nesting deeper than a scene may,
/// refused by a scan of the bytes before the decoder recurses, and files larger than a scene file may be.
@Suite struct PresetsLimitTests {
    static func nestedArgument(_ depth: Int) -> String {
        #"{"a": {"args": {"x": "# + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "}}}"
    }

    // 300 levels Foundation's parser reads (it refuses 512 and more, as "not valid JSON"); 10,000 it refuses.
    @Test(arguments: [300, 10_000])
    func nestingDeeperThanASceneMayIsANamedError(depth: Int) {
        #expect {
            try EffectPresets.parse(Data(Self.nestedArgument(depth).utf8), file: "p.json", baseDirectory: "/")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("p.json: a.args.x[0][0]") && text.contains("nested more than 256 arrays and objects deep")
        }
    }

    @Test func malformedJSONSaysWhere() {
        #expect {
            try EffectPresets.parse(Data("{\"a\": {\"args\": {}}\n\"b\": {}}".utf8), file: "p.json", baseDirectory: "/")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("p.json: not valid JSON") && text.contains("line 2, column 1")
        }
    }

    @Test func nestingWithinTheLimitStillReads() throws {
        // The top object, the entry and "args" take three levels; an argument's one array a fourth.
        let presets = try EffectPresets.parse(Data(#"{"a": {"args": {"x": [1, 2]}}}"#.utf8), file: "p.json", baseDirectory: "/")
        #expect(presets["a"]?.arguments["x"] == .array([.number(1), .number(2)]))
    }

    @Test func aFileLargerThanASceneFileMayBeIsRefusedUnread() throws {
        let folder = temporaryFolder("weft-presets")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("presets.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{}".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(Scene.maxFileBytes) + 1)  // sparse: no 64 MiB written
        try handle.close()
        #expect {
            try EffectPresets.load(folder: folder.path)
        } throws: { error in
            "\(error)" == "\(file.path): larger than \(Scene.maxFileBytes >> 20) MiB, the most a presets file may be"
        }
    }

    @Test func aFolderWithoutPresetsHasNone() throws {
        let folder = temporaryFolder("weft-presets")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try EffectPresets.load(folder: folder.path).presets.isEmpty)
        #expect(try EffectPresets.load(folder: folder.path).file == nil)
    }
}
