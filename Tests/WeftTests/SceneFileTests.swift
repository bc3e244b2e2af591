import Foundation
import Testing
@testable import Weft
@testable import WeftCatalog
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Knows one color effect, `tint`, taking `amount` (a number).
struct OneShaderProvider: SceneShaderProvider {
    static let tint = try? ShaderLibrary(source: "[[ stitchable ]] vec4 tint(vec2 position, vec4 color, float amount) { return color; }",
                                         cache: SPIRVCache(directory: nil)).function(named: "tint")

    func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter] {
        guard name == "tint", let tint = Self.tint else { throw SceneShaderProblem("no shader named '\(name)' in the library") }
        guard kind == .color else { throw SceneShaderProblem("'tint' is a color effect, used as a \(kind.rawValue) effect") }
        return tint.parameters
    }

    func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader {
        _ = try parameters(ofShader: name, kind: kind)
        for (key, value) in arguments {
            guard key == "amount" else { throw SceneShaderProblem("'tint' has no parameter '\(key)'") }
            guard case .number = value else { throw SceneShaderProblem("parameter 'amount' of 'tint' is a float") }
        }
        return EffectShader(name: name) { _, _ in throw SceneShaderProblem("not for rendering") }
    }
}

func parseScene(_ text: String) throws(SceneError) -> Scene {
    try Scene.parse(Data(text.utf8), baseDirectory: "/nonexistent") { _ in OneShaderProvider() }
}

func sceneError(_ text: String) -> SceneError? {
    do {
        _ = try parseScene(text)
        return nil
    } catch {
        return error
    }
}

@Test func theDocumentedExampleParses() throws {
    let scene = try parseScene("""
    { "size": [512, 384], "scale": 1, "background": "#00000000", "shaders": ["Shaders"],
      "root": { "zstack": [
          { "circle": {}, "modifiers": [ {"fill": "#0000ff"}, {"frame": {"width": 64, "height": 64}}, {"offset": {"x": -18, "y": 0}} ] },
          { "circle": {}, "modifiers": [ {"fill": "#ff69b4"}, {"frame": {"width": 64, "height": 64}} ] } ],
        "modifiers": [ {"compositingGroup": {}}, {"opacity": 0.25}, {"colorEffect": {"shader": "tint", "args": {"amount": 0.5}}} ] } }
    """)
    #expect(scene.size == Size(width: 512, height: 384))
    #expect(scene.shaderFolders == ["Shaders"])
    #expect(Layout.size(of: scene.root, proposed: SIMD2(512, 384)) == SIMD2(64, 64))
}

@Test(arguments: [
    // (scene, expected path, a word of the message)
    (##"{"size": [10, 10], "root": {"zstack": [{"circle": {}}, {"circle": {}, "modifiers": [{"opactiy": 1}]}]}}"##,
     "root.zstack[1].modifiers[0]", "opactiy"),
    (##"{"size": [10, 10], "root": {"circle": {}, "modifiers": [{"fill": "#00f"}, {"frame": {"width": "wide"}}]}}"##,
     "root.modifiers[0].fill", "color"),
    (##"{"size": [10, 10], "root": {"circle": {}, "modifiers": [{"frame": {"width": "wide"}}]}}"##,
     "root.modifiers[0].frame.width", "number"),
    (##"{"size": [10, 10], "root": {"circle": {"radius": 3}}}"##, "root.circle.radius", "unknown key"),
    (##"{"size": [10, 10], "root": {"circle": {}, "rectangle": {}}}"##, "root", "exactly one"),
    (##"{"size": [10, 10], "root": {"zstack": [{"color": "#ff0000", "modifiers": [{"fill": "#00ff00"}]}]}}"##,
     "root.zstack[0].modifiers[0]", "shape"),
    (##"{"size": [10, 10], "shaders": ["S"], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "missing"}}]}}"##,
     "root.modifiers[0].colorEffect", "missing"),
    (##"{"size": [10, 10], "shaders": ["S"], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "tint", "args": {"amount": "$tiem"}}}]}}"##,
     "root.modifiers[0].colorEffect.args.amount", "$tiem"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "tint"}}]}}"##,
     "root.modifiers[0].colorEffect.shader", "shaders"),
    (##"{"size": [10, 10], "shaders": ["S"], "root": {"color": "#ff0000", "modifiers": [{"layerEffect": {"shader": "tint", "maxSampleOffset": [4]}}]}}"##,
     "root.modifiers[0].layerEffect.maxSampleOffset", "2 numbers"),
    (##"{"size": [10, 10], "shaders": ["S"], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "tint", "maxSampleOffset": [4, 4]}}]}}"##,
     "root.modifiers[0].colorEffect.maxSampleOffset", "maxSampleOffset applies to layer and distortion effects; a color effect samples only its own pixel"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"blendMode": "overlayy"}]}}"##,
     "root.modifiers[0].blendMode", "overlayy"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"opacity": 0.5, "offset": {}}]}}"##,
     "root.modifiers[0]", "exactly one key"),
    (##"{"size": [10], "root": {"color": "#ff0000"}}"##, "size", "2 numbers"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000"}, "extra": 1}"##, "extra", "unknown key"),
    (##"{"size": [10, 10], "root": {"circle": {}, "modifiers": [{"fill": {"linearGradient": {"colors": ["#ff0000", 3]}}}]}}"##,
     "root.modifiers[0].fill.linearGradient.colors[1]", "string"),
])
func sceneErrorsNameTheirPath(scene: String, path: String, word: String) {
    guard let error = sceneError(scene) else {
        Issue.record("expected an error at \(path)")
        return
    }
    #expect(error.path?.description == path, "\(error)")
    #expect(error.description.contains(word), "\(error)")
    #expect(error.description.hasPrefix(path))
}

@Test func malformedJSONIsItsOwnError() {
    guard case .malformedJSON? = sceneError(##"{"size": [10, 10], "root": "#}"##) else {
        Issue.record("expected malformedJSON")
        return
    }
}

@Test func engineBindingsParse() throws {
    struct Recorder: SceneShaderProvider {
        func parameters(ofShader name: String, kind: EffectKind) throws -> [StitchableFunction.Parameter] {
            try ShaderLibrary(source: "[[ stitchable ]] vec2 wave(vec2 position, float t, vec4 r, vec4 c, vec2 p) { return position; }",
                              cache: SPIRVCache(directory: nil)).function(named: "wave").parameters
        }

        func shader(named name: String, kind: EffectKind, arguments: [String: ArgumentValue]) throws -> EffectShader {
            #expect(arguments["t"] == .binding(.time))
            #expect(arguments["r"] == .binding(.boundingRect))
            #expect(arguments["c"] == .color(Color(hex: "#ff8c1a")!))
            #expect(arguments["p"] == .numbers([200, 160]))
            return EffectShader(name: name) { _, _ in throw SceneShaderProblem("unused") }
        }
    }
    _ = try Scene.parse(Data(##"""
    {"size": [10, 10], "shaders": ["S"], "root": {"color": "#ff0000", "modifiers": [
      {"distortionEffect": {"shader": "wave", "args": {"t": "$time", "r": "$boundingRect", "c": "#ff8c1a", "p": [200, 160]},
                            "maxSampleOffset": [4, 0]}}]}}
    """##.utf8), baseDirectory: "/") { _ in Recorder() }
}

@Test func imagesAreReadRelativeToTheSceneFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weft-scene-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try PNGFile.write(testImage(), to: folder + "/pattern.png")
    let scene = try Scene.parse(Data(#"{"size": [2, 1], "scale": 2, "root": {"image": {"path": "pattern.png", "scale": 2}}}"#.utf8),
                                baseDirectory: folder) { _ in OneShaderProvider() }
    guard case .image(let image) = scene.root.kind else {
        Issue.record("expected an image view")
        return
    }
    #expect(image.pixels == testImage())
    #expect(image.size == Size(width: 2, height: 1))

    let missing = #"{"size": [2, 1], "root": {"zstack": [{"image": "nowhere.png"}]}}"#
    do {
        _ = try Scene.parse(Data(missing.utf8), baseDirectory: folder) { _ in OneShaderProvider() }
        Issue.record("expected an error")
    } catch {
        #expect(error.path?.description == "root.zstack[0].image")
        #expect(error.description.contains("nowhere.png"), "\(error)")
    }
}

@Test func statesAndATimelineParse() throws {
    let scene = try parseScene(##"""
    {"size": [10, 10],
     "states": {"a": {"color": "#ff0000", "modifiers": [{"opacity": 1}]}, "b": {"color": "#0000ff", "modifiers": [{"opacity": 0}]}},
     "timeline": [{"state": "a"}, {"at": 1, "state": "b", "animation": {"spring": {"response": 0.4}}},
                  {"at": 4, "state": "a", "animation": "easeInOut"}, {"at": 5, "state": "b", "animation": {"linear": 2}}]}
    """##)
    let timeline = try #require(scene.timeline)
    #expect(timeline.changes.map(\.time) == [1, 4, 5])
    #expect(timeline.changes.map(\.animation) == [.spring(response: 0.4, dampingFraction: 0.825), .easeInOut, .linear(duration: 2)])
    #expect(timeline.duration == 7)
    // Mid-change the view is pinned to its interpolated frame.
    guard case .modified(let pinned, is GroupAnchor) = scene.frame(at: 6).view.kind, case .modified(_, let opacity as OpacityEffect) = pinned.kind else {
        Issue.record("expected an opacity modifier")
        return
    }
    #expect(abs(opacity.value - 0.5) < 1e-6)
}

@Test(arguments: [
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "c"}]}"##,
     "timeline[1].state", "no state named 'c'"),
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a", "animation": "linear"}]}"##,
     "timeline[0]", "initial state"),
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 2, "state": "a", "animation": {"linear": 2}}, {"at": 1, "state": "a"}]}"##,
     "timeline[2]", "in order of time"),
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "a", "animation": {"spring": {"dampingFraction": 0}}}]}"##,
     "timeline[1].animation.spring", "damping"),
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "a", "animation": "bounce"}]}"##,
     "timeline[1].animation", "unknown animation"),
    (##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}}"##, "(top level)", "timeline"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000"}, "timeline": []}"##, "timeline", "single"),
    (##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"transition": {"move": "up"}}]}}"##,
     "root.modifiers[0].transition.move", "unknown edge"),
])
func timelineErrorsNameTheirPath(scene: String, path: String, word: String) {
    guard let error = sceneError(scene) else {
        Issue.record("expected an error at \(path)")
        return
    }
    #expect(error.path?.description == path, "\(error)")
    #expect(error.description.contains(word), "\(error)")
}
