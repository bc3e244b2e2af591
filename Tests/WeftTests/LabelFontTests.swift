import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
@testable import WeftViews

/// A label's font: `.body` (17 points) by default, its own when set on it (title and symbol), the environment's for
/// its title otherwise.
@Suite struct LabelFontTests {
    static let canvas = Size(width: 240, height: 60)

    static func pixels(_ view: some View, on backend: Backend = .cpu) throws -> PixelBuffer {
        try backend.makeContext().render(ZStack { Color.white; view }, size: canvas).pixels
    }

    static func sceneView(_ root: String) throws -> ViewNode {
        try parseScene(##"{"size": [240, 60], "root": "## + root + "}").frame(at: 0).view
    }

    /// The label as its parts: the symbol a square 1.2 times the font's size, stroked for its weight, 6 points
    /// before the title.
    static func parts(_ symbol: String, symbolSize: Float, weight: Font.Weight = .regular, title text: Text) throws -> HStack {
        var mark = try Symbol(systemName: symbol, size: symbolSize)
        mark.weight = weight
        return HStack(spacing: 6) {
            mark
            text
        }
    }

    @Test(arguments: Backend.allCases)
    func aLabelIsBodySizedByDefault(backend: Backend) throws {
        let label = Label("Guardar", systemImage: "square.and.arrow.down")
        let body = Text("Guardar").font(.body)
        let side = Symbol.side(forFontSize: 17)
        #expect(abs(side - 20.4) < 1e-5)
        let (size, _) = Layout.arrange(label.node, proposed: SIMD2(240, 60))
        #expect(size == SIMD2(side + 6 + body.naturalSize.width, max(side, body.naturalSize.height)), "a 17-point title beside a 20.4-point symbol")
        #expect(try Self.pixels(label, on: backend)
            == Self.pixels(try Self.parts("square.and.arrow.down", symbolSize: Symbol.side(forFontSize: 17), title: body), on: backend))
        #expect(try Self.pixels(Self.sceneView(##"{"label": {"title": "Guardar", "systemImage": "square.and.arrow.down"}}"##))
            == Self.pixels(label))
    }

    @Test func aFontOnTheLabelSizesItsTitleAndSymbol() throws {
        let expected = try Self.pixels(try Self.parts("sparkles", symbolSize: Symbol.side(forFontSize: 28), title: Text("Nuevo").font(.title)))
        #expect(try Self.pixels(Label("Nuevo", systemImage: "sparkles").font(.title)) == expected)
        #expect(try Self.pixels(try Label("Nuevo", systemImage: "sparkles", font: .title)) == expected)
        #expect(try Self.pixels(Self.sceneView(##"{"label": {"title": "Nuevo", "systemImage": "sparkles"}, "modifiers": [{"font": "title"}]}"##)) == expected)
        #expect(try Self.pixels(Self.sceneView(##"{"label": {"title": "Nuevo", "systemImage": "sparkles", "font": "title"}}"##)) == expected)
        let bold = try Self.pixels(try Self.parts("sparkles", symbolSize: Symbol.side(forFontSize: 28), weight: .bold, title: Text("Nuevo").font(.title).bold()))
        #expect(try Self.pixels(Self.sceneView(##"{"label": {"title": "Nuevo", "systemImage": "sparkles"}, "modifiers": [{"font": "title"}, {"fontWeight": "bold"}]}"##)) == bold)
        #expect(bold != expected)
        let small = try Self.pixels(try Self.parts("sparkles", symbolSize: Symbol.side(forFontSize: 12), title: Text("Nuevo").font(.system(size: 12))))
        #expect(try Self.pixels(Self.sceneView(##"{"label": {"title": "Nuevo", "systemImage": "sparkles", "size": 12}}"##)) == small)
        #expect(sceneError(##"{"size": [9, 9], "root": {"label": {"title": "a", "systemImage": "star", "size": 12, "font": "title"}}}"##)?
            .description.hasPrefix("root.label.size: 'size' is a shorthand") == true)
    }

    @Test func aContainersFontReachesTheTitle() throws {
        let expected = try Self.pixels(VStack {
            try Self.parts("star", symbolSize: Symbol.side(forFontSize: 17), weight: .semibold, title: Text("Favorito").font(.headline))
        })
        #expect(try Self.pixels(VStack { Label("Favorito", systemImage: "star") }.font(.headline)) == expected)
        #expect(try Self.pixels(Self.sceneView(##"{"vstack": [{"label": {"title": "Favorito", "systemImage": "star"}}], "modifiers": [{"font": "headline"}]}"##))
            == expected)
        // The label's own font wins over its container's.
        #expect(try Self.pixels(VStack { Label("Favorito", systemImage: "star").font(.caption) }.font(.headline))
            == Self.pixels(VStack { try Self.parts("star", symbolSize: Symbol.side(forFontSize: 12), title: Text("Favorito").font(.caption)) }))
    }
}
