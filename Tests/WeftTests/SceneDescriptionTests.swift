import Foundation
import Testing
import Weft
import WeftImage
import WeftRuntime
import WeftShaders

/// A scene is read in two steps: its JSON into a description that opens no file, then resolved.
@Suite struct SceneDescriptionTests {
    static let text = #"""
    {"size": [4, 2], "shaders": ["fx", "/abs/more"],
     "root": {"hstack": [
        {"image": "a.png"},
        {"image": {"path": "sub/b.png", "scale": 2}}
     ]}}
    """#

    @Test func describingNamesTheFilesWithoutOpeningThem() throws {
        let description = try SceneDescription.parse(Data(Self.text.utf8), baseDirectory: "/nonexistent/scene")
        #expect(description.shaderFolders == ["/nonexistent/scene/fx", "/abs/more"])
        #expect(Set(description.imageFiles) == ["/nonexistent/scene/a.png", "/nonexistent/scene/sub/b.png"])
    }

    @Test func imageArgumentsAreNamedButBindingsAndColorsAreNot() throws {
        let text = #"""
        {"size": [2, 2], "shaders": ["fx"], "root": {"color": "#000000",
         "layerEffect": {"shader": "s", "args": {"mask": "m.png", "t": "$time", "c": "#ffffff", "n": 2}}}}
        """#
        let description = try SceneDescription.parse(Data(text.utf8), baseDirectory: "/b")
        #expect(description.imageFiles == ["/b/m.png"])
    }

    @Test func resolvingReadsImagesThroughTheGivenSource() throws {
        let description = try SceneDescription.parse(Data(Self.text.utf8), baseDirectory: "/nonexistent/scene")
        let asked = Asked()
        let images = SceneImageSource { file in
            asked.add(file)
            return PixelBuffer.blank(width: 4, height: 2, format: .rgba8Unorm)
        }
        var folders: [String] = []
        let scene = try description.resolve(images: images) { given in
            folders = given
            return NoShaders()
        }
        #expect(folders == ["fx", "/abs/more"])
        #expect(asked.files.sorted() == ["/nonexistent/scene/a.png", "/nonexistent/scene/sub/b.png"])
        #expect(scene.size == Size(width: 4, height: 2))
    }

    @Test func aMissingImageIsNamedByItsJSONPathWhenResolved() throws {
        let description = try SceneDescription.parse(Data(Self.text.utf8), baseDirectory: "/nonexistent/scene")
        #expect {
            _ = try description.resolve { _ in NoShaders() }
        } throws: { error in
            guard case SceneError.unreadableImage(let path, _)? = error as? SceneError else { return false }
            return path.description == "root.hstack[0].image"
        }
    }

    @Test func malformedJSONFailsWhenDescribed() {
        #expect(throws: SceneError.self) {
            _ = try SceneDescription.parse(Data(##"{"size": [1, 1], "root": {"color": "#fff",}}"##.utf8), baseDirectory: "/")
        }
    }
}

private final class Asked: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ file: String) { lock.lock(); list.append(file); lock.unlock() }
    var files: [String] { lock.lock(); defer { lock.unlock() }; return list }
}

private struct NoShaders: SceneShaderProvider {
    func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter] {
        throw SceneShaderProblem("no shaders here")
    }

    func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader {
        throw SceneShaderProblem("no shaders here")
    }
}
