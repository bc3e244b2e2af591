import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// A container's `.font` and `.foregroundStyle` reach the texts and symbols inside that set none, as SwiftUI's
/// environment does: measured by the colour of fully covered glyph and stroke pixels, and by where a symbol's strokes
/// land and how much they cover.
struct SwiftUIEnvironmentTests {
    static let canvas = Size(width: 100, height: 100)

    static func pixels(_ view: some View, on backend: Backend = .cpu, background: Color? = .white) throws -> PixelBuffer {
        let context = try backend.makeContext()
        guard let background else { return try context.render(view, size: canvas).pixels }
        return try context.render(ZStack { background; view }, size: canvas).pixels
    }

    /// The pixel of `rows` farthest from white: where glyphs or strokes cover a pixel fully, their colour.
    static func inkiest(_ pixels: PixelBuffer, rows: Range<Int>) -> SIMD4<Float> {
        var best = SIMD4<Float>(1, 1, 1, 1), distance: Float = 0
        for y in rows {
            for x in 0..<pixels.width {
                let p = pixels[x, y], d = ((p - SIMD4(1, 1, 1, 1)) * (p - SIMD4(1, 1, 1, 1))).sum()
                if d > distance { (best, distance) = (p, d) }
            }
        }
        return best
    }

    /// `color` composited over white, as the canvas stores it.
    static func overWhite(_ color: Color) -> SIMD4<Float> {
        let c = color.premultiplied(in: .nonLinear)
        return SIMD4(c.x + 1 - c.w, c.y + 1 - c.w, c.z + 1 - c.w, 1)
    }

    static func near(_ pixel: SIMD4<Float>, _ expected: SIMD4<Float>) -> Bool {
        ((pixel - expected) * (pixel - expected)).max().squareRoot() <= 1.0 / 255 + 1e-6
    }

    /// The first and last columns any pixel of row `y` covers, on a transparent canvas, and the row's summed coverage.
    static func row(_ pixels: PixelBuffer, _ y: Int) -> (first: Int, last: Int, coverage: Float) {
        let covered = (0..<pixels.width).filter { pixels[$0, y].w > 0.002 }
        return (covered.first ?? -1, covered.last ?? -1, (0..<pixels.width).map { pixels[$0, y].w }.reduce(0, +))
    }

    @Test(arguments: Backend.allCases)
    func aContainersForegroundStyleColorsItsTextsAndSymbols(backend: Backend) throws {
        let view = VStack(spacing: 4) {
            Text("Hola")
            Image(systemName: "square")
        }
        .font(.system(size: 40))
        .foregroundStyle(.red)
        let pixels = try Self.pixels(view, on: backend)
        // The text's line (about 48 points) and the 48-point symbol, centred: the text above y 50, the symbol below.
        #expect(Self.near(Self.inkiest(pixels, rows: 0..<40), Self.overWhite(.red)), "\(Self.inkiest(pixels, rows: 0..<40))")
        #expect(Self.near(Self.inkiest(pixels, rows: 60..<100), Self.overWhite(.red)), "\(Self.inkiest(pixels, rows: 60..<100))")
    }

    @Test func theInnermostStyleWinsAndWhatIsSetWhereItIsMadeStays() throws {
        let view = VStack(spacing: 0) {
            Text("A").foregroundStyle(.blue).frame(height: 25)
            Text("B").frame(height: 25)
            Image(systemName: "square").frame(height: 25)
            Text("C", color: .black).frame(height: 25)
        }
        .font(.system(size: 20, weight: .bold))
        .foregroundStyle(.secondary)
        let pixels = try Self.pixels(view)
        #expect(Self.near(Self.inkiest(pixels, rows: 0..<25), Self.overWhite(.blue)))
        #expect(Self.near(Self.inkiest(pixels, rows: 25..<50), Self.overWhite(.secondary)), "\(Self.inkiest(pixels, rows: 25..<50))")
        #expect(Self.near(Self.inkiest(pixels, rows: 75..<100), SIMD4(0, 0, 0, 1)))
        // `.secondary` is iOS's secondary label colour, 60 % of (60, 60, 67).
        let grey: Float = 0.4 + 0.6 * 60 / 255, blue: Float = 0.4 + 0.6 * 67 / 255
        #expect(Self.near(Self.overWhite(.secondary), SIMD4(grey, grey, blue, 1)))
    }

    /// A square outline runs along grid points 3 and 21 of its 24, its strokes `strokeWidth(for: weight)` grid points
    /// wide centred on them, on a side 1.2 times the font's size.
    @Test(arguments: Backend.allCases, [(Float(40), Font.Weight.regular), (40, .semibold), (17, .black), (12, .ultraLight)])
    func aSymbolIsSizedAndWeightedByItsContainersFont(backend: Backend, font: (size: Float, weight: Font.Weight)) throws {
        let view = VStack { Image(systemName: "square") }.font(.system(size: font.size, weight: font.weight))
        let pixels = try Self.pixels(view, on: backend, background: nil)
        let side = Symbol.side(forFontSize: font.size), k = side / 24
        let (first, last, coverage) = Self.row(pixels, 50)
        let half = Symbol.strokeWidth(for: font.weight) / 2
        let left = 50 - side / 2 + (3 - half) * k, right = 50 + side / 2 - (3 - half) * k
        #expect(first == Int(left.rounded(.down)) && last == Int(right.rounded(.up)) - 1, "ink \(first)…\(last), predicted \(left)…\(right)")
        #expect(abs(coverage - 2 * Symbol.strokeWidth(for: font.weight) * k) < 0.02, "\(coverage) points of stroke")
    }

    @Test func aSymbolWithoutAFontIsBodySized() throws {
        let (first, last, _) = Self.row(try Self.pixels(Image(systemName: "square"), background: nil), 50)
        let side = Symbol.side(forFontSize: 17)
        #expect(abs(side - 20.4) < 1e-5)
        #expect(first == Int((50 - side / 2 + side / 12).rounded(.down)) && last == Int((50 + side / 2 - side / 12).rounded(.up)) - 1)
    }

    @Test func aLabelInAContainerTakesItsFontAndStyle() throws {
        let inContainer = try Self.pixels(VStack { Label("Ir", systemImage: "arrow.right") }.font(.title).foregroundStyle(.green))
        var symbol = try Symbol(systemName: "arrow.right", size: Symbol.side(forFontSize: 28), color: .green)
        symbol.weight = .regular
        let parts = try Self.pixels(HStack(spacing: 6) { symbol; Text("Ir", color: .green).font(.title) })
        #expect(inContainer == parts)
        #expect(try inContainer == Self.pixels(Label("Ir", systemImage: "arrow.right").font(.title).foregroundStyle(.green)))
    }

    @Test func aSceneFilesContainerSetsTheSame() throws {
        let swift = try Self.pixels(VStack(spacing: 4) { Text("Hola"); Image(systemName: "square") }
            .font(.system(size: 30, weight: .semibold)).foregroundStyle(.mint))
        let scene = try parseScene(##"""
            {"size": [100, 100], "root": {"vstack": {"spacing": 4, "children": [{"text": "Hola"}, {"symbol": "square"}]},
             "modifiers": [{"font": {"size": 30, "weight": "semibold"}}, {"foregroundStyle": "mint"}]}}
            """##)
        #expect(try Self.pixels(scene.frame(at: 0).view) == swift)
    }
}
