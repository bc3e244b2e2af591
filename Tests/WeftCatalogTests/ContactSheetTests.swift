import Testing
import Weft
import WeftCatalog
import WeftImage
import WeftText

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ContactSheetTests {
    func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> PixelBuffer {
        PixelBuffer.wrapping(width: width, height: height, format: .rgba8Unorm, bytes: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }

    func pixel(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        Array(b.bytes[(y * b.width + x) * 4..<(y * b.width + x) * 4 + 4])
    }

    func bytes(_ color: Color) -> [UInt8] {
        let p = color.premultiplied(in: .nonLinear)
        return (0..<4).map { UInt8(unormFloat: p[$0]) }
    }

    @Test func layoutDimensions() throws {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 100
        sheet.thumbnailHeight = 50
        sheet.margin = 10
        sheet.spacing = 6
        sheet.labelGap = 3
        sheet.labelSize = 24
        let lineHeight = try LabelText(pixelSize: 24).lineHeight
        let items = (0..<5).map { ContactSheet.Item(name: "item \($0)", image: solid(400, 100, [0, 0, 0, 255])) }
        let layout = try sheet.layout(for: items)
        // ⌈√5⌉ = 3 columns, 2 rows; a cell is 50 + 3 + the face's line height at 24 px high.
        let cellHeight = 50 + 3 + lineHeight
        #expect(lineHeight >= 24 && lineHeight <= 36)
        #expect(layout.columns == 3 && layout.rows == 2)
        #expect(layout.width == 2 * 10 + 3 * 100 + 2 * 6)
        #expect(layout.height == 2 * 10 + 2 * cellHeight + 6)
        #expect(layout.cells[4].thumbnailBox == PixelRect(x: 10 + 106, y: 10 + cellHeight + 6, width: 100, height: 50))
        // 400×100 fits as 100×25, centred vertically in the box.
        #expect(layout.cells[4].imageFrame == PixelRect(x: 116, y: 10 + cellHeight + 6 + 12, width: 100, height: 25))
        #expect(layout.cells[0].labelFrame.y == 10 + 50 + 3)
        #expect(layout.cells[0].labelFrame.height == lineHeight)
        // The label's advance: HarfBuzz's pen after its last glyph.
        let advance = try LabelText(pixelSize: 24).layout("item 0").lines[0].width
        #expect(layout.cells[0].labelFrame.width == Int(advance.rounded(.up)))
        let rendered = try sheet.render(items)
        #expect(rendered.width == layout.width && rendered.height == layout.height)

        sheet.columns = 5
        #expect(try sheet.layout(for: items).rows == 1)
    }

    @Test func smallImagesGrowByWholeFactorsAndLongNamesAreShortened() throws {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 64
        sheet.thumbnailHeight = 64
        let layout = try sheet.layout(for: [ContactSheet.Item(name: "a-very-long-effect-name", image: solid(10, 20, [1, 2, 3, 255]))])
        #expect(layout.cells[0].imageFrame.width == 30 && layout.cells[0].imageFrame.height == 60)
        // The longest prefix that fits with its ellipsis: one more character would not.
        let label = layout.cells[0].label
        let text = try LabelText(pixelSize: sheet.labelSize)
        #expect(label.hasSuffix("\u{2026}") && "a-very-long-effect-name".hasPrefix(label.dropLast()), "\(label)")
        #expect(layout.cells[0].labelFrame.width <= 64 && text.width(of: label) <= 64)
        #expect(text.width(of: String("a-very-long-effect-name".prefix(label.count)) + "\u{2026}") > 64)
    }

    /// The label's pixels are FreeType's coverage of each glyph at HarfBuzz's pen positions: full coverage is the label
    /// colour, none is the background, partial coverage lies between; nothing is drawn outside the glyphs' bitmaps.
    @Test func labelPixelsAreTheGlyphsCoverage() throws {
        var sheet = ContactSheet()
        sheet.labelSize = 20
        sheet.thumbnailWidth = 240
        let name = "Ripple_2.5 (x)"
        let items = [ContactSheet.Item(name: name, image: solid(16, 16, [0, 0, 0, 255]))]
        let rendered = try sheet.render(items)
        let frame = try sheet.layout(for: items).cells[0].labelFrame
        #expect(try sheet.layout(for: items).cells[0].label == name)
        let text = try LabelText(pixelSize: 20)
        var coverage = [Int: UInt8]()
        for glyph in text.layout(name).lines[0].glyphs {
            let bitmap = FontLibrary.shared.rasterize(GlyphKey(face: glyph.face, glyph: glyph.glyph, pixelSize: 20))
            for row in 0..<bitmap.height {
                for column in 0..<bitmap.width where bitmap.coverage[row * bitmap.width + column] > 0 {
                    let x = frame.x + Int(glyph.position.x.rounded()) + bitmap.left + column
                    let y = frame.y + Int(glyph.position.y.rounded()) - bitmap.top + row
                    coverage[y * rendered.width + x] = max(coverage[y * rendered.width + x] ?? 0, bitmap.coverage[row * bitmap.width + column])
                }
            }
        }
        let ink = bytes(sheet.labelColor)
        let paper = bytes(sheet.background)
        var wrong: [String] = []
        for y in frame.y - 4..<frame.y + frame.height + 4 {
            for x in frame.x - 4..<frame.x + frame.width + 4 {
                let p = pixel(rendered, x, y)
                switch coverage[y * rendered.width + x] {
                case nil: if p != paper { wrong.append("(\(x), \(y)) \(p) not paper") }
                case 255: if p != ink { wrong.append("(\(x), \(y)) \(p) not ink") }
                default: if !(paper[0]...ink[0]).contains(p[0]) || p[3] != 255 { wrong.append("(\(x), \(y)) \(p) not between") }
                }
            }
        }
        #expect(coverage.values.filter { $0 == 255 }.count > 100)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Each cell's label band holds ink under its thumbnail and none past the cell.
    @Test func everyLabelInksItsOwnCellOnly() throws {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 80
        sheet.thumbnailHeight = 40
        sheet.columns = 3
        let items = ["a", "blur", "a-name-much-wider-than-its-thumbnail", "WWWWWWWWWWWWWWWWWW"].map {
            ContactSheet.Item(name: $0, image: solid(8, 8, [0, 0, 0, 255]))
        }
        let layout = try sheet.layout(for: items)
        let rendered = try sheet.render(items)
        let paper = bytes(sheet.background)
        for cell in layout.cells {
            let band = PixelRect(x: cell.thumbnailBox.x - sheet.spacing / 2, y: cell.labelFrame.y,
                                 width: cell.thumbnailBox.width + sheet.spacing, height: cell.labelFrame.height)
            var inked: [Int] = []
            for y in band.y..<band.y + band.height {
                for x in band.x..<band.x + band.width where pixel(rendered, x, y) != paper { inked.append(x) }
            }
            #expect(!inked.isEmpty, "\(cell.label): no ink")
            #expect(inked.allSatisfy { $0 >= cell.thumbnailBox.x && $0 < cell.thumbnailBox.x + cell.thumbnailBox.width },
                    "\(cell.label): ink from \(inked.min() ?? 0) to \(inked.max() ?? 0) past \(cell.thumbnailBox)")
        }
    }

    @Test func checkerboardShowsUnderTransparency() throws {
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 64
        sheet.thumbnailHeight = 64
        let items = [ContactSheet.Item(name: "clear", image: solid(64, 64, [0, 0, 0, 0])),
                     ContactSheet.Item(name: "half", image: solid(64, 64, [0, 0, 128, 128])),
                     ContactSheet.Item(name: "opaque", image: solid(64, 64, [0, 255, 0, 255]))]
        let rendered = try sheet.render(items)
        let cells = try sheet.layout(for: items).cells
        let light = bytes(sheet.checkerLight)
        let dark = bytes(sheet.checkerDark)
        let clear = cells[0].imageFrame
        #expect(pixel(rendered, clear.x, clear.y) == light)
        #expect(pixel(rendered, clear.x + sheet.checkerSize, clear.y) == dark)
        #expect(pixel(rendered, clear.x + sheet.checkerSize, clear.y + sheet.checkerSize) == light)
        // Half-transparent blue over the checker: blue + (1 − ½)·square.
        let half = cells[1].imageFrame
        let over = pixel(rendered, half.x, half.y)
        let expectedRed = UInt8((Float(light[0]) / 255 * (1 - Float(128) / 255) * 255).rounded())
        #expect(over[0] == expectedRed && over[2] > over[0] && over[3] == 255)
        #expect(pixel(rendered, half.x, half.y) != pixel(rendered, half.x + sheet.checkerSize, half.y))
        // Opaque content hides it.
        let opaque = cells[2].imageFrame
        #expect(pixel(rendered, opaque.x, opaque.y) == [0, 255, 0, 255])
        #expect(pixel(rendered, opaque.x + sheet.checkerSize, opaque.y) == [0, 255, 0, 255])
    }

    @Test func reductionAveragesPremultipliedValues() throws {
        // Alternating opaque white and transparent columns, reduced 2:1, give half-transparent
        // white (128,128,128,128), not gray over black.
        var bytes: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { bytes += x % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0] } }
        var sheet = ContactSheet()
        sheet.thumbnailWidth = 4
        sheet.thumbnailHeight = 4
        sheet.checkerLight = .black
        sheet.checkerDark = .black
        let item = ContactSheet.Item(name: "", image: PixelBuffer.wrapping(width: 8, height: 8, format: .rgba8Unorm, bytes: bytes))
        let rendered = try sheet.render([item])
        let frame = try sheet.layout(for: [item]).cells[0].imageFrame
        #expect(frame.width == 4 && frame.height == 4)
        #expect(pixel(rendered, frame.x + 1, frame.y + 2) == [128, 128, 128, 255])
    }

    /// Writes a sheet of real images to /tmp for a person to look at.
    @Test func writesAViewableSheet() throws {
        let pattern = TestPattern.make()
        var linear = PixelBuffer.blank(width: 256, height: 64, format: .rgba16Float)
        for y in 0..<64 { for x in 0..<256 { linear[x, y] = SIMD4(Float(x) / 255, 0.2, 1 - Float(x) / 255, 1) * Float(y) / 63 } }
        let items = [
            ContactSheet.Item(name: "test-pattern", image: pattern),
            ContactSheet.Item(name: "linear gradient", image: linear, colorMode: .linear),
            ContactSheet.Item(name: "clear 100%", image: solid(40, 30, [0, 0, 0, 0])),
            ContactSheet.Item(name: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", image: solid(30, 40, [0, 60, 120, 120])),
            ContactSheet.Item(name: "abcdefghijklmnopqrstuvwxyz", image: pattern),
            ContactSheet.Item(name: "0123456789 .,:;-_+=()[]#%/?!", image: pattern),
        ]
        var sheet = ContactSheet()
        sheet.columns = 3
        sheet.thumbnailWidth = 180
        let rendered = try sheet.render(items)
        try PNGFile.write(rendered, to: "/tmp/weft-contact-sheet.png")
        #expect(try PNGFile.load(path: "/tmp/weft-contact-sheet.png") == rendered)
    }
}
