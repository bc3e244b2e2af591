import Foundation
import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftTestSupport
@testable import WeftViews

/// Grids, `ForEach` with an index, symbols, labels and buttons.
@Suite struct CollectionSymbolTests {
    static func cells(_ n: Int) -> [ViewNode] { (0..<n).map { _ in Color.white.frame(width: 10, height: 10).node } }

    /// An adaptive column offered unlimited room (a row's probe), room for billions of columns, or a spacing that
    /// cancels its minimum neither traps nor makes more than `GridItem.maximumAdaptiveColumns` columns.
    @Test func anAdaptiveColumnAtTheLimitsOfItsRoomMakesABoundedCount() {
        for (spacing, width) in [(Float(10), Float.infinity), (0, 1e30), (0, 1e9), (-30, 300), (-40, 300)] {
            let grid = GridLayout(columns: [GridItem(.adaptive(minimum: 30), spacing: spacing)])
            let (size, placed) = Layout.arrange(Self.cells(3), in: grid, proposed: SIMD2(width, 100))
            #expect(!placed.isEmpty && placed.count <= 3 && !size.y.isNaN, "spacing \(spacing), width \(width)")
        }
        let wide = GridLayout(columns: [GridItem(.adaptive(minimum: 1), spacing: 0)])
        let (_, cells) = Layout.arrange(Self.cells(2_000), in: wide, proposed: SIMD2(1e9, 100))
        let columns = Set(cells.map(\.transform.translation.x)).count
        #expect(columns == GridItem.maximumAdaptiveColumns, "\(columns) columns")
        let row = HStack { LazyVGrid(columns: [GridItem(.adaptive(minimum: 20))]) { Color.red; Color.blue } }
        #expect(Layout.arrange(row.node, proposed: SIMD2(300, 100)).size.x <= 300)
    }

    @Test func gridColumnsAreFixedFlexibleAndAdaptive() {
        let mixed = GridLayout(columns: [GridItem(.fixed(20), spacing: 10), GridItem(.flexible())], rowSpacing: 4)
        let (size, placed) = Layout.arrange(Self.cells(3), in: mixed, proposed: SIMD2(100, 100))
        // 100 − 10 spacing − 20 fixed leaves 70 for the flexible column; cells centred in 20- and 70-wide columns.
        #expect(size == SIMD2(100, 24))
        #expect(placed.map { $0.transform.translation } == [SIMD2(5, 0), SIMD2(60, 0), SIMD2(5, 14)])
        let adaptive = GridLayout(columns: [GridItem(.adaptive(minimum: 30), spacing: 10)])
        let (_, wrapped) = Layout.arrange(Self.cells(5), in: adaptive, proposed: SIMD2(100, 100))
        // Two columns of 45 fit (three would need 110): cells at x = 17.5 and 72.5, wrapping every two.
        #expect(wrapped.map { $0.transform.translation.x } == [17.5, 72.5, 17.5, 72.5, 17.5])
        #expect(wrapped.map { $0.proposal.x } == Array(repeating: 45, count: 5))
        let fitting = Grid(horizontalSpacing: 2, verticalSpacing: 2) {
            GridRow { Color.white.frame(width: 10, height: 4); Color.white.frame(width: 6, height: 4) }
            GridRow { Color.white.frame(width: 4, height: 8) }
        }
        let (gridSize, gridCells) = Layout.arrange(fitting.node, proposed: SIMD2(100, 100))
        #expect(gridSize == SIMD2(18, 14), "columns as wide as their widest cells")
        #expect(gridCells.map { $0.transform.translation } == [SIMD2(0, 0), SIMD2(12, 0), SIMD2(3, 6)])
    }

    @Test(arguments: Backend.allCases)
    func aLazyVGridDrawsItsCellsWhereItPlacesThem(backend: Backend) throws {
        let colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1), Color.white]
        let grid = LazyVGrid(columns: [GridItem(.flexible(), spacing: 0), GridItem(.flexible(), spacing: 0)], spacing: 0) {
            ForEach(0..<4, id: \.self) { i in Rectangle().fill(colors[i]) }
        }
        let image = try render(grid, width: 40, height: 40, on: backend)
        for (i, (x, y)) in [(10, 10), (30, 10), (10, 30), (30, 30)].enumerated() {
            expectClose(image[x, y], colors[i].premultiplied(in: .nonLinear), "cell \(i)")
        }
    }

    @Test func aSceneForEachRepeatsItsViewWithTheIndex() throws {
        let scene = try parseScene(##"""
        {"size": [60, 10], "root": {"hstack": {"spacing": 0, "children": [
          {"forEach": {"count": 3, "view": {"rectangle": {}, "modifiers": [{"fill": {"$cycle": ["#ff0000ff", "#00ff00ff"]}},
            {"frame": {"width": {"$index": {"times": 10, "plus": 10}}, "height": 10}}]}}}]}}}
        """##)
        let explicit = HStack(spacing: 0) {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 10, height: 10)
            Rectangle().fill(Color(red: 0, green: 1, blue: 0)).frame(width: 20, height: 10)
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 30, height: 10)
        }
        let context = try Backend.cpu.makeContext()
        #expect(try context.render(scene.frame(at: 0).view, size: Size(width: 60, height: 10)).pixels
            == context.render(explicit, size: Size(width: 60, height: 10)).pixels)
        let grid = try parseScene(##"{"size": [40, 40], "root": {"lazyVGrid": {"columns": [{"adaptive": {"minimum": 15}}], "children": [{"forEach": {"count": 4, "view": {"color": "#ffffffff"}}}]}}}"##)
        guard case .grid(let layout, let cells) = grid.frame(at: 0).view.kind else { Issue.record("not a grid"); return }
        #expect(cells.count == 4 && layout.columns == [GridItem(.adaptive(minimum: 15))])
    }

    @Test func theSeedsSymbolsAreHandDrawn() {
        for seedSymbol in ["arrow.down", "checkmark", "square.and.arrow.down", "plus.square.on.square", "sidebar.right", "wave.3.right"] {
            #expect(SymbolCatalog.names.contains(seedSymbol) && !Symbol.isDrawnFromIconFont(seedSymbol))
        }
        #expect(SymbolCatalog.names.count >= 18)
    }

    @Test(arguments: Backend.allCases)
    func everySymbolDrawsInkInsideItsSquare(backend: Backend) throws {
        for name in SymbolCatalog.names {
            let image = try render(try Symbol(systemName: name, size: 24, color: .white), width: 24, height: 24, on: backend)
            var ink: Float = 0
            for y in 0..<24 { for x in 0..<24 { ink += image[x, y].w } }
            #expect(ink > 10 && ink < 24 * 24 * 0.8, "\(name): \(ink) pixels of ink")
        }
        // "minus" is a line two points wide along y = 12 from x = 4 to 20, with round caps.
        let minus = try render(try Symbol(systemName: "minus", size: 24, color: .white), width: 24, height: 24, on: backend)
        expectNear(minus[12, 11].w, 1, "on the line")
        expectNear(minus[12, 14].w, 0, "off the line")
        expectNear(minus[2, 11].w, 0, "beyond the cap")
    }

    @Test(arguments: Backend.allCases)
    func buttonStylesDrawTheirLooks(backend: Backend) throws {
        func corner(_ style: some ButtonStyle) throws -> SIMD4<Float> {
            try render(Button("OK").buttonStyle(style), width: 60, height: 40, on: backend)[30 - 12, 20]
        }
        let prominent = try render(Button("OK").buttonStyle(.borderedProminent), width: 60, height: 40, on: backend)
        // The padded label is centred: its background reaches 12 points left of the text, 7 above it.
        let textWidth = Text("OK").naturalSize.width
        let left = Int(30 - textWidth / 2 - 6)
        expectClose(prominent[left, 20], Button.accent.premultiplied(in: .nonLinear), "borderedProminent fills with the accent")
        let bordered = try render(Button("OK").buttonStyle(.bordered), width: 60, height: 40, on: backend)
        #expect(bordered[left, 20].w > 0.05 && bordered[left, 20].w < 0.3, "bordered is a light translucent fill")
        let plain = try render(Button("OK").buttonStyle(.plain), width: 60, height: 40, on: backend)
        expectClose(plain[left, 20], .zero, "plain has no chrome")
        _ = try corner(.plain)
    }
}
