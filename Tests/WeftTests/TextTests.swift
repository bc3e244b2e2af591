import Synchronization
import Testing
@testable import Weft
import WeftBench
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftText
@testable import WeftViews

/// Text measured against the libraries themselves: HarfBuzz's positions, FreeType's advances and coverage.
@Suite struct TextTests {
    /// Black text on white, composed in sRGB-encoded values: each pixel is white × (1 − coverage) of every glyph over it.
    /// The expectation is built from FreeType's bitmaps at the pen positions HarfBuzz gave, rounded to whole pixels.
    static func expectedInk(_ text: Text, in canvas: SIMD2<Int>, scale: Float = 1) -> [Float] {
        let layout = text.layout()
        let origin = (SIMD2(Float(canvas.x), Float(canvas.y)) / scale - layout.size) / 2
        var value = [Float](repeating: 1, count: canvas.x * canvas.y)
        for line in layout.lines {
            for glyph in line.glyphs {
                let bitmap = FontLibrary.shared.rasterize(GlyphKey(face: glyph.face, glyph: glyph.glyph, pixelSize: layout.pointSize * scale))
                let pen = ((origin + glyph.position) * scale).rounded(.toNearestOrEven)
                for row in 0..<bitmap.height {
                    for column in 0..<bitmap.width {
                        let x = Int(pen.x) + bitmap.left + column, y = Int(pen.y) - bitmap.top + row
                        guard x >= 0, y >= 0, x < canvas.x, y < canvas.y else { continue }
                        value[y * canvas.x + x] *= 1 - Float(bitmap.coverage[row * bitmap.width + column]) / 255
                    }
                }
            }
        }
        return value
    }

    /// At scale 2 the glyphs are rasterised (and hinted) for twice the pixel size, at twice the positions.
    @Test(arguments: Backend.allCases, [Float(1), 2])
    func glyphCoverageLandsWhereHarfBuzzPlacesIt(backend: Backend, scale: Float) throws {
        let text = try Text("Weft AVo", size: 40)
        let canvas = SIMD2(Int(240 * scale), Int(64 * scale))
        let rendering = try backend.makeContext().render(ZStack { Color.white; text }, size: Size(width: 240, height: 64),
                                                         options: RenderOptions(scale: scale))
        #expect(rendering.reports.isEmpty)
        #expect(rendering.pixels.width == canvas.x && rendering.pixels.height == canvas.y)
        let expected = Self.expectedInk(text, in: canvas, scale: scale)
        var worst: Float = 0
        var inked = 0
        for y in 0..<canvas.y {
            for x in 0..<canvas.x {
                let got = rendering.pixels[x, y].x
                worst = max(worst, abs(got - expected[y * canvas.x + x]))
                if got < 0.5 { inked += 1 }
            }
        }
        #expect(worst <= 1.01 / 255, "largest difference from FreeType's coverage: \(worst * 255)/255")
        #expect(inked > 500, "the glyphs are drawn")
    }

    /// Without a kerning pair HarfBuzz advances by FreeType's own advance; "AV" is kerned closer than that.
    @Test func advancesAreFreeTypesAndKerningIsHarfBuzzs() throws {
        let plain = try Text("HHH", size: 40).layout()
        let face = plain.lines[0].glyphs[0].face
        #expect(face.family == "Inter")
        let advance = FontLibrary.shared.advance(of: plain.lines[0].glyphs[0].glyph, in: face, pixelSize: 40)
        #expect(advance > 10)
        let xs = plain.lines[0].glyphs.map(\.position.x)
        #expect(abs(xs[1] - xs[0] - advance) < 1e-3 && abs(xs[2] - xs[1] - advance) < 1e-3)
        #expect(abs(plain.size.x - 3 * advance) < 1e-3)

        let kerned = try Text("AV", size: 40).layout().lines[0].glyphs
        let aAdvance = FontLibrary.shared.advance(of: kerned[0].glyph, in: face, pixelSize: 40)
        #expect(kerned[1].position.x < aAdvance - 0.5, "A–V is kerned: \(kerned[1].position.x) vs \(aAdvance)")
    }

    /// HarfBuzz applies the font's ligatures: in DejaVu Sans "fi" is one glyph, the font's own U+FB01.
    @Test func ligaturesAreHarfBuzzs() throws {
        let text = Text("fi").font(.custom("DejaVu Sans", size: 20))
        let face = try text.face.face
        let glyphs = text.layout().lines[0].glyphs
        let ligature = try #require(FontLibrary.shared.glyphIndex(of: "\u{FB01}", in: face))
        #expect(glyphs.count == 1 && glyphs[0].glyph == ligature)
    }

    /// Glyphs too large for the atlas are a warning, not a crash; a plan whose glyphs overflow the atlas starts it over
    /// and reads both generations, each pass the one its glyphs are in: the earlier uploaded whole, the later resident.
    @Test func hugeTextIsAWarningAndAFullAtlasStartsOver() throws {
        let planner = Planner()
        let huge = try planner.plan(try Text("Hi", size: 2000), size: Size(width: 100, height: 100), options: RenderOptions(), textureLimit: .planOnly)
        #expect(huge.textWarnings == [.tooLargeToDraw(pixelSize: 2000)])
        // One over the other, so that both reach the canvas (each wraps to a glyph a line; stacked, the first would lie
        // wholly above the canvas and not be drawn).
        let many = try ZStack {
            try Text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", size: 500)
            try Text("abcdefghijklmnopqrstuvwxyz0123456789", size: 500)
        }
        let planned = try planner.plan(many, size: Size(width: 100, height: 100), options: RenderOptions(), textureLimit: .planOnly)
        #expect(planned.textWarnings.isEmpty)
        #expect(planned.plan.uploads.count == 1 && planned.plan.residents.count == 1,
                "the atlas held the first text's glyphs, then started over")
    }

    /// Text animates as it did: the same string's size and color interpolate.
    @Test func sizeAndColorInterpolate() throws {
        let a = try Text("Hi", size: 10, color: .black), b = try Text("Hi", size: 20, color: .white)
        guard case .text(let middle) = Interpolation.between(a.node, b.node, progress: 0.5).kind else {
            Issue.record("the same string should match")
            return
        }
        #expect(middle.size == 15 && abs(middle.color.red - 0.5) < 1e-6)
    }

    @Test func linesWrapAtSpacesToTheOfferedWidth() throws {
        let text = try Text("one two three", size: 20)
        let whole = text.layout()
        #expect(whole.lines.count == 1)
        let widest = try Text("three", size: 20).layout().size.x
        #expect(text.layout(width: widest + 0.5).lines.count == 3, "a word a line when two do not fit")
        #expect(text.layout(width: widest / 2).lines.count > 3, "a word wider than the offer breaks inside")
        // Offered just the width of "one two": "three" goes to a second line, whose first glyph is at the left edge.
        let firstTwo = try Text("one two", size: 20).layout().size.x
        let wrapped = text.layout(width: firstTwo + 0.5)
        #expect(wrapped.lines.count == 2)
        #expect(wrapped.lines[1].glyphs[0].position.x == 0)
        #expect(abs(wrapped.lines[0].width - firstTwo) < 1e-3)
        let lineHeight = whole.size.y
        #expect(abs(wrapped.size.y - 2 * lineHeight) < 1e-3)
        #expect(abs(wrapped.lines[1].baseline - wrapped.lines[0].baseline - lineHeight) < 1e-3)
        // Laid out in a frame: the text's height is two lines.
        let (size, _) = Layout.arrange(text.frame(width: firstTwo + 0.5).node, proposed: SIMD2(500, 500))
        #expect(size.y == wrapped.size.y)
        // A line limit keeps the first lines; centred lines share one centre.
        let limited = text.lineLimit(1).layout(width: firstTwo + 0.5)
        #expect(limited.lines.count == 1)
        // The kept line ends in the font's ellipsis, still within the width.
        let ellipsis = try #require(FontLibrary.shared.glyphIndex(of: "\u{2026}", in: whole.lines[0].glyphs[0].face))
        #expect(limited.lines[0].glyphs.last?.glyph == ellipsis && limited.lines[0].width <= firstTwo + 0.5)
        let centred = text.multilineTextAlignment(.center).layout(width: firstTwo + 0.5)
        let centres = centred.lines.map { $0.glyphs[0].position.x + $0.width / 2 }
        #expect(abs(centres[0] - centres[1]) < 1e-3)
    }

    /// Offered its natural width or more, a text breaks no line: every such width gives the unbounded layout, glyph for
    /// glyph (and it is shaped once for all of them); a line limit that truncates is laid out for the width it has.
    @Test func aTextOfferedItsNaturalWidthOrMoreIsLaidOutAsUnbounded() throws {
        let text = try Text("one two three\nfour", size: 20).multilineTextAlignment(.center)
        let whole = text.layout()
        for width in [whole.size.x, whole.size.x + 0.25, 1000, 1e9] {
            let offered = text.layout(width: width)
            #expect(offered.size == whole.size && offered.lines.count == whole.lines.count, "width \(width)")
            #expect(offered.lines.map { $0.glyphs.map(\.position) } == whole.lines.map { $0.glyphs.map(\.position) }, "width \(width)")
        }
        #expect(text.layout(width: whole.size.x - 1).lines.count > whole.lines.count, "a point less wraps")
        // Two lines kept of three (the newline's): truncated, its ellipsis placed by the offered width.
        let limited = text.lineLimit(1)
        let narrow = limited.layout(width: whole.size.x), wide = limited.layout(width: 1000)
        #expect(narrow.lines.count == 1 && wide.lines.count == 1)
        #expect(narrow.lines[0].width <= whole.size.x)
    }

    /// A screen built anew is laid out and drawn from what the font library already shaped: planning the same views a
    /// second time — texts at their natural width, wrapped to a narrower one, truncated at a line limit — makes no
    /// layout.
    @Test func aScreenBuiltAgainShapesNothing() throws {
        // Strings no other test lays out, so that the first build has to shape them.
        let marker = "aScreenBuiltAgainShapesNothing"
        func screen() throws -> some View {
            try VStack {
                try ScaleScenes.screen(rows: 4, cells: 5)
                Text("\(marker) wraps in its narrow frame").frame(width: 60)
                Text("\(marker) is cut to one line of its many words").lineLimit(1).frame(width: 80)
            }
        }
        let planner = Planner()
        func layoutsMade() throws -> Int {
            let counter = FontLibrary.LayoutCounter()
            try FontLibrary.$layoutCounter.withValue(counter) {
                _ = try planner.plan(screen(), size: Size(width: 320, height: 240), options: RenderOptions(), textureLimit: .planOnly)
            }
            return counter.made.load(ordering: .relaxed)
        }
        #expect(try layoutsMade() >= 3, "the marked texts, at least, are shaped the first time")
        #expect(try layoutsMade() == 0)
    }

    /// Texts that, each asked at three widths (a row's two probes and a share they do not fit in), outnumber the font
    /// library's cache of layouts are shaped and broken once: asked again they make no layout. (Kept in that cache, a
    /// screen of ten thousand texts shaped every text again at every plan.)
    @Test func textsAskedAtMoreWidthsThanTheCacheHoldsAreLaidOutOnce() {
        let strings = (0..<(TextLayout.cacheCapacity / 3 + 1000)).map { "textsAskedAtMoreWidths \($0)" }
        func layoutsMade() -> Int {
            let counter = FontLibrary.LayoutCounter()
            FontLibrary.$layoutCounter.withValue(counter) {
                for string in strings {
                    let text = Text(string)
                    let natural = text.layout()
                    _ = text.layout(width: 0, natural: natural)
                    _ = text.layout(width: natural.size.x / 2, natural: natural)
                }
            }
            return counter.made.load(ordering: .relaxed)
        }
        #expect(layoutsMade() == 3 * strings.count)
        #expect(layoutsMade() == 0)
    }

    @Test func textStylesHaveApplesDefaultSizesAndWeights() {
        let expected: [(Font.TextStyle, Float, Font.Weight)] = [
            (.largeTitle, 34, .regular), (.title, 28, .regular), (.title2, 22, .regular), (.title3, 20, .regular),
            (.headline, 17, .semibold), (.body, 17, .regular), (.callout, 16, .regular), (.subheadline, 15, .regular),
            (.footnote, 13, .regular), (.caption, 12, .regular), (.caption2, 11, .regular),
        ]
        for (style, size, weight) in expected {
            #expect(Font(style).size == size && Font(style).weight == weight, "\(style)")
        }
        #expect(Text("x").size == 17, "body by default")
    }

    /// `.font` on a container reaches the texts that set none; a text's own font wins.
    @Test func fontIsAnEnvironmentValue() throws {
        let stack = VStack { Text("a"); Text("b").font(.caption) }.font(.headline)
        guard case .stacked(_, let children) = stack.node.kind,
              case .text(let a) = children[0].kind, case .text(let b) = children[1].kind else {
            Issue.record("expected two texts in a stack")
            return
        }
        #expect(a.resolvedFont == .headline && b.resolvedFont == .caption)
        // A bold headline is a heavier face of the same family.
        let regular = try Text("a").font(.body).face.face, bold = try Text("a").font(.body).bold().face.face
        #expect(regular.family == bold.family && regular !== bold)
        #expect(try Text("a").font(.system(size: 12, design: .monospaced)).face.face.family == "DejaVu Sans Mono")
        #expect(try Text("a").font(.system(size: 12, design: .serif)).face.face.family == "DejaVu Serif")
    }

    /// A character Inter lacks comes from another installed font; one that no font has is a warning.
    @Test func missingGlyphsFallBackOrWarn() throws {
        let inter = try FontLibrary.shared.face(for: FontRequest())
        let snowman: Unicode.Scalar = "\u{2603}"
        #expect(!FontLibrary.shared.hasGlyph(inter, for: snowman))
        let fallback = Text("a\u{2603}")
        #expect(fallback.warnings.isEmpty)
        let glyphs = fallback.layout().lines[0].glyphs
        #expect(glyphs.count == 2 && glyphs[1].face !== inter && FontLibrary.shared.hasGlyph(glyphs[1].face, for: snowman))

        let nowhere = Text("a\u{10FFFD}")
        #expect(nowhere.warnings == [.missingGlyph("\u{10FFFD}", family: "Inter")])
        #expect(throws: TextError.self) { try FontLibrary.shared.face(for: FontRequest(family: "No Such Family")) }
        #expect(Text("a").font(.custom("No Such Family", size: 12)).warnings == [.missingFamily("No Such Family", fallback: "Inter")])
    }

    /// A render reports what its texts warned of, once each, on either executor.
    @Test(arguments: Backend.allCases)
    func textWarningsReachTheRendering(backend: Backend) throws {
        let view = VStack { Text("a\u{10FFFD}"); Text("b\u{10FFFD}"); Text("c").font(.custom("No Such Family", size: 12)) }
        let rendering = try backend.makeContext().render(view, size: Size(width: 60, height: 60))
        #expect(rendering.textWarnings == [.missingGlyph("\u{10FFFD}", family: "Inter"), .missingFamily("No Such Family", fallback: "Inter")])
    }

    /// Wrapped, rotated (drawn through a layer), faded and blended text: the CPU evaluator and lavapipe agree within 1/255.
    @Test func executorsAgreeOnText() throws {
        let view = ZStack {
            Color(red: 0.9, green: 0.95, blue: 1)
            VStack(spacing: 4) {
                Text("Weft draws text with FreeType and HarfBuzz.").font(.headline).foregroundStyle(.blue).frame(width: 150)
                Text("Rotated").font(.title).rotationEffect(.degrees(12)).opacity(0.7)
                Text("fi ffl AV To").font(.system(size: 15, weight: .bold, design: .serif)).foregroundStyle(.red).blendMode(.multiply)
            }
        }
        let size = Size(width: 180, height: 140)
        let cpu = try Backend.cpu.makeContext().render(view, size: size)
        let gpu = try Backend.vulkan.makeContext().render(view, size: size)
        let difference = try #require(ImageDifference(cpu.pixels, gpu.pixels))
        #expect(difference.maximum <= 1.0 / 255 + 1e-6, "\(difference.maximum * 255)/255 at \(difference.worstPixel)")
        #expect(cpu.reports.isEmpty && gpu.reports.isEmpty)
    }

    /// Each line of text is one `weft.glyph` pass drawn in order, in place over the pixels it covers; lines that meet no
    /// pixel of each other share one (`RenderOptions.disjointDraws`).
    @Test func eachLineIsOneBoundedGlyphPass() throws {
        let view = ZStack { Color.white; Text("one two three four").frame(width: 60) }
        func glyphPasses(disjoint: Bool) throws -> [KernelPass] {
            var options = RenderOptions()
            options.disjointDraws = disjoint
            let planned = try Planner().plan(view, size: Size(width: 100, height: 100), options: options, textureLimit: .planOnly)
            return planned.plan.passes.filter { $0.kernel.name.hasPrefix("weft.glyph") }
        }
        let lines = Text("one two three four").layout(width: 60).lines.count
        let inOrder = try glyphPasses(disjoint: false), together = try glyphPasses(disjoint: true)
        #expect(lines >= 2 && inOrder.count == lines)
        #expect(together.count >= 1 && together.count < lines)
        #expect((inOrder + together).allSatisfy { $0.region != nil })
    }

    /// Texts in many fonts share one resident atlas a plan; the planner keeps what it rasterised for the next plan, which
    /// uploads none of it.
    @Test func oneAtlasUploadAPlanAndGlyphsRasterisedOnce() throws {
        let planner = Planner()
        let view = VStack {
            Text("Headline").font(.headline)
            Text("body text").font(.body)
            Text("serif").font(.system(size: 30, design: .serif))
        }
        let first = try planner.plan(view, size: Size(width: 200, height: 200), options: RenderOptions(), textureLimit: .planOnly)
        #expect(first.plan.uploads.isEmpty && first.plan.residents.count == 1)
        let placed = planner.kernels.glyphAtlas.glyphCount
        #expect(placed > 10)
        let again = try planner.plan(view.opacity(0.5), size: Size(width: 200, height: 200), options: RenderOptions(), textureLimit: .planOnly)
        #expect(again.plan.residents.count == 1 && planner.kernels.glyphAtlas.glyphCount == placed)
        #expect(again.plan.uploadedBytes == 0)
    }
}
