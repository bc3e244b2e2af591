import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// SwiftUI's ungrouped default against `geometryGroup()`, measured from the pixels of a mid-animation frame.
struct GeometryGroupTests {
    static let size = Size(width: 64, height: 16)

    /// A 16×8 red bar moved `x` from the centre; after the change a blue 4×4 badge appears in its middle.
    static func container(x: Float, badge: Bool, grouped: Bool) -> some View {
        let inner = ZStack {
            Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 16, height: 8)
            if badge { Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 4, height: 4).modified(.transition(.identity)) }
        }
        return ZStack { (grouped ? inner.geometryGroup() : ModifiedView(inner.node)).offset(x: x) }
    }

    static func columns(_ pixels: PixelBuffer, channel: Int) -> ClosedRange<Int>? {
        let hits = (0..<pixels.width).filter { pixels[$0, 8][channel] > 0.9 }
        guard let first = hits.first, let last = hits.last else { return nil }
        return first...last
    }

    /// Midway the bar is at the centre (24…39). Grouped, the badge rides in its middle (30…33), as it
    /// stands at the end; ungrouped, it stands where the new state puts it in the scene (50…53).
    @Test(arguments: Backend.allCases)
    func anInsertedBadgeFollowsItsContainerOnlyInAGroup(backend: Backend) throws {
        let context = try backend.makeContext()
        for grouped in [true, false] {
            let timeline = try Timeline(initial: Self.container(x: -20, badge: false, grouped: grouped),
                                    changes: [.init(at: 0, to: Self.container(x: 20, badge: true, grouped: grouped), animation: .linear(duration: 1))])
            let end = try context.render(timeline.view(at: 1, size: Self.size), size: Self.size).pixels
            #expect(Self.columns(end, channel: 2) == 50...53)
            let midway = try context.render(timeline.view(at: 0.5, size: Self.size), size: Self.size).pixels
            let bar = try #require(Self.columns(midway, channel: 0))
            let badge = try #require(Self.columns(midway, channel: 2))
            #expect(bar == 24...39, "grouped: \(grouped)")
            #expect(badge.lowerBound - bar.lowerBound == (grouped ? 6 : 26), "grouped: \(grouped)")
        }
    }
}
