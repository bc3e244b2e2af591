import Testing
import WeftImage
import WeftText

/// The host-side label drawer puts FreeType's glyphs where HarfBuzz's layout says.
@Suite struct LabelTextTests {
    let text: LabelText

    init() throws { text = try LabelText(pixelSize: 32) }

    func inkBounds(_ pixels: PixelBuffer) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.bytes[(y * pixels.width + x) * 4 + 3] > 0 { xs.append(x); ys.append(y) }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0...x1, y0...y1)
    }

    @Test func theInkIsTheUnionOfTheGlyphBitmapsAtThePenPositions() throws {
        var pixels = PixelBuffer.blank(width: 200, height: 80, format: .rgba8Unorm)
        let origin = SIMD2(10, 12)
        text.draw("Weft", into: &pixels, at: origin, color: [255, 255, 255, 255])
        let drawn = try #require(inkBounds(pixels))
        let layout = text.layout("Weft")
        #expect(layout.lines.count == 1 && layout.lines[0].glyphs.count == 4)
        var left = Int.max, right = Int.min, top = Int.max, bottom = Int.min
        for glyph in layout.lines[0].glyphs {
            let bitmap = FontLibrary.shared.rasterize(GlyphKey(face: glyph.face, glyph: glyph.glyph, pixelSize: 32))
            let x = Float(origin.x) + glyph.position.x + Float(bitmap.left)
            let y = Float(origin.y) + glyph.position.y - Float(bitmap.top)
            left = min(left, Int(x.rounded(.down))); right = max(right, Int(x.rounded(.up)) + bitmap.width - 1)
            top = min(top, Int(y.rounded(.down))); bottom = max(bottom, Int(y.rounded(.up)) + bitmap.height - 1)
        }
        // Within a pixel of the unrounded pen positions (bitmap edge columns may hold no coverage).
        #expect(abs(drawn.x.lowerBound - left) <= 1 && abs(drawn.x.upperBound - right) <= 1, "\(drawn.x) vs \(left)...\(right)")
        #expect(abs(drawn.y.lowerBound - top) <= 1 && abs(drawn.y.upperBound - bottom) <= 1, "\(drawn.y) vs \(top)...\(bottom)")
        // The cap height sits on the baseline: 'W' reaches from about the ascent's top down to the baseline.
        #expect(drawn.y.upperBound <= origin.y + text.ascent && drawn.y.upperBound >= origin.y + text.ascent - 2, "\(drawn.y) ascent \(text.ascent)")
    }

    @Test func theWidthIsWhereTheLastPenAdvancesTo() {
        for string in ["Weft", "frame 16.7 ms", "AVATAR ffi"] {
            let layout = text.layout(string)
            // HarfBuzz's pens carry kerning; the line ends where the last pen plus FreeType's advance of its glyph does.
            let last = layout.lines[0].glyphs.last!
            let end = last.position.x + FontLibrary.shared.advance(of: last.glyph, in: last.face, pixelSize: 32)
            #expect(abs(layout.lines[0].width - end) < 0.5, "\(string): \(layout.lines[0].width) vs \(end)")
            #expect(layout.lines[0].glyphs.map(\.position.x) == layout.lines[0].glyphs.map(\.position.x).sorted())
            #expect(text.width(of: string) == Int(layout.lines[0].width.rounded(.up)))
        }
        #expect(text.width(of: "") == 0)
        #expect(text.width(of: "Weft Weft") > 2 * text.width(of: "Weft"))
    }

    @Test func coverageBlendsSourceOverPremultipliedPixels() {
        // Opaque red under half-transparent white ink: full coverage gives the mix, no coverage leaves red.
        var pixels = PixelBuffer.wrapping(width: 100, height: 50, format: .rgba8Unorm,
                                 bytes: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 5000).joined()))
        text.draw("I", into: &pixels, at: SIMD2(20, 5), color: [255, 255, 255, 128])
        var full = 0
        for i in 0..<5000 {
            let p = Array(pixels.bytes[i * 4..<i * 4 + 4])
            #expect(p[0] == 255 && p[3] == 255 && p[1] == p[2] && p[1] <= 128)
            if p[1] == 128 { full += 1 }
        }
        #expect(full > 20)
        var outside = PixelBuffer.blank(width: 4, height: 4, format: .rgba8Unorm)
        text.draw("Weft", into: &outside, at: SIMD2(-50, -50), color: [255, 255, 255, 255])   // clipped, no trap
        #expect(outside.bytes.allSatisfy { $0 == 0 })
    }

    @Test func truncationKeepsTheLongestPrefixThatFitsWithItsEllipsis() {
        let name = "a-very-long-effect-name"
        let short = text.truncated(name, toWidth: 150)
        #expect(short.hasSuffix("\u{2026}") && name.hasPrefix(short.dropLast()))
        #expect(text.width(of: short) <= 150)
        #expect(text.width(of: String(name.prefix(short.count)) + "\u{2026}") > 150)
        #expect(text.truncated(name, toWidth: 10_000) == name)
    }
}
