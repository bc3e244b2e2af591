import Dispatch
import Synchronization
import Testing
import WeftBench
import WeftImage
import WeftRuntime
@testable import WeftPlanner
import WeftTestSupport
import WeftViews

/// Planning at the size of real screens counts its work: each path of a still scene (a symbol drawn from its outline)
/// is flattened, stroked and covered at most once, however many frames plan it again.
struct PlanningScaleTests {
    /// A tree nested one view deeper than the planner takes is refused by name, before layout or lowering recurse into
    /// it, by the planner and by a plan cache (which compares a tree with the last before planning it); at the limit
    /// it is planned.
    @Test func aTreeDeeperThanThePlannerTakesIsRefused() throws {
        var node = Text("deep").node
        for _ in 1..<Planner.deepestViewTree { node = node.padding(1).node }
        #expect(node.depth == Planner.deepestViewTree)
        let size = Size(width: 64, height: 64)
        _ = try Planner().plan(node, size: size, options: RenderOptions(), textureLimit: .planOnly)
        let deeper = node.padding(1).node
        func refused(_ plan: () throws(RenderError) -> PlannedRender) -> Bool {
            do { _ = try plan() } catch { if case .viewTreeTooDeep(Planner.deepestViewTree + 1, Planner.deepestViewTree) = error { return true } }
            return false
        }
        #expect(refused { () throws(RenderError) in try Planner().plan(deeper, size: size, options: RenderOptions(), textureLimit: .planOnly) })
        let reuse = PlanReuse(planner: Planner(), textureLimit: .planOnly)
        _ = try reuse.plan(node, size: size, options: RenderOptions())
        #expect(refused { () throws(RenderError) in try reuse.plan(deeper, size: size, options: RenderOptions()) })
    }

    /// Plans `view` three times with one planner, as a sequence's frames of a still scene are planned: the paths
    /// covered by each plan, and whether the later plans made the first one's uploads.
    static func coveredPerPlan(_ view: ViewNode, size: Size) throws -> (covered: [Int], sameUploads: Bool) {
        let context = PlanOnly()
        var covered: [Int] = []
        var plans: [PlannedRender] = []
        for _ in 0..<3 {
            let before = context.planner.pathCoverage.coveredCount
            plans.append(try context.plan(view, size: size))
            covered.append(context.planner.pathCoverage.coveredCount - before)
        }
        let sameUploads = plans.dropFirst().allSatisfy { $0.plan.uploads == plans[0].plan.uploads }
        return (covered, sameUploads)
    }

    @Test func aThousandViewScreenCoversEachSymbolOnceAcrossFrames() throws {
        let (covered, sameUploads) = try Self.coveredPerPlan(try ScaleScenes.screen(rows: 50, cells: 20),
                                                              size: Size(width: 1920, height: 1080))
        // Every cell's symbol is an outline from the catalog, each at its own place: 1,000 paths, but four symbols, so
        // those a whole number of pixels apart are covered once (PathCoverageCacheTests).
        #expect(ScaleScenes.screenSymbols.allSatisfy { !Symbol.isDrawnFromIconFont($0) })
        #expect((4..<1000).contains(covered[0]) && covered.dropFirst() == [0, 0], "paths covered by each plan: \(covered)")
        #expect(sameUploads, "the later plans upload the first one's coverage")
    }

    @Test(arguments: [4, 16, 64, 120])
    func nestedStacksCoverEachSymbolOnceAcrossFrames(depth: Int) throws {
        let (covered, sameUploads) = try Self.coveredPerPlan(try ScaleScenes.nested(depth: depth, symbol: "star.fill"),
                                                              size: Size(width: 390, height: 844))
        // One star a level, covered by the first plan only, and once for all the levels a whole number of pixels apart.
        #expect((1...depth).contains(covered[0]) && covered.dropFirst() == [0, 0], "paths covered by each plan: \(covered)")
        #expect(sameUploads)
    }

    /// A screen taller than its canvas passes over the rows off it by their frames grown by their overhang
    /// (`ViewNode.overhang`): planning it afresh measures where views draw only in the rows whose grown frame meets the
    /// canvas's edge (fewer views than one row holds; every row of the ~25 off the canvas, measured, would be ~1,500).
    @Test func rowsOffTheCanvasAreNotMeasured() throws {
        let view = try ScaleScenes.screen(rows: 50, cells: 20)
        let layout = FrameLayout()
        let lowered = try Planner().lower(view, size: Size(width: 1920, height: 1080), options: RenderOptions(), textureLimit: .planOnly,
                                          readThroughLayers: true, layout: layout)
        #expect(layout.extentsMeasured < 1 + 20 * 6, "extents measured: \(layout.extentsMeasured)")
        // The screen is taller than the canvas: some rows are lowered, not all.
        let rowHeight = layout.size(of: view, proposed: SIMD2(1920, 1080)).y / 50
        #expect(rowHeight * 50 > 1080 * 1.3)
        #expect(!lowered.builder.planned.isEmpty)
    }

    /// Texts built anew of the same string, font, size and width share their layout (the font library's cache), and with
    /// it where the atlas holds their glyphs (`TextLayout.drawn`): a column of texts built anew and planned afresh,
    /// nothing adopted, places no glyph; a text of another string places its own.
    @Test func textsBuiltAnewFindTheirGlyphsPlaced() throws {
        let context = PlanOnly()
        func column(_ last: String) throws -> ViewNode {
            try VStack(spacing: 1) {
                ForEach(0..<60) { try! Text("row \($0)", size: 9, color: .black) }
                try Text(last, size: 9, color: .black)
            }.node
        }
        let size = Size(width: 200, height: 700)
        _ = try context.plan(try column("first"), size: size)
        var placings = context.planner.kernels.glyphAtlas.placeCount
        _ = try context.plan(try column("first"), size: size)
        #expect(context.planner.kernels.glyphAtlas.placeCount - placings == 0)
        placings = context.planner.kernels.glyphAtlas.placeCount
        _ = try context.plan(try column("second"), size: size)
        #expect(context.planner.kernels.glyphAtlas.placeCount - placings == 1)
    }

    /// A layout shared by many planners keeps the draw of each planner alive: planners let go (more of them than a layout
    /// keeps draws of) do not push out the draw of the one still planning, which places no glyph when it plans again.
    @Test func plannersLetGoDoNotPushOutADrawOfOneAlive() throws {
        let column = VStack(spacing: 1) { ForEach(0..<20) { try! Text("shared \($0)", size: 9, color: .black) } }
        let size = Size(width: 200, height: 300)
        let alive = PlanOnly()
        _ = try alive.plan(column, size: size)
        for _ in 0..<(2 * DrawnGlyphs.atlasesKept) { _ = try PlanOnly().plan(column, size: size) }
        let placings = alive.planner.kernels.glyphAtlas.placeCount
        _ = try alive.plan(VStack(spacing: 1) { ForEach(0..<20) { try! Text("shared \($0)", size: 9, color: .black) } }, size: size)
        #expect(alive.planner.kernels.glyphAtlas.placeCount - placings == 0)
    }

    /// Draws batched, as on a GPU, so that symbols are drawn from the glyph atlas.
    static var batched: RenderOptions {
        var options = RenderOptions()
        options.disjointDraws = true
        return options
    }

    /// A screen planned again — a new plan of the same views, their layout kept, as when a frame's plan cannot be
    /// reused — takes each symbol's layer and where the atlas holds it, and each text's glyphs, from what the views
    /// kept of their last draw: it looks up no path and places nothing, and plans what the first plan planned.
    @Test func aScreenPlannedAgainLooksUpNothing() throws {
        let context = PlanOnly()
        let view = try ScaleScenes.screen(rows: 50, cells: 20)
        let size = Size(width: 1920, height: 1080)
        let first = try context.plan(view, size: size, options: Self.batched)
        let lookups = context.planner.pathCoverage.lookupCount, placings = context.planner.kernels.glyphAtlas.placeCount
        // The rows that show: 30 or so of the 50 (those beyond the canvas are not lowered).
        #expect(lookups >= 500 && placings > 500, "the first plan looked up \(lookups) paths and placed \(placings) times")
        let again = try context.plan(view, size: size, options: Self.batched)
        let lookedUp = context.planner.pathCoverage.lookupCount - lookups
        let placed = context.planner.kernels.glyphAtlas.placeCount - placings
        #expect(lookedUp == 0 && placed == 0, "planned again: \(lookedUp) lookups, \(placed) placings")
        #expect(again.plan.passes.map(\.arrayData) == first.plan.passes.map(\.arrayData) && again.plan.uploads == first.plan.uploads)
    }

    /// A list taller than its canvas lowers only the rows that show: rows of a symbol, ten points each, on a canvas of
    /// ten or a hundred rows' height look up the paths of the rows that meet the canvas (or come within a pixel of it),
    /// however long the list — a hundred rows or a feed of ten thousand — and a list on a canvas that holds it looks up
    /// every row's.
    @Test(arguments: [(rows: 100, height: 100, shown: 10...12), (rows: 100, height: 1000, shown: 100...100),
                      (rows: 10_000, height: 1000, shown: 100...102)])
    func aListTallerThanItsCanvasLowersTheRowsThatShow(rows count: Int, height: Int, shown: ClosedRange<Int>) throws {
        let rows = try (0..<count).map { _ in try Symbol(systemName: "star.fill", size: 8).node.frame(width: 10, height: 10).node }
        let list = VStack(spacing: 0) { ForEach(0..<count) { rows[$0] } }
        let context = PlanOnly()
        _ = try context.plan(list, size: Size(width: 40, height: Float(height)))
        let lookups = context.planner.pathCoverage.lookupCount
        #expect(shown.contains(lookups), "\(count) rows on a canvas \(height) points tall: \(lookups) paths looked up")
    }

    /// One view drawn at two places — the same node twice in a tree, moved by fractions of a pixel, a text scaled —
    /// plans, first and again, what two views built alike plan: what it kept of one draw is not taken for the other.
    @Test func aViewDrawnAtTwoPlacesPlansWhatTwoViewsPlan() throws {
        func scene(_ stars: (ViewNode, ViewNode), _ labels: (ViewNode, ViewNode)) -> some View {
            ZStack {
                stars.0.offset(x: -30.3, y: 5)
                stars.1.offset(x: 40.6, y: -7.25)
                labels.0.offset(y: 30)
                labels.1.scaleEffect(2).offset(y: -30)
            }
        }
        func star() throws -> ViewNode { try Symbol(systemName: "star.fill", size: 12).node }
        func label() throws -> ViewNode { try Text("Shared", size: 11).node }
        let size = Size(width: 200, height: 120)
        let star1 = try star(), label1 = try label()
        let sharedContext = PlanOnly(), ownContext = PlanOnly()
        let shared = scene((star1, star1), (label1, label1)), own = scene((try star(), try star()), (try label(), try label()))
        for round in 0..<2 {
            let a = try sharedContext.plan(shared, size: size, options: Self.batched)
            let b = try ownContext.plan(own, size: size, options: Self.batched)
            #expect(a.plan.passes.map(\.arrayData) == b.plan.passes.map(\.arrayData) && a.plan.uploads == b.plan.uploads,
                    "plan \(round + 1)")
        }
    }

    /// Symbols of one name and size hold one outline, one buffer: a screen of them parses and scales each outline once,
    /// and covering finds their paths equal by their buffer.
    @Test func symbolsOfOneNameAndSizeShareTheirOutline() throws {
        func path(of node: ViewNode) -> Path? {
            switch node.kind {
            case .shape(.path(let shape), _): if case .fixed(let path) = shape.outline { return path }; return nil
            case .modified(let child, _): return path(of: child)
            default: return nil
            }
        }
        func outline(_ size: Float) throws -> Path { try #require(path(of: try Symbol(systemName: "heart", size: size).node)) }
        func buffer(_ path: Path) -> UnsafeRawPointer? { path.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let a = try outline(12), b = try outline(12), c = try outline(13)
        #expect(buffer(a) == buffer(b) && a == b)
        #expect(a != c)
    }

    /// Sixteen planners on as many threads plan one screen's views at once, twice each — every view's kept draw read and
    /// replaced under the others, each planner's atlas its own — and each plans what one planner alone plans.
    @Test func viewsPlannedOnSixteenThreadsAtOncePlanWhatOnePlannerPlans() throws {
        let view = try ScaleScenes.screen(rows: 20, cells: 20)
        let size = Size(width: 1920, height: 1080)
        let alone = try PlanOnly().plan(view, size: size, options: Self.batched).plan
        let plans = Mutex<[Int: [RenderPlan]]>([:])
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            let context = PlanOnly()
            let planned = (0..<2).compactMap { _ in try? context.plan(view, size: size, options: Self.batched).plan }
            plans.withLock { $0[worker] = planned }
        }
        let all = plans.withLock { $0 }
        #expect(all.count == 16 && all.values.allSatisfy { $0.count == 2 })
        for (worker, planned) in all.sorted(by: { $0.key < $1.key }) {
            // The records, the uploads, and the atlas each plan reads its glyphs and symbols from.
            #expect(planned.allSatisfy { $0.passes.map(\.arrayData) == alone.passes.map(\.arrayData) && $0.uploads == alone.uploads
                        && $0.residents.values.map(\.pixels) == alone.residents.values.map(\.pixels) }, "worker \(worker)")
        }
    }
}
