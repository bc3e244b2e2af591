import Testing
import WeftImage
@testable import WeftViews

/// Layout at the size of real screens: a frame's layout arranges each view once per proposal, and asks each view at a
/// number of proposals that does not grow with the depth of the nesting or the width of the screen.
struct LayoutScaleTests {
    /// Stacks nested `depth` deep: an hstack of a label, a capsule and the next stack, in a vstack of a label and it,
    /// and so on, as a settings screen nests its groups.
    static func nested(depth: Int) -> ViewNode {
        var view = Text("Leaf").node
        for level in 0..<depth {
            let label = Text("Level \(level)")
            view = level.isMultiple(of: 2)
                ? HStack { label; Capsule().fill(Color.blue).frame(width: 24, height: 12); view }.node
                : VStack(alignment: .leading) { label; view }.node
        }
        return view
    }

    /// A screen of `rows` rows of `cells` cells, each a text, a symbol and a rounded rectangle.
    static func screen(rows: Int, cells: Int) throws -> ViewNode {
        let symbols = ["star.fill", "heart", "bell", "house"]
        return try VStack(spacing: 2) {
            for row in 0..<rows {
                try HStack(spacing: 2) {
                    for cell in 0..<cells {
                        try VStack(spacing: 1) {
                            Text("\(row).\(cell)")
                            try Image(systemName: symbols[(row + cell) % symbols.count], size: 12)
                            RoundedRectangle(cornerRadius: 3).fill(Color.green).frame(height: 4)
                        }
                    }
                }
            }
        }.node
    }

    /// Asks `layout` what a frame's planning asks: where the root goes, its extent, and every placed view's
    /// arrangement and extent, down the tree.
    static func planLayout(_ root: ViewNode, size: SIMD2<Float>, in layout: FrameLayout) -> Int {
        _ = layout.rootTransform(root, size: size)
        func visit(_ node: ViewNode, proposal: SIMD2<Float>) -> Int {
            _ = layout.extent(of: node, proposed: proposal)
            return 1 + layout.arrange(node, proposed: proposal).children.reduce(0) { $0 + visit($1.node, proposal: $1.proposal) }
        }
        return visit(root, proposal: size)
    }

    /// A bound on the proposals a view of these scenes is asked at, on average: a row asks each child's width at
    /// none and unlimited room (at any height), a column its children's heights at none and unlimited room at each
    /// width it is offered, and each container its children at their shares and their sizes. Nested so deep that
    /// every level overflows the screen, a view is asked at about 30; the bound does not grow with the depth.
    static let proposalsPerView = 36

    @Test(arguments: [4, 8, 16, 32, 64, 128])
    func nestedStacksAreArrangedOnceAtEachOfAFewProposals(depth: Int) {
        let layout = FrameLayout()
        let root = Self.nested(depth: depth)
        let placed = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        let (views, proposals) = layout.statistics
        #expect(layout.arrangements == proposals, "each view is arranged once per proposal")
        #expect(views == placed, "only the tree's views are asked")
        #expect(proposals <= Self.proposalsPerView * views, "\(proposals) proposals for \(views) views")
    }

    @Test func aThousandViewScreenIsArrangedOnceAtEachOfAFewProposals() throws {
        let layout = FrameLayout()
        let root = try Self.screen(rows: 50, cells: 20)
        let placed = Self.planLayout(root, size: SIMD2(1920, 1080), in: layout)
        let (views, proposals) = layout.statistics
        #expect(placed >= 1 + 50 + 50 * 20 * 4, "every view is placed: \(placed)")
        #expect(layout.arrangements == proposals, "each view is arranged once per proposal")
        #expect(proposals <= Self.proposalsPerView * views, "\(proposals) proposals for \(views) views")
    }

    @Test func askingAgainArrangesNothing() {
        let layout = FrameLayout()
        let root = Self.nested(depth: 16)
        _ = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        let first = layout.arrangements
        _ = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        #expect(layout.arrangements == first, "a second walk of the same frame is answered from the first")
        _ = Self.planLayout(root, size: SIMD2(320, 568), in: layout)
        #expect(layout.arrangements > first, "another size is laid out afresh")
    }
}
