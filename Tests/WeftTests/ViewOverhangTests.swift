import Testing
import WeftBench
import WeftTestSupport
@testable import WeftViews

/// What lowering reads of a frame's layout without asking it again, checked against asking: a view's overhang
/// (`LayoutTraits.overhang`) bounds where it draws at every offer — its measured extent lies inside its frame grown by
/// it (lowering passes over a view whose grown frame misses the canvas without measuring it, so a bound too small would
/// lose pixels; one infinite where a bound is known costs only time) — and a placement's held answer is its child's.
struct ViewOverhangTests {
    /// A random view: leaves (shapes filled and stroked, paths beyond their frame, texts, symbols, spacers) under
    /// stacks of every kind and spacing and the modifiers whose overhang is bounded, and some whose is not.
    static func randomView(_ rng: inout SplitMix64, depth: Int) throws -> ViewNode {
        func value(_ range: ClosedRange<Int>) -> Float { Float(Int.random(in: range, using: &rng)) }
        let roll = Int.random(in: 0..<(depth > 4 ? 6 : 14), using: &rng)
        switch roll {
        case 0: return RoundedRectangle(cornerRadius: value(0...6)).fill(.blue).node
        case 1: return Circle().stroke(.red, lineWidth: value(1...9)).node
        case 2:
            let path = Path { p in
                p.move(to: Point(value(-20...5), value(-10...5)))
                p.addLine(to: Point(value(5...40), value(0...12)))
                p.addLine(to: Point(value(-5...5), value(10...30)))
            }
            return Int.random(in: 0...1, using: &rng) == 0 ? path.fill(.green).node
                : path.stroke(.black, style: StrokeStyle(lineWidth: value(1...6), lineJoin: .miter, miterLimit: value(1...12))).node
        case 3: return try Text(String(repeating: "Wg ", count: Int.random(in: 1...6, using: &rng)), size: value(6...30), color: .black).node
        case 4: return try Symbol(systemName: ["star.fill", "heart", "bell", "house"][Int.random(in: 0...3, using: &rng)], size: value(8...30)).node
        case 5: return Spacer(minLength: value(0...20)).node
        case 6, 7, 8:
            let children = try (0..<Int.random(in: 1...4, using: &rng)).map { _ in try randomView(&rng, depth: depth + 1) }
            let spacing = value(-4...8)
            switch Int.random(in: 0...2, using: &rng) {
            case 0: return HStack(spacing: spacing) { ForEach(0..<children.count) { children[$0] } }.node
            case 1: return VStack(spacing: spacing) { ForEach(0..<children.count) { children[$0] } }.node
            default:
                let alignment = [UnitPoint.center, .topLeading, .bottomTrailing, UnitPoint(x: 1.5, y: -0.5)][Int.random(in: 0...3, using: &rng)]
                return ZStack(alignment: alignment) { ForEach(0..<children.count) { children[$0] } }.node
            }
        default:
            let child = try randomView(&rng, depth: depth + 1)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return child.frame(width: value(0...60), height: value(0...40)).node
            case 1: return child.frame(height: value(0...20)).node
            case 2: return child.frame(minWidth: value(0...20), maxWidth: .infinity, alignment: .leading).node
            case 3: return child.padding(value(-6...10)).node
            case 4: return child.opacity(0.5).node
            case 5: return child.offset(x: value(-30...30)).node
            case 6: return child.shadow(color: .black, radius: value(0...6), x: value(-8...8)).node
            case 7: return child.frame(width: value(-10...(-1))).node
            case 8: return child.compositingGroup().node
            default: return child.id("v\(Int.random(in: 0...9, using: &rng))").node
            }
        }
    }

    /// Checks every view of `root` at each of `offers`; how many views had a bound, of how many checked.
    static func checkBounds(of root: ViewNode, at offers: [SIMD2<Float>]) -> (bounded: Int, checked: Int) {
        let layout = FrameLayout()
        var bounded = 0, checked = 0
        func visit(_ node: ViewNode, _ proposal: SIMD2<Float>) {
            let overhang = node.overhang
            #expect(overhang >= 0, "an overhang is never negative")
            if overhang < .infinity {
                let size = layout.size(of: node, proposed: proposal)
                let extent = layout.extent(of: node, proposed: proposal)
                let bound = Rect(size: size).outset(by: SIMD2(repeating: overhang + 1e-3))
                let inside = extent.size == .zero
                    || (extent.minimum.x >= bound.minimum.x && extent.minimum.y >= bound.minimum.y
                        && extent.maximum.x <= bound.maximum.x && extent.maximum.y <= bound.maximum.y)
                #expect(inside, "\(node.kind) at \(proposal): extent \(extent) beyond \(bound)")
                bounded += 1
            }
            checked += 1
            for child in layout.arrange(node, proposed: proposal).children { visit(child.node, child.proposal) }
        }
        for offer in offers { visit(root, offer) }
        return (bounded, checked)
    }

    @Test func whereAViewDrawsLiesWithinItsFrameGrownByItsOverhang() throws {
        var rng = SplitMix64(seed: 37)
        var bounded = 0, checked = 0
        for _ in 0..<300 {
            let counts = Self.checkBounds(of: try Self.randomView(&rng, depth: 0),
                                          at: [SIMD2(200, 120), SIMD2(0, 0), SIMD2(37.5, 500), SIMD2(1000, 9)])
            bounded += counts.bounded
            checked += counts.checked
        }
        // Most views have a bound, and some have none (moved, shadowed, frames a child may overflow).
        #expect(bounded > checked / 3 && bounded < checked, "\(bounded) of \(checked) views bounded")
    }

    /// At real depth and width: stacks nested 256 deep (labels with symbols, capsules in frames) on a phone's screen,
    /// and the 1,000-view screen, every view bounded and inside its bound.
    @Test func screensAtRealScaleAreInsideTheirBounds() throws {
        let nested = Self.checkBounds(of: try ScaleScenes.nested(depth: 256, symbol: "star.fill"), at: [SIMD2(390, 844)])
        #expect(nested.bounded == nested.checked && nested.checked > 256 * 3, "\(nested.bounded) of \(nested.checked)")
        let screen = Self.checkBounds(of: try ScaleScenes.screen(rows: 50, cells: 20), at: [SIMD2(1920, 1080)])
        #expect(screen.bounded == screen.checked && screen.checked > 5_000, "\(screen.bounded) of \(screen.checked)")
    }

    /// A placement that holds its child's answer (`Layout.Placement.arrangement`) holds the very answer the child's
    /// memo gives at that proposal, so a walk down the linked answers draws what asking each view would.
    @Test func aPlacementHoldsTheAnswerItsChildGives() throws {
        var rng = SplitMix64(seed: 41)
        var linked = 0
        for _ in 0..<200 {
            let root = try Self.randomView(&rng, depth: 0)
            let layout = FrameLayout()
            func visit(_ node: ViewNode, _ proposal: SIMD2<Float>) {
                for child in layout.arrange(node, proposed: proposal).children {
                    if let held = child.arrangement {
                        let asked = layout.arrange(child.node, proposed: child.proposal)
                        #expect(held === asked, "\(child.node.kind) at \(child.proposal)")
                        linked += 1
                    }
                    visit(child.node, child.proposal)
                }
            }
            visit(root, SIMD2(240, 160))
        }
        #expect(linked > 500, "\(linked) placements held their child's answer")
    }

    /// Every row of the 1,000-view screen is bounded: texts, symbols and bars in stacks and fixed frames.
    @Test func aScreensRowsAreBounded() throws {
        let root = try ScaleScenes.screen(rows: 50, cells: 20)
        guard case .stacked(_, let rows) = root.kind else { Issue.record("the screen is a column of rows"); return }
        #expect(rows.allSatisfy { $0.overhang < .infinity })
        #expect(root.overhang < .infinity)
    }
}
