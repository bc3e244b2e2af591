import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftTestSupport
import WeftShaders
import WeftText

/// `--confine DIR`: a scene reads only files inside DIR, links followed, and a path outside gets the same error
/// whether or not anything is there.
@Suite struct SceneConfinementTests {
    /// DIR holds the scene's own files and links out of it; `outside` holds what a scene must not reach.
    struct Folders {
        let root = temporaryFolder("weft-confine")
        var dir: String { root.path + "/dir" }
        var outside: String { root.path + "/outside" }

        init() throws {
            let files = FileManager.default
            for folder in [dir, outside, dir + "/shaders", dir + "/sub", outside + "/shaders"] {
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            var pixels = try PixelBuffer(width: 2, height: 2, format: .rgba8Unorm)
            for i in pixels.bytes.indices { pixels.bytes[i] = 255 }
            for file in [dir + "/inside.png", outside + "/secret.png"] { try PNGFile.write(pixels, to: file) }
            try files.createSymbolicLink(atPath: dir + "/link-out.png", withDestinationPath: outside + "/secret.png")
            try files.createSymbolicLink(atPath: dir + "/dangling.png", withDestinationPath: outside + "/nothing.png")
            try files.createSymbolicLink(atPath: dir + "/link-in.png", withDestinationPath: dir + "/inside.png")
            try files.createSymbolicLink(atPath: dir + "/sub/up", withDestinationPath: outside)
            let shader = "[[ stitchable ]] vec4 keep(vec2 position, vec4 color) { return color; }\n"
            try shader.write(toFile: dir + "/shaders/keep.glsl", atomically: true, encoding: .utf8)
            try shader.write(toFile: outside + "/shaders/keep.glsl", atomically: true, encoding: .utf8)
            try files.createDirectory(atPath: dir + "/linked-shaders", withIntermediateDirectories: true)
            try files.createSymbolicLink(atPath: dir + "/linked-shaders/keep.glsl", withDestinationPath: outside + "/shaders/keep.glsl")
            let inter = try FontLibrary.shared.face(for: FontRequest()).path
            try files.copyItem(atPath: inter, toPath: dir + "/font.otf")
        }

        var confinement: SceneConfinement { SceneConfinement(folder: dir)! }

        func load(_ root: String, shaders: [String] = []) throws(SceneError) -> Scene {
            let folders = shaders.map { "\"\($0)\"" }.joined(separator: ", ")
            let text = ##"{"size": [8, 8], "shaders": ["## + folders + ##"], "root": "## + root + "}"
            return try SceneDescription.parse(Data(text.utf8), baseDirectory: dir)
                .resolve(confinement: confinement) { folders in try LibraryShaderProvider(folders: folders, baseDirectory: dir) }
        }

        func error(_ root: String, shaders: [String] = []) -> SceneError? {
            do { _ = try load(root, shaders: shaders) } catch { return error }
            return nil
        }
    }

    @Test func filesInsideTheFolderAreRead() throws {
        let folders = try Folders()
        for image in ["inside.png", "./sub/../inside.png", "link-in.png", folders.dir + "/inside.png"] {
            #expect(throws: Never.self, "\(image)") { try folders.load(##"{"image": "\##(image)"}"##) }
        }
        #expect(throws: Never.self) { try folders.load(##"{"text": {"string": "a", "font": {"size": 12, "file": "font.otf"}}}"##) }
        #expect(throws: Never.self) { try folders.load(##"{"color": "#ffffffff"}"##, shaders: ["shaders"]) }
        // Unconfined, the same scene reaches out of its folder.
        let unconfined = try SceneDescription.parse(Data(##"{"size": [8, 8], "root": {"image": "../outside/secret.png"}}"##.utf8),
                                                    baseDirectory: folders.dir).resolve { _ in fatalError("no shaders") }
        #expect(unconfined.size == Size(width: 8, height: 8))
    }

    /// Every way out is the same error, naming the file as written and the folder, and nothing about the file.
    @Test func everyWayOutIsRefusedAlike() throws {
        let folders = try Folders()
        let ways = ["../outside/secret.png", "../outside/nothing.png", "/etc/passwd", "/etc/no-such-file", folders.outside + "/secret.png",
                    "link-out.png", "dangling.png", "sub/up/secret.png", "sub/up/nothing.png", "sub/../../outside/secret.png"]
        for way in ways {
            #expect(folders.error(##"{"image": "\##(way)"}"##)
                    == .outsideConfinement(path: JSONPath("root.image"), file: way, folder: folders.confinement.folder), "\(way)")
            #expect(folders.error(##"{"image": {"path": "\##(way)", "scale": 2}}"##)
                    == .outsideConfinement(path: JSONPath("root.image"), file: way, folder: folders.confinement.folder), "\(way)")
        }
        let message = try #require(folders.error(##"{"image": "/etc/passwd"}"##)).description
        #expect(message == "root.image: '/etc/passwd' is outside \(folders.confinement.folder), the only folder this scene may read from "
            + "(--confine); put the file inside it (links are followed, so a link out of it is refused too)")
        #expect(!message.contains("PNG") && !message.contains("no such"))
    }

    @Test func fontsShaderFoldersAndEffectImagesAreHeldToo() throws {
        let folders = try Folders()
        #expect(folders.error(##"{"text": {"string": "a", "font": {"size": 12, "file": "../outside/font.otf"}}}"##)
                == .outsideConfinement(path: JSONPath("root.text.font.file"), file: "../outside/font.otf", folder: folders.confinement.folder))
        #expect(folders.error(##"{"text": "a", "modifiers": [{"font": {"size": 12, "file": "/usr/share/fonts"}}]}"##)
                == .outsideConfinement(path: JSONPath("root.modifiers[0].font.file"), file: "/usr/share/fonts", folder: folders.confinement.folder))
        #expect(folders.error(##"{"color": "#ffffffff"}"##, shaders: ["../outside/shaders"])
                == .outsideConfinement(path: JSONPath("shaders[0]"), file: "../outside/shaders", folder: folders.confinement.folder))
        // A folder inside whose shader is a link out.
        #expect(folders.error(##"{"color": "#ffffffff"}"##, shaders: ["shaders", "linked-shaders"])
                == .outsideConfinement(path: JSONPath("shaders[1]"), file: "linked-shaders/keep.glsl", folder: folders.confinement.folder))
        // An effect's image argument, read for its parameter's type.
        #expect(throws: SceneError.outsideConfinement(path: JSONPath("args.image"), file: "link-out.png", folder: folders.confinement.folder)) {
            try ArgumentValue(json: .string("link-out.png"), for: .image, at: JSONPath("args.image"), baseDirectory: folders.dir,
                              confinement: folders.confinement)
        }
        #expect(throws: Never.self) {
            try ArgumentValue(json: .string("inside.png"), for: .image, at: JSONPath("args.image"), baseDirectory: folders.dir,
                              confinement: folders.confinement)
        }
    }

    @Test func theFolderItselfMustExist() throws {
        let folders = try Folders()
        #expect(SceneConfinement(folder: folders.root.path + "/missing") == nil)
        #expect(SceneConfinement(folder: folders.dir + "/inside.png") == nil)
        // Given through a link, the folder is its resolved path.
        try FileManager.default.createSymbolicLink(atPath: folders.root.path + "/alias", withDestinationPath: folders.dir)
        #expect(SceneConfinement(folder: folders.root.path + "/alias")?.folder == folders.confinement.folder)
        #expect(SceneConfinement(folder: "/")?.contains("/etc/passwd") == true)
        #expect(SceneConfinement.lexical("/a/./b//../c/") == "/a/c")
    }
}
