import Testing
import WeftImage
@testable import WeftScene
import WeftViews

/// Scene errors are cases a caller can match, each naming the path, and printing as the docs quote them.
@Suite struct SceneErrorCaseTests {
    static func scene(modifier: String) -> String {
        ##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"##  + modifier + "}]}}"
    }

    static let modifierPath = JSONPath("root").key("modifiers").index(0)

    @Test func anUnknownKeyListsTheAllowedOnesInReadingOrder() {
        let error = sceneError(Self.scene(modifier: ##""frame": {"widht": 3}"##))
        #expect(error == .unknownKey(path: Self.modifierPath.key("frame").key("widht"), key: "widht",
                                     allowed: ["width", "height", "alignment", "minWidth", "maxWidth", "minHeight", "maxHeight"]))
        #expect(sceneError(##"{"size": [10, 10], "root": {"circle": {"radius": 3}}}"##)?.description
            == "root.circle.radius: unknown key 'radius' (it takes no keys)")
    }

    @Test func aMissingKeyNamesTheObject() {
        #expect(sceneError(Self.scene(modifier: ##""shadow": {"x": 3}"##)) == .missingKey(path: Self.modifierPath.key("shadow"), key: "radius"))
        #expect(sceneError(##"{"size": [10, 10]}"##) == .missingKey(path: JSONPath(""), key: "root", alternative: ##"or "states" with a "timeline""##))
    }

    /// The scene's, `drawingGroup`'s and `matchedGeometryEffect`'s booleans are read alike.
    @Test(arguments: [
        (##"{"size": [10, 10], "reduceMotion": 1, "root": {"color": "#ff0000"}}"##, JSONPath("").key("reduceMotion")),
        (scene(modifier: ##""drawingGroup": {"opaque": "yes"}"##), modifierPath.key("drawingGroup").key("opaque")),
        (scene(modifier: ##""matchedGeometryEffect": {"id": "a", "in": "b", "isSource": null}"##), modifierPath.key("matchedGeometryEffect").key("isSource")),
    ])
    func booleansAreOneReader(json: String, path: JSONPath) {
        guard case .wrongType(path, "a boolean", _)? = sceneError(json) else {
            Issue.record("expected a boolean at \(path), got \(String(describing: sceneError(json)))")
            return
        }
    }

    @Test func numbersOutOfRangeNameTheRangeAndTheValueAsWritten() {
        #expect(sceneError(Self.scene(modifier: ##""opacity": 1.5"##)) == .outOfRange(path: Self.modifierPath.key("opacity"), value: 1.5, allowed: .unitInterval))
        #expect(sceneError(Self.scene(modifier: ##""padding": -0.1"##)) == .outOfRange(path: Self.modifierPath.key("padding"), value: -0.1, allowed: .nonNegative))
        #expect(sceneError(Self.scene(modifier: ##""padding": -0.1"##))?.description == "root.modifiers[0].padding: must not be negative, got -0.1")
        #expect(sceneError(##"{"size": [10, 10], "frame": 1.5, "root": {"color": "#ff0000"}}"##) == .outOfRange(path: JSONPath("frame"), value: 1.5, allowed: .frameIndex))
        #expect(sceneError(Self.scene(modifier: ##""offset": {"x": 1e39}"##)) == .outOfRange(path: Self.modifierPath.key("offset").key("x"), value: 1e39, allowed: .finite))
    }

    /// `dampingFraction` is a number, not a time, and reads like one.
    @Test func aSpringReadsItsDampingFractionAsANumber() throws {
        let timeline = ##"{"size": [10, 10], "states": {"a": {"color": "#ff0000"}}, "timeline": [{"state": "a"}, {"at": 1, "state": "a", "animation": {"spring": {"response": 0.4, "dampingFraction": DF}}}]}"##
        let scene = try parseScene(timeline.replacingOccurrences(of: "DF", with: "0.6"))
        #expect(scene.timeline?.changes.first?.animation == .spring(response: 0.4, dampingFraction: 0.6))
        let path = JSONPath("timeline").index(1).key("animation").key("spring").key("dampingFraction")
        #expect(sceneError(timeline.replacingOccurrences(of: "DF", with: ##""x""##)) == .wrongType(path: path, expected: "a number", got: "a string"))
    }

    @Test func anUnknownNameListsTheKnownOnes() {
        #expect(sceneError(Self.scene(modifier: ##""blendMode": "overlayy""##))
            == .unknownName(path: Self.modifierPath.key("blendMode"), kind: "blend mode", name: "overlayy", known: BlendMode.allCases.map(\.rawValue)))
        #expect(sceneError(Self.scene(modifier: ##""drawingGroup": {"colorMode": "srgb"}"##))
            == .unknownName(path: Self.modifierPath.key("drawingGroup").key("colorMode"), kind: "color mode", name: "srgb",
                            known: ["nonLinear", "linear", "extendedLinear"]))
        #expect(sceneError(Self.scene(modifier: ##""opactiy": 1"##)) == .unknownName(path: Self.modifierPath, kind: "modifier", name: "opactiy", known: []))
        #expect(sceneError(Self.scene(modifier: ##""opactiy": 1"##))?.description == "root.modifiers[0]: unknown modifier 'opactiy'")
        #expect(sceneError(Self.scene(modifier: ##""transition": "fade""##))?.description
            == ##"root.modifiers[0].transition: unknown transition 'fade'; one of opacity, scale, identity, {"move": EDGE}"##)
    }

    @Test func imagesAndShadersFailAsTheirOwnCases() {
        guard case .unreadableImage(JSONPath("root").key("image"), let reason)? = sceneError(##"{"size": [10, 10], "root": {"image": "nothere.png"}}"##) else {
            Issue.record("expected an unreadable image")
            return
        }
        #expect(reason.contains("nothere.png"))
        #expect(sceneError(##"{"size": [10, 10], "root": {"color": "#ff0000", "modifiers": [{"colorEffect": {"shader": "tint"}}]}}"##)
            == .shader(path: Self.modifierPath.key("colorEffect").key("shader"), message: ##"shader 'tint' is used, but the scene lists no "shaders" folders"##))
    }
}
