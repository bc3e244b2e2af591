import Testing
import WeftImage
@testable import WeftScene
@testable import WeftViews

/// Text, fonts and colour names in scene files.
@Suite struct SceneTextTests {
    static func root(_ json: String) throws -> ViewNode {
        try parseScene(##"{"size": [100, 50], "root": "## + json + "}").root
    }

    static func text(_ json: String) throws -> Text? {
        guard case .text(let text) = try root(json).kind else { return nil }
        return text
    }

    @Test func fontsAreTextStylesOrObjects() throws {
        #expect(try Self.text(##"{"text": {"string": "a", "font": "headline"}}"##)?.resolvedFont == .headline)
        let custom = try Self.text(##"{"text": {"string": "a", "font": {"size": 48, "weight": "bold", "design": "serif"}}}"##)
        #expect(custom?.resolvedFont == Font.system(size: 48, weight: .bold, design: .serif))
        #expect(try custom?.face.face.family == "DejaVu Serif")
        let named = try Self.text(##"{"text": {"string": "a", "font": {"size": 20, "family": "DejaVu Sans Mono"}}}"##)
        #expect(try named?.face.face.family == "DejaVu Sans Mono")
        // `size` alone stays a shorthand; `weight` beside it too.
        let short = try Self.text(##"{"text": {"string": "a", "size": 30, "weight": "semibold", "color": "orange", "alignment": "center", "lineLimit": 2}}"##)
        #expect(short?.resolvedFont == Font.system(size: 30, weight: .semibold) && short?.color == .orange)
        #expect(short?.alignment == .center && short?.lineLimit == 2)
        #expect(try Self.text(##"{"text": "plain"}"##)?.resolvedFont == .body)
    }

    @Test func aContainersFontReachesItsTexts() throws {
        let node = try Self.root(##"{"vstack": [{"text": "a"}, {"text": {"string": "b", "font": "caption"}}], "modifiers": [{"font": "title"}, {"lineLimit": 1}]}"##)
        guard case .stacked(_, let children) = node.kind, case .text(let a) = children[0].kind, case .text(let b) = children[1].kind else {
            Issue.record("expected two texts in a stack, got \(node.kind)")
            return
        }
        #expect(a.resolvedFont == .title && b.resolvedFont == .caption && a.lineLimit == 1)
    }

    @Test func badFontsAreNamedErrorsWithTheirPath() {
        let path = JSONPath("root").key("text").key("font")
        guard case .invalid(let at, let message)? = sceneError(##"{"size": [10, 10], "root": {"text": {"string": "a", "font": {"size": 9, "family": "No Such Family"}}}}"##) else {
            Issue.record("a missing family is an error")
            return
        }
        #expect(at == path.key("family") && message.contains("No Such Family") && message.contains("Inter"))
        #expect(sceneError(##"{"size": [10, 10], "root": {"text": {"string": "a", "font": "huge"}}}"##)
            == .unknownName(path: path, kind: "text style", name: "huge", known: Font.TextStyle.allCases.map(\.rawValue)))
        #expect(sceneError(##"{"size": [10, 10], "root": {"text": {"string": "a", "font": {"weight": "bold"}}}}"##)
            == .missingKey(path: path, key: "size", alternative: "style"))
        guard case .invalid(let filePath, _)? = sceneError(##"{"size": [10, 10], "root": {"text": {"string": "a", "font": {"size": 9, "file": "/nonexistent.otf"}}}}"##) else {
            Issue.record("an unreadable font file is an error")
            return
        }
        #expect(filePath == path.key("file"))
    }

    /// SwiftUI's colour names, as on the command line; a bad one lists them.
    @Test func coloursMayBeNamed() throws {
        guard case .shape(_, let fill) = try Self.root(##"{"color": "orange"}"##).kind, case .color(let orange) = fill.kind else {
            Issue.record("a color view")
            return
        }
        #expect(orange == .orange)
        guard case .invalid(_, let message)? = sceneError(##"{"size": [10, 10], "root": {"color": "reddish"}}"##) else {
            Issue.record("an unknown colour name is an error")
            return
        }
        #expect(message.contains("indigo"))
    }
}
