import Testing
@testable import Weft
import WeftImage
@testable import WeftScene
import WeftTestSupport
@testable import WeftViews

/// Layouts held against SwiftUI's own numbers: how a stack shares its room among flexible children, and a `ZStack`'s
/// alignment in scene files. Each is checked in the layout and in the pixels, on both executors.
struct SwiftUILayoutRuleTests {
    /// Columns of row `y` whose pixel is `color` (within 2/255), as runs [start, end).
    static func runs(of color: SIMD4<Float>, in pixels: PixelBuffer, row y: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for x in 0...pixels.width {
            let difference = x < pixels.width ? pixels[x, y] - color : SIMD4(repeating: 1)
            let inside = max(difference.max(), -difference.min()) <= 2.0 / 255
            if inside, start == nil { start = x }
            if !inside, let s = start { runs.append(s..<x); start = nil }
        }
        return runs
    }

    /// `HStack(spacing: 0) { Text.frame(width: 80); Color.blue; Spacer(); Text.frame(width: 60) }` at 400 points:
    /// SwiftUI gives the Color 252 points and the Spacer its minimum, 8 (the spacers are sized last, after the
    /// others have shared the room their minimum lengths leave).
    static let row = HStack(spacing: 0) {
        Text("Name").frame(width: 80)
        Color.blue
        Spacer()
        Text("Value").frame(width: 60)
    }

    @Test func aSpacerYieldsToAFlexibleSibling() {
        let (size, children) = Layout.arrange(Self.row.node, proposed: SIMD2(400, 44))
        #expect(size.x == 400)
        #expect(children.map(\.transform.translation.x) == [0, 80, 332, 340])
        // Each child is placed with the proposal it was sized at (the texts' frames keep their own widths).
        #expect(children.map(\.proposal.x) == [Float(392) / 3, 252, 8, 156])
    }

    @Test(arguments: Backend.allCases)
    func aSpacerYieldsToAFlexibleSiblingInThePicture(backend: Backend) throws {
        let pixels = try backend.makeContext().render(Self.row, size: Size(width: 400, height: 44)).pixels
        #expect(Self.runs(of: SIMD4(0, 0.478, 1, 1), in: pixels, row: 1) == [80..<332])
    }

    @Test func spacersShareWhatTheOthersLeaveThem() {
        let (_, children) = Layout.arrange(HStack(spacing: 0) { Spacer(); Color.red; Spacer(minLength: 20) }.node, proposed: SIMD2(300, 10))
        // The color takes all that the spacers' minimum lengths leave; the spacers keep their minimums.
        #expect(children.map(\.transform.translation.x) == [0, 8, 280])
        let (_, capped) = Layout.arrange(HStack(spacing: 0) { Spacer(); Color.red.frame(maxWidth: 100); Spacer(minLength: 20) }.node,
                                         proposed: SIMD2(300, 10))
        // A capped view takes its 100; the spacers share the other 200 evenly.
        #expect(capped.map(\.transform.translation.x) == [0, 100, 200])
    }

    /// Two colors in a scene's `zstack` aligned by `alignment` (JSON): a red 100 × 80 and a blue 40 × 30 over it.
    static func alignedScene(_ alignment: String) throws -> ViewNode {
        try parseScene("""
        {"size": [200, 100], "root": {"zstack": {"alignment": \(alignment), "children": [
            {"color": "#ff0000", "modifiers": [{"frame": {"width": 100, "height": 80}}]},
            {"color": "#0000ff", "modifiers": [{"frame": {"width": 40, "height": 30}}]}
        ]}}}
        """).frame(at: 0).view
    }

    /// `ZStack(alignment: .bottomTrailing)`: SwiftUI puts the smaller child's bottom-right corner on the larger one's.
    @Test func aZStackInASceneFilePlacesItsChildrenByItsAlignment() throws {
        let corners: [(String, SIMD2<Float>)] = [(#""bottomTrailing""#, SIMD2(60, 50)), (#""topLeading""#, SIMD2(0, 0)),
                                                 (#""center""#, SIMD2(30, 25)), ("[0.25, 1]", SIMD2(15, 50))]
        for (alignment, origin) in corners {
            let (size, children) = Layout.arrange(try Self.alignedScene(alignment), proposed: SIMD2(200, 100))
            #expect(size == SIMD2(100, 80))
            #expect(children.map(\.transform.translation) == [.zero, origin], "\(alignment)")
        }
        #expect(sceneError(#"{"size": [10, 10], "root": {"zstack": {"alignment": "middle", "children": []}}}"#) != nil)
    }

    @Test(arguments: Backend.allCases)
    func aZStackInASceneFilePlacesItsChildrenInThePicture(backend: Backend) throws {
        let view = try Self.alignedScene(#""bottomTrailing""#)
        let pixels = try backend.makeContext().render(view, size: Size(width: 200, height: 100)).pixels
        // The stack (100 × 80) is centred: at (50, 10); the blue child's corner on its corner, at (150, 90).
        #expect(Self.runs(of: SIMD4(0, 0, 1, 1), in: pixels, row: 75) == [110..<150])
        #expect(Self.runs(of: SIMD4(1, 0, 0, 1), in: pixels, row: 75) == [50..<110])
        #expect(Self.runs(of: SIMD4(1, 0, 0, 1), in: pixels, row: 55) == [50..<150])
    }
}
