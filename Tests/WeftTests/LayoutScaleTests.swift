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
        // is asked once per width: unlimited and its share; a cell, as wide as unlimited room (its bar takes every
        // width), is not asked its width at none, and a symbol, whose frame fixes both sides, is asked once: 1 + 50
        // + 1,000 × 8 proposals for 5,051 views (29,147 when every height was a question of its own, 15,051 when
        // every width was).
        #expect(proposals == 1 + 50 + 1_000 * 8, "\(proposals) proposals for \(views) views")
        #expect(most <= 2, "a view asked at \(most) proposals")
        #expect(most <= LayoutMemo.capacity / 2, "a view asked at \(most) proposals")
        #expect(placed >= 1 + 50 + 50 * 20 * 2, "every view is placed: \(placed)")
        #expect(layout.arrangements == proposals, "each view is arranged once per proposal")
        #expect(proposals <= Self.proposalsPerView * views, "\(proposals) proposals for \(views) views")
    }

    /// A stack asks a child its length offered unlimited room and none only to learn how flexible it is; a child as
    /// long as unlimited room is infinitely flexible whatever its length at none, which is not asked. Placed as the
    /// rule places it: the column takes the row's whole width.
    @Test func anInfinitelyLongChildIsNotAskedItsLengthAtNone() {
        let layout = FrameLayout(countingQuestions: true)
        let row = HStack(spacing: 0) {
            Text("Label").frame(width: 60)
            VStack { Text("a"); Rectangle().frame(height: 4) }
        }.node
        let arranged = layout.arrange(row, proposed: SIMD2(300, 100))
        let (views, proposals, most) = layout.statistics
        // The row once; the label's frame at unlimited width, none and its share, its text once (the frame fixes its
        // width); the column, its text and its bar's frame at unlimited width and at their share: 1 + 3 + 1 + 3 × 2
        // (14 when the column was asked at none too).
        #expect(views == 6 && proposals == 11 && most == 3, "\(proposals) proposals for \(views) views, at most \(most) for one")
        #expect(arranged.size.x == 300)
        #expect(arranged.children.map(\.transform.translation.x) == [0, 60])
        #expect(layout.size(of: arranged.children[1].node, proposed: arranged.children[1].proposal).x == 240)
    }

    /// A view whose size and placements do not depend on the offer — a symbol: a frame of fixed sides, marked — is
    /// arranged once, whatever it is offered, and answers every offer alike.
    @Test func aViewThatIgnoresTheOfferIsArrangedOnce() throws {
        let layout = FrameLayout(countingQuestions: true)
        let symbol = try Image(systemName: "star.fill", size: 12).node
        let offers: [SIMD2<Float>] = [.zero, SIMD2(.infinity, .infinity), SIMD2(40, 0), SIMD2(3, 900), SIMD2(1920, 1080)]
        let sizes = offers.map { layout.size(of: symbol, proposed: $0) }
        #expect(sizes.allSatisfy { $0 == SIMD2(12, 12) }, "\(sizes)")
        #expect(offers.map { layout.extent(of: symbol, proposed: $0) }.allSatisfy { $0 == Rect(size: SIMD2(12, 12)) })
        let (views, proposals, _) = layout.statistics
        #expect(views == 2 && proposals == 2, "the mark and its frame, once each: \(proposals) proposals for \(views) views")
        #expect(layout.arrangements == 2)
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
