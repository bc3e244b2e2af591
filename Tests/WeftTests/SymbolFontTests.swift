import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftText
@testable import WeftViews

/// Symbols drawn from Material Icons through the text pipeline, measured against FreeType's own coverage of the icon;
/// names matched and refused.
@Suite struct SymbolFontTests {
    static let seedSymbols = ["arrow.down", "checkmark", "square.and.arrow.down", "plus.square.on.square", "sidebar.right", "wave.3.right"]

    @Test func everyMappedNameIsAnIconOfTheInstalledFont() throws {
        let font = try IconFont.installed.get()
        #expect(font.codepoints.count > 2000, "the codepoints file has every icon")
        #expect(font.codepoints["star"] == "\u{E838}")
        for (name, icon) in MaterialSymbolNames.bySystemName {
            #expect(font.codepoints[icon] != nil, "\(name) → \(icon)")
        }
        #expect(MaterialSymbolNames.bySystemName.count >= 200)
        for name in Self.seedSymbols + ["sparkles", "gear", "person.crop.circle", "cart.fill"] {
            #expect(throws: Never.self) { try Symbol(systemName: name) }
        }
        // The hand-drawn set stays first; what it lacks comes from the font.
        #expect(!Symbol.isDrawnFromIconFont("star.fill") && Symbol.isDrawnFromIconFont("sparkles"))
    }

    @Test func codepointsAreReadFromTheSassMap() {
        let map = IconFont.parseCodepoints("$material-icons-codepoints: map-merge((\n\t\"10k\": e951,\n\t\"star\": e838,\n\tjunk\n), $x);\n")
        #expect(map == ["10k": "\u{E951}", "star": "\u{E838}"])
    }

    @Test func anUnknownSymbolNamesTheNearest() {
        #expect(throws: ViewError.unknownSymbol("wave.4.right", nearest: "wave.3.right")) { try Symbol(systemName: "wave.4.right") }
        #expect(throws: ViewError.unknownSymbol("sparkels", nearest: "sparkles")) { try Symbol(systemName: "sparkels") }
        let error = sceneError(##"{"size": [10, 10], "root": {"symbol": {"name": "gearshape.fil"}}}"##)
        #expect(error?.description == "root.symbol.name: no symbol named 'gearshape.fil'; the nearest is 'gearshape.fill' (docs/symbols.md lists every symbol)")
    }

    /// The icon fills its square from the baseline (the square's bottom edge) up: each pixel's alpha is FreeType's
    /// coverage of the icon at the symbol's size in pixels, at the pen position (square's left, square's bottom).
    @Test(arguments: Backend.allCases, [Float(1), 2])
    func anIconSymbolIsFreeTypesCoverageOfTheIconInItsSquare(backend: Backend, scale: Float) throws {
        let size: Float = 48, canvas = 64
        for name in ["sparkles", "gear", "cart.fill"] {
            let font = try IconFont.installed.get()
            let face = try FontLibrary.shared.face(for: FontRequest(file: font.path))
            let scalar = try #require(font.codepoints[MaterialSymbolNames.bySystemName[name]!])
            let glyph = try #require(FontLibrary.shared.glyphIndex(of: scalar, in: face))
            let bitmap = FontLibrary.shared.rasterize(GlyphKey(face: face, glyph: glyph, pixelSize: size * scale))
            let pixels = try backend.makeContext().render(try Symbol(systemName: name, size: size, color: .white),
                                                          size: Size(width: Float(canvas), height: Float(canvas)),
                                                          options: RenderOptions(scale: scale)).pixels
            let side = Int(Float(canvas) * scale), corner = Int((Float(canvas) - size) / 2 * scale)
            var expected = [Float](repeating: 0, count: side * side)
            for row in 0..<bitmap.height {
                for column in 0..<bitmap.width {
                    let x = corner + bitmap.left + column, y = corner + Int(size * scale) - bitmap.top + row
                    expected[y * side + x] = Float(bitmap.coverage[row * bitmap.width + column]) / 255
                }
            }
            var worst: Float = 0, ink: Float = 0, expectedInk: Float = 0
            var outside: Float = 0
            for y in 0..<side {
                for x in 0..<side {
                    let alpha = pixels[x, y].w
                    worst = max(worst, abs(alpha - expected[y * side + x]))
                    ink += alpha
                    expectedInk += expected[y * side + x]
                    let inSquare = (corner..<(side - corner)).contains(x) && (corner..<(side - corner)).contains(y)
                    if !inSquare { outside += alpha }
                }
            }
            #expect(worst <= 2 / 255, "\(name) at scale \(scale): worst alpha error \(worst)")
            #expect(expectedInk > size * size * scale * scale * 0.15, "\(name): the icon has ink (\(expectedInk) pixels)")
            #expect(abs(ink - expectedInk) <= expectedInk * 0.005, "\(name): \(ink) pixels of ink, FreeType \(expectedInk)")
            #expect(outside == 0, "\(name): \(outside) pixels of ink outside its square")
        }
    }

    /// docs/symbols.md lists every name and what draws it, no more.
    @Test func theSymbolsDocListsEveryName() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/symbols.md")
        let rows = try String(contentsOf: doc, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| `") }
        var listed: [String: String] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            listed[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        #expect(listed.keys.sorted() == Symbol.names)
        for name in Symbol.names {
            let expected = Symbol.isDrawnFromIconFont(name) ? "Material `\(MaterialSymbolNames.bySystemName[name]!)`" : "hand-drawn"
            #expect(listed[name] == expected, "\(name)")
        }
    }

    @Test func theIconFontsMissingPiecesSayHowToInstallIt() {
        #expect(TextError.missingIconFont("Material Icons").description.contains("install Debian's fonts-material-design-icons-iconfont"))
        #expect(ViewError.symbolFont("sparkles", .missingIcon("auto_awesome")).description
            == "symbol 'sparkles': the installed Material Icons has no icon 'auto_awesome' (fonts-material-design-icons-iconfont 6.7 has it)")
    }
}
