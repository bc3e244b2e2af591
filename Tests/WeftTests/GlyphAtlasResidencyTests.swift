import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftBench

/// The glyph atlas stays in the executor across plans (`RenderPlan.residents`): a plan uploads only the rows of the
/// atlas its context's executor lacks, and gives the pixels a fresh context gives. Measured on both executors; on
/// lavapipe with the validation layer on.
@Suite struct GlyphAtlasResidencyTests {
    static let size = Size(width: 220, height: 60)

    static func view(_ string: String, size: Float = 24) throws -> some View {
        try ZStack { Color.white; try Text(string, size: size).foregroundStyle(.blue) }
    }

    /// A context of its own (its own planner and atlas) on `backend`'s shared executor, or on an executor of its own
    /// where a test counts what the executor copies (tests run in parallel on the shared one).
    static func freshContext(_ backend: Backend, glyphAtlasRows: Int? = nil, ownExecutor: Bool = false) throws -> RenderContext {
        let executor = ownExecutor ? try BackendFactory.executor(for: backend) : try backend.makeContext().executor
        return RenderContext(executor: executor,
                             planner: glyphAtlasRows.map { Planner(glyphAtlasRows: $0) } ?? Planner())
    }

    /// What the executor has copied into resident textures so far.
    static func bytesUploaded(_ context: RenderContext) -> Int {
        context.executor.resourceCounts.created["resident bytes uploaded"] ?? 0
    }

    static func atlas(_ planned: PlannedRender) throws -> ResidentTexture {
        try #require(planned.plan.residents.count == 1 ? planned.plan.residents.values.first : nil)
    }

    /// Rendered alone, each in a context of its own.
    static func alone(_ view: some View, _ backend: Backend) throws -> PixelBuffer {
        let rendering = try freshContext(backend).render(view, size: size)
        #expect(rendering.reports.isEmpty, "\(rendering.reports)")
        return rendering.pixels
    }

    @Test(arguments: Backend.allCases)
    func textsOfOneContextEqualTextsRenderedAlone(_ backend: Backend) throws {
        let context = try Self.freshContext(backend)
        let views = [try Self.view("Residency"), try Self.view("quick zephyr JOX", size: 30), try Self.view("Residency")]
        for view in views {
            let rendering = try context.render(view, size: Self.size)
            #expect(rendering.reports.isEmpty, "\(rendering.reports)")
            #expect(rendering.pixels == (try Self.alone(view, backend)))
        }
    }

    /// The second plan of the same text finds every glyph resident: no atlas bytes in its statistics, none copied.
    @Test(arguments: Backend.allCases)
    func theSameTextAgainUploadsNoAtlasBytes(_ backend: Backend) throws {
        let context = try Self.freshContext(backend, ownExecutor: true)
        let view = try Self.view("Weft atlas")
        let first = try context.plan(view, size: Self.size)
        #expect(try Self.atlas(first).plannedRows == 0..<(try Self.atlas(first)).pixels.height)
        #expect(first.plan.uploadedBytes == (try Self.atlas(first)).pixels.bytes.count, "the first plan uploads the whole atlas")
        let before = Self.bytesUploaded(context)
        let rendered = try context.run(first)
        #expect(Self.bytesUploaded(context) - before == first.plan.uploadedBytes)
        let again = try context.plan(view, size: Self.size)
        #expect(try Self.atlas(again).plannedRows.isEmpty)
        #expect(again.plan.uploadedBytes == 0)
        #expect(again.plan.uploads.isEmpty)
        let second = try context.run(again)
        #expect(Self.bytesUploaded(context) - before == first.plan.uploadedBytes, "nothing copied the second time")
        #expect(second.pixels == rendered.pixels)
        #expect(rendered.reports.isEmpty && second.reports.isEmpty)
    }

    /// A text with new glyphs after another uploads the rows from the first new glyph's to the last used, not the atlas.
    @Test(arguments: Backend.allCases)
    func newGlyphsUploadOnlyTheRowsThatGrew(_ backend: Backend) throws {
        let context = try Self.freshContext(backend, ownExecutor: true)
        let first = try context.plan(try Self.view("aaaa bbbb", size: 40), size: Self.size)
        let held = try Self.atlas(first)
        _ = try context.run(first)
        let later = try Self.view("xyz QW", size: 40)
        let second = try context.plan(later, size: Self.size)
        let atlas = try Self.atlas(second)
        #expect(atlas.generation == held.generation && atlas.pixels.height == held.pixels.height, "the atlas neither grew nor started over")
        #expect(atlas.version > held.version)
        let expected = atlas.firstChangedRows[held.version]..<atlas.rowsUsed
        #expect(atlas.plannedRows == expected)
        #expect(expected.lowerBound >= held.firstChangedRows.last!, "the new glyphs are placed after the old ones")
        #expect(second.plan.uploadedBytes == expected.count * GlyphAtlas.width * 4)
        #expect(second.plan.uploadedBytes < atlas.pixels.bytes.count)
        let before = Self.bytesUploaded(context)
        let rendering = try context.run(second)
        #expect(Self.bytesUploaded(context) - before == second.plan.uploadedBytes)
        #expect(rendering.reports.isEmpty, "\(rendering.reports)")
        #expect(rendering.pixels == (try Self.alone(later, backend)))
    }

    /// An atlas of 128 rows (a shelf of 90-pixel glyphs, no room for a second): texts that overflow it start it over (a new generation, a new texture); every plan still
    /// draws what a fresh context draws, including one whose texts span two generations.
    @Test(arguments: Backend.allCases)
    func anAtlasThatStartsOverStillDrawsEveryText(_ backend: Backend) throws {
        let context = try Self.freshContext(backend, glyphAtlasRows: 128)
        let views = [try Self.view("ABCDEFGHIJKLM", size: 90), try Self.view("nopqrstuvwxyz", size: 90),
                     try Self.view("0123456789?!", size: 90), try Self.view("ABCDEFGHIJKLM", size: 90)]
        var generations: [Int] = []
        for view in views {
            let planned = try context.plan(view, size: Self.size)
            generations.append(try Self.atlas(planned).generation)
            let rendering = try context.run(planned)
            #expect(rendering.reports.isEmpty, "\(rendering.reports)")
            #expect(rendering.pixels == (try Self.alone(view, backend)))
        }
        #expect(Set(generations).count >= 3, "the atlas started over: generations \(generations)")
        // One over the other, so that both reach the canvas (stacked, the first would lie wholly above it, not drawn).
        let both = try ZStack {
            try Text("nopqrstuvwxyz", size: 30)
            try Text("NOPQRSTUVWXYZ", size: 90)
        }
        let wide = Size(width: 220, height: 60)
        let framed = ZStack { Color.white; both }
        let planned = try context.plan(framed, size: wide)
        #expect(planned.plan.uploads.count == 1 && planned.plan.residents.count == 1,
                "the plan's texts span two generations: the earlier uploaded whole, the later resident")
        let rendering = try context.run(planned)
        #expect(rendering.reports.isEmpty, "\(rendering.reports)")
        #expect(rendering.pixels == (try Self.alone(framed, backend)))
    }

    /// Symbols drawn from the atlas (draws batched) that overflow an atlas of 128 rows start it over like texts do:
    /// screens of symbols of sizes from 20 to 60 points (layers up to 120 pixels a side, each its own coverage)
    /// and a line of text, each plan in the same context, draw what drawing them in order (a layer composite a symbol)
    /// draws in a fresh context.
    @Test(arguments: Backend.allCases)
    func symbolsThatOverflowTheAtlasStartItOverAndDrawAsInOrder(_ backend: Backend) throws {
        let context = try Self.freshContext(backend, glyphAtlasRows: 128)
        let names = ScaleScenes.screenSymbols
        let size = Size(width: 520, height: 140)
        func screen(_ first: Int) throws -> some View {
            try ZStack {
                Color.white
                try HStack(spacing: 2) {
                    for i in 0..<6 {
                        try Image(systemName: names[(first + i) % names.count], size: Float(20 + 4 * (first + i) % 41),
                                  color: Color(red: Float(i) / 6, green: 0.4, blue: 0.8, alpha: 0.9)).opacity(0.75)
                    }
                    try Text("atlas \(first)", size: 14)
                }
            }
        }
        var batched = RenderOptions(scale: 2)
        batched.disjointDraws = true
        var inOrder = batched
        inOrder.disjointDraws = false
        var generations: Set<Int> = []
        for first in stride(from: 0, to: 24, by: 6) {
            let view = try screen(first)
            let planned = try context.plan(view, size: size, options: batched)
            #expect(!planned.plan.passes.contains { $0.kernel.name.hasPrefix("weft.layer") }, "symbols drawn from the atlas")
            generations.insert(try Self.atlas(planned).generation)
            let rendering = try context.run(planned)
            let reference = try Self.freshContext(backend).render(view, size: size, options: inOrder)
            #expect(rendering.reports.isEmpty && reference.reports.isEmpty, "\(rendering.reports) \(reference.reports)")
            let d = try #require(ImageDifference(rendering.pixels, reference.pixels))
            #expect(d.maximum == 0, "symbols from \(first): \(d.maximum * 255)/255 at \(d.worstPixel)")
        }
        #expect(generations.count >= 2, "the atlas started over: generations \(generations.sorted())")
    }

    /// Plans submitted before the earlier ones are collected: each adds glyphs (rows written while a frame that reads
    /// the atlas is in flight) and, in an atlas of 128 rows, the last ones start it over (the texture replaced while
    /// frames read it). Every frame is what it is alone.
    @Test(arguments: Backend.allCases)
    func uploadsWhileEarlierFramesAreInFlight(_ backend: Backend) throws {
        let context = try Self.freshContext(backend, glyphAtlasRows: 128)
        let views = [try Self.view("abc"), try Self.view("abc def"), try Self.view("abc def ghij"),
                     try Self.view("KLMNOPQRSTUVW", size: 90), try Self.view("abc XYZ", size: 90)]
        var generations: Set<Int> = []
        let pending = try views.map { view in
            let planned = try context.plan(view, size: Self.size)
            generations.insert(try Self.atlas(planned).generation)
            return try context.submit(planned)
        }
        for (view, ticket) in zip(views, pending) {
            let rendering = try context.collect(ticket)
            #expect(rendering.reports.isEmpty, "\(rendering.reports)")
            #expect(rendering.pixels == (try Self.alone(view, backend)))
        }
        #expect(generations.count >= 2, "the atlas started over while frames were in flight")
    }

    /// A text scene's sequence, each frame submitted before the one before is collected, in a context of its own: the
    /// frames of a fresh context each.
    @Test(arguments: Backend.allCases, ["download-badge.json", "card-grid.json"])
    func aTextSequenceEqualsFramesRenderedAlone(_ backend: Backend, _ file: String) throws {
        let scene = try Examples.load(file)
        let frames = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.5].enumerated().map { i, t in scene.frame(at: t, index: UInt32(i)) }
        let rendered = try PipelinedSequenceTests.submittingAhead(frames, try Self.freshContext(backend))
        let alone = try frames.map { frame in
            try Self.freshContext(backend).render(frame.view, size: frame.size, options: frame.options).pixels
        }
        #expect(rendered.map(\.pixels) == alone)
        #expect(rendered.flatMap(\.reports).isEmpty, "\(rendered.flatMap(\.reports))")
    }
}
