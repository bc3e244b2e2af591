import Testing
@testable import Weft
import WeftBench
import WeftImage
@testable import WeftPlanner
import WeftTestSupport
@testable import WeftViews

/// Draws that meet no pixel of each other (docs/compositing.md, "Draws that meet no pixel of each other"): shapes and
/// lines of text run in fewer passes than drawn in order, and every pixel is what drawing in order made.
@Suite struct DisjointDrawTests {
    static func options(disjoint: Bool) -> RenderOptions {
        var options = RenderOptions(scale: 1.5, background: Color(red: 0.95, green: 0.9, blue: 0.8))
        options.disjointDraws = disjoint
        return options
    }

    /// Shapes of every kind, lines of text and symbols, at fractional places: many apart, many overlapping, rows of
    /// shapes whose edges touch, some turned, translucent or blended, so that both the order kept where draws meet and
    /// the passes shared where they do not are exercised.
    static func crowd(seed: UInt64) throws -> some View {
        var random = SplitMix64(seed: seed)
        let modes: [BlendMode] = [.normal, .normal, .normal, .multiply, .screen, .plusLighter, .difference]
        let symbols = ScaleScenes.screenSymbols
        func unit() -> Float { Float.random(in: 0..<1, using: &random) }
        func color() -> Color { Color(red: unit(), green: unit(), blue: unit(), alpha: 0.4 + 0.6 * unit()) }
        var items: [ViewNode] = []
        for i in 0..<72 {
            let x = unit() * 360 - 180, y = unit() * 220 - 110
            let w = 4 + unit() * 40, h = 3 + unit() * 24
            let item: ViewNode
            switch i % 9 {
            case 0: item = Rectangle().fill(color()).frame(width: w, height: h).node
            case 1: item = RoundedRectangle(cornerRadius: h / 3).fill(color()).frame(width: w, height: h).node
            case 2: item = Ellipse().fill(color()).frame(width: w, height: h).node
            case 3: item = Capsule().fill(color()).frame(width: w, height: h).rotationEffect(.degrees(Double(unit() * 90))).node
            case 4, 5: item = try Text(["Weft", "g", "Ag 12", "fill", "Wy"][i % 5], size: 7 + unit() * 10, color: color()).node
            case 6:
                // Translucent symbols of every color: drawn from the glyph atlas when draws are batched.
                item = try Image(systemName: symbols[i % symbols.count], size: 8 + unit() * 10, color: color())
                    .opacity(0.3 + 0.7 * unit()).node
            case 7: item = Circle().fill(color()).frame(width: w, height: w).opacity(0.3 + 0.7 * unit()).node
            default:
                // A row of cells whose edges touch at fractional points.
                let cell = 3 + unit() * 9
                item = HStack(spacing: 0) {
                    for _ in 0..<6 { Rectangle().fill(color()).frame(width: cell, height: 5) }
                }.node
            }
            items.append(item.blendMode(modes[Int(unit() * Float(modes.count)) % modes.count]).offset(x: x, y: y).node)
        }
        return ZStack(children: items)
    }

    static func render(_ view: some View, size: Size, disjoint: Bool, on context: RenderContext) throws -> Rendering {
        try context.render(view, size: size, options: options(disjoint: disjoint))
    }

    @Test(arguments: Backend.allCases, [1, 2] as [UInt64])
    func crowdsDrawTheSamePixels(backend: Backend, seed: UInt64) throws {
        let context = try backend.makeContext()
        let size = Size(width: 400, height: 260)
        let view = try Self.crowd(seed: seed)
        let inOrder = try context.plan(view, size: size, options: Self.options(disjoint: false)).plan.passes.count
        let together = try context.plan(view, size: size, options: Self.options(disjoint: true)).plan.passes.count
        // Random crowds are mostly too scattered to share passes (a pass runs over its whole rectangle); never more.
        #expect(together <= inOrder, "\(together) passes together, \(inOrder) in order")
        let shared = try Self.render(view, size: size, disjoint: true, on: context)
        let ordered = try Self.render(view, size: size, disjoint: false, on: context)
        #expect(shared.reports.isEmpty, "\(shared.reports.prefix(3))")
        let d = try #require(ImageDifference(shared.pixels, ordered.pixels))
        #expect(d.maximum == 0, "seed \(seed): \(d.maximum * 255)/255 at \(d.worstPixel)")
    }

    /// A screen of cells draws its shapes and its lines of text a few passes a row, not one per cell, and its symbols
    /// with its text, from the glyph atlas, with the pixels of drawing in order (a layer composite a symbol).
    @Test(arguments: Backend.allCases)
    func aScreenOfCellsDrawsItsShapesAndTextsARowAtATime(backend: Backend) throws {
        let context = try backend.makeContext()
        let rows = 4, cells = 8
        let view = try ScaleScenes.screen(rows: rows, cells: cells)
        let size = Size(width: 600, height: 160)
        func count(_ prefix: String, disjoint: Bool) throws -> Int {
            try context.plan(view, size: size, options: Self.options(disjoint: disjoint)).plan.passes
                .filter { $0.kernel.name.hasPrefix(prefix) }.count
        }
        #expect(try count("weft.shape", disjoint: false) == rows * cells)
        #expect(try count("weft.glyph", disjoint: false) == rows * cells)
        #expect(try count("weft.layer", disjoint: false) == rows * cells)
        #expect(try count("weft.shape", disjoint: true) <= rows)
        #expect(try count("weft.glyph", disjoint: true) <= 2 * rows)
        #expect(try count("weft.layer", disjoint: true) == 0)
        let shared = try Self.render(view, size: size, disjoint: true, on: context)
        let ordered = try Self.render(view, size: size, disjoint: false, on: context)
        let d = try #require(ImageDifference(shared.pixels, ordered.pixels))
        #expect(d.maximum == 0, "\(d.maximum * 255)/255 at \(d.worstPixel)")
    }
}
