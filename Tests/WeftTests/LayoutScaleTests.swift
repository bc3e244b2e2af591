import Testing
import WeftBench
import WeftImage
import WeftTestSupport
@testable import WeftViews

/// Layout at the size of real screens: a frame's layout arranges each view once per proposal, and asks each view at a
/// number of proposals that does not grow with the depth of the nesting or the width of the screen.
struct LayoutScaleTests {
    /// Asks `layout` what a frame's planning asks: where the root goes, its extent, and every placed view's
    /// arrangement and extent, down the tree. How many views were placed that the layout keeps answers for (all but
    /// the leaves that answer without it, `ViewNode.answersWithoutLayout`).
    static func planLayout(_ root: ViewNode, size: SIMD2<Float>, in layout: FrameLayout) -> Int {
        _ = layout.rootTransform(root, size: size)
        func visit(_ node: ViewNode, proposal: SIMD2<Float>) -> Int {
            _ = layout.extent(of: node, proposed: proposal)
            let kept = node.answersWithoutLayout ? 0 : 1
            return kept + layout.arrange(node, proposed: proposal).children.reduce(0) { $0 + visit($1.node, proposal: $1.proposal) }
        }
        return visit(root, proposal: size)
    }

    /// A bound on the proposals a view of these scenes is asked at, on average: a row asks each child's width at
    /// none and unlimited room (at any height), a column its children's heights at none and unlimited room at each
    /// width it is offered, and each container its children at their shares and their sizes. Nested so deep that
    /// every level overflows the screen, a view is asked at about 30; the bound does not grow with the depth.
    static let proposalsPerView = 36

    @Test(arguments: [4, 8, 16, 32, 64, 128])
    func nestedStacksAreArrangedOnceAtEachOfAFewProposals(depth: Int) throws {
        let layout = FrameLayout(countingQuestions: true)
        let root = try ScaleScenes.nested(depth: depth)
        let placed = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        let (views, proposals, most) = layout.statistics
        #expect(layout.arrangements == proposals, "each view is arranged once per proposal")
        #expect(views == placed, "only the tree's views are asked")
        #expect(proposals <= Self.proposalsPerView * views, "\(proposals) proposals for \(views) views")
        #expect(most <= LayoutMemo.capacity / 2, "a view asked at \(most) proposals: its memo would forget answers the frame needs")
    }

    @Test func aThousandViewScreenIsArrangedOnceAtEachOfAFewProposals() throws {
        let layout = FrameLayout(countingQuestions: true)
        let root = try ScaleScenes.screen(rows: 50, cells: 20)
        let placed = Self.planLayout(root, size: SIMD2(1920, 1080), in: layout)
        let (views, proposals, most) = layout.statistics
        // Every view of the screen ignores the height offered (texts, symbols and fixed-height bars in stacks), so each
        // is asked once per width: none, unlimited and its share (29,147 proposals for 5,051 views when every height
        // was a question of its own).
        #expect(most <= 3 && proposals <= 3 * views, "\(proposals) proposals for \(views) views, at most \(most) for one")
        #expect(most <= LayoutMemo.capacity / 2, "a view asked at \(most) proposals")
        #expect(placed >= 1 + 50 + 50 * 20 * 2, "every view is placed: \(placed)")
        #expect(layout.arrangements == proposals, "each view is arranged once per proposal")
        #expect(proposals <= Self.proposalsPerView * views, "\(proposals) proposals for \(views) views")
    }

    @Test func askingAgainArrangesNothing() throws {
        let layout = FrameLayout()
        let root = try ScaleScenes.nested(depth: 16)
        _ = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        let first = layout.arrangements
        _ = Self.planLayout(root, size: SIMD2(390, 844), in: layout)
        #expect(layout.arrangements == first, "a second walk of the same frame is answered from the first")
        _ = Self.planLayout(root, size: SIMD2(320, 568), in: layout)
        #expect(layout.arrangements > first, "another size is laid out afresh")
    }
}
