import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// Stacks, spacers, flexible frames and text: sizes and places from the layout, and text measured
/// from rendered pixels on both executors.
struct StackLayoutTests {
    static func placements(_ view: some View, _ proposal: SIMD2<Float>) -> (SIMD2<Float>, [SIMD2<Float>]) {
        let (size, children) = Layout.arrange(view.node, proposed: proposal)
        return (size, children.map(\.transform.translation))
    }

    @Test func anHStackSharesTheWidthAndAlignsAcross() {
        let stack = HStack(alignment: .top, spacing: 10) {
            Color.red.frame(width: 20, height: 10)
            Color.blue
            Color.green.frame(width: 30, height: 40)
        }
        let (size, origins) = Self.placements(stack, SIMD2(200, 50))
        // The flexible color gets what the fixed ones and the spacing leave: 200 − 20 − 30 − 20 = 130.
        #expect(size == SIMD2(200, 50))
        #expect(origins == [SIMD2(0, 0), SIMD2(30, 0), SIMD2(170, 0)])
        let (_, centred) = Self.placements(HStack { Color.red.frame(width: 20, height: 10); Color.green.frame(width: 30, height: 40) },
                                           SIMD2(200, 50))
        #expect(centred == [SIMD2(0, 15), SIMD2(28, 0)])
    }

    @Test func aSpacerPushesItsNeighboursApartAndVStacksAlignLeading() {
        let (size, origins) = Self.placements(VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 20, height: 10)
            Spacer(minLength: 5)
            Color.blue.frame(width: 40, height: 10)
        }, SIMD2(100, 100))
        #expect(size == SIMD2(40, 100))
        #expect(origins == [SIMD2(0, 0), SIMD2(0, 10), SIMD2(0, 90)])
        let (tight, _) = Self.placements(VStack(spacing: 0) { Color.red.frame(width: 20, height: 50); Spacer(minLength: 5) }, SIMD2(100, 40))
        #expect(tight.y == 55, "a spacer keeps its minimum length")
    }

    @Test func flexibleFramesClampTheOffer() throws {
        let text = try Text("Hi", size: 7)
        let natural = text.naturalSize.vector
        #expect(natural.x > 0 && natural.x < 50 && natural.y > 7 && natural.y < 30)
        let (wide, wideOrigin) = Self.placements(text.frame(maxWidth: .infinity, alignment: .leading), SIMD2(100, 30))
        #expect(wide == SIMD2(100, natural.y) && wideOrigin == [SIMD2(0, 0)])
        let (capped, cappedOrigin) = Self.placements(text.frame(maxWidth: 50, alignment: .trailing), SIMD2(100, 30))
        #expect(capped == SIMD2(50, natural.y) && cappedOrigin == [SIMD2(50 - natural.x, 0)])
        let (least, _) = Self.placements(text.frame(minWidth: 30, minHeight: 20), SIMD2(5, 5))
        #expect(least == SIMD2(30, 20))
    }

    @Test func changedTextCrossFadesWhileItsColorAnimates() {
        let a = Text("Download", color: .black), b = Text("Done", color: .black), c = Text("Download", color: .white)
        guard case .stack(let both, _) = Interpolation.between(a.node, b.node, progress: 0.5).kind else {
            Issue.record("different strings should cross-fade")
            return
        }
        #expect(both.count == 2)
        if case .stack = Interpolation.between(a.node, c.node, progress: 0.5).kind { Issue.record("the same string should match") }
    }
}

/// `ForEach` is no container: in a stack its views are the stack's children (SwiftUI's), not one `ZStack`.
@Test(arguments: Backend.allCases)
func forEachInAStackLinesItsViewsUp(backend: Backend) throws {
    let colors: [Color] = [.red, .green, .blue]
    let row = HStack(spacing: 0) { ForEach(0..<3) { i in colors[i].frame(width: 10, height: 10) } }
    let pixels = try backend.makeContext().render(row, size: Size(width: 30, height: 10)).pixels
    for (i, color) in colors.enumerated() {
        let expected = color.premultiplied(in: .nonLinear)
        let pixel = pixels[10 * i + 5, 5]
        let error = (pixel - expected).replacing(with: -(pixel - expected), where: pixel .< expected).max()
        #expect(error <= 1.0 / 255 + 1e-6, "view \(i) at x \(10 * i + 5): \(pixel)")
    }
    let (size, origins) = StackLayoutTests.placements(VStack(spacing: 2) { ForEach(0..<3) { _ in Color.red.frame(width: 4, height: 5) } },
                                                      SIMD2(40, 40))
    #expect(size == SIMD2(4, 19) && origins == [SIMD2(0, 0), SIMD2(0, 7), SIMD2(0, 14)])
}
