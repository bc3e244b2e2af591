import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// `matchedGeometryEffect`: receivers adopt their source's rectangle, which interpolates when the source
/// changes; the classic faults are named warnings. Measured from pixels on both executors.
struct MatchedGeometryTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let size = Size(width: 64, height: 16)
    static let ns = Namespace("cards")

    /// A red source square of `side` points moved `x` from the centre, and a blue 2×2 receiver drawn over it.
    static func state(x: Float, side: Float) -> some View {
        ZStack {
            Rectangle().fill(red).frame(width: side, height: side).matchedGeometryEffect(id: "card", in: ns).offset(x: x)
            Rectangle().fill(blue).matchedGeometryEffect(id: "card", in: ns, isSource: false).frame(width: 2, height: 2)
        }.namespace(ns)
    }

    /// The columns of row 8 where `channel` (0 red, 2 blue) is above `threshold`, first to last.
    static func columns(_ pixels: PixelBuffer, channel: Int, threshold: Float = 0.9) -> ClosedRange<Int>? {
        let hits = (0..<pixels.width).filter { pixels[$0, 8][channel] > threshold }
        guard let first = hits.first, let last = hits.last else { return nil }
        return first...last
    }

    @Test(arguments: Backend.allCases)
    func theReceiverFollowsItsSource(backend: Backend) throws {
        let timeline = try Timeline(initial: Self.state(x: -20, side: 8),
                                changes: [.init(at: 0, to: Self.state(x: 20, side: 12), animation: .linear(duration: 1))])
        let context = try backend.makeContext()
        // The source spans 8…15 at the start, 46…57 at the end and, side 10 at offset 0, 27…36 midway;
        // the receiver covers it exactly, so no red shows.
        for (time, span) in [(0.0, 8...15), (0.5, 27...36), (1.0, 46...57)] {
            let rendering = try context.render(timeline.view(at: time, size: Self.size), size: Self.size)
            #expect(Self.columns(rendering.pixels, channel: 2) == span, "t=\(time)")
            #expect(Self.columns(rendering.pixels, channel: 0) == nil, "t=\(time)")
            #expect(rendering.warnings.isEmpty)
        }
    }

    /// The hero pattern: one view is the source before the change, another after; each keeps its own content,
    /// they cross-fade, and midway both stand on the rectangle halfway between the two sources (their content
    /// takes the size it is offered; a fixed frame inside the effect would keep its own).
    @Test(arguments: Backend.allCases)
    func enteringAndLeavingViewsMoveBetweenTheSources(backend: Backend) throws {
        let thumbnail = ZStack {
            Rectangle().fill(Self.red).matchedGeometryEffect(id: "card", in: Self.ns).frame(width: 8, height: 8).offset(x: -20).id("thumbnail")
        }.namespace(Self.ns)
        let detail = ZStack {
            Rectangle().fill(Self.blue).matchedGeometryEffect(id: "card", in: Self.ns).frame(width: 12, height: 12).offset(x: 20).id("detail")
        }.namespace(Self.ns)
        let timeline = try Timeline(initial: thumbnail, changes: [.init(at: 0, to: detail, animation: .linear(duration: 1))])
        let midway = try backend.makeContext().render(timeline.view(at: 0.5, size: Self.size), size: Self.size)
        #expect(Self.columns(midway.pixels, channel: 0, threshold: 0.2) == 27...36)
        #expect(Self.columns(midway.pixels, channel: 2, threshold: 0.2) == 27...36)
        #expect(timeline.warnings(at: 0.5, size: Self.size).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func eachFaultIsNamed(backend: Backend) throws {
        let context = try backend.makeContext()
        let twoSources = ZStack {
            Rectangle().fill(Self.red).frame(width: 8, height: 8).matchedGeometryEffect(id: "card", in: Self.ns)
            Rectangle().fill(Self.blue).frame(width: 4, height: 4).matchedGeometryEffect(id: "card", in: Self.ns)
        }.namespace(Self.ns)
        #expect(try context.render(twoSources, size: Self.size).warnings.map(\.kind) == [.twoSources])

        let undeclared = Rectangle().fill(Self.red).matchedGeometryEffect(id: "card", in: Self.ns)
        let missing = try context.render(undeclared, size: Self.size).warnings
        #expect(missing.map(\.kind) == [.missingNamespace])
        #expect(missing.first?.description.contains("'cards'") == true)

        let clipped = ZStack {
            Rectangle().fill(Self.red).frame(width: 12, height: 12).matchedGeometryEffect(id: "card", in: Self.ns)
            Rectangle().fill(Self.blue).matchedGeometryEffect(id: "card", in: Self.ns, isSource: false)
                .frame(width: 4, height: 4).drawingGroup(opaque: true)
        }.namespace(Self.ns)
        #expect(try context.render(clipped, size: Self.size).warnings.map(\.kind) == [.receiverClipped])
        // Unclipped, the same receiver raises nothing.
        #expect(try context.render(Self.state(x: 0, side: 8), size: Self.size).warnings.isEmpty)
    }

    /// The explicit-source mounting of the fourth article: thumbnails in a `LazyVGrid` are the sources while nothing
    /// is open (`isSource: open == nil`); the detail is never a source. Opening inserts the detail on its thumbnail's
    /// rectangle and its frame then travels to its own; the grid, unchanged but for `isSource`, stays as it is drawn
    /// (it neither cross-fades with itself nor counts its cells twice as sources).
    static func gallery(open: Bool) -> some View {
        ZStack {
            LazyVGrid(columns: [GridItem(.fixed(12), spacing: 8), GridItem(.fixed(12))], spacing: 8) {
                Rectangle().fill(red).matchedGeometryEffect(id: "a", in: ns, isSource: !open).frame(width: 12, height: 12).id("a")
                Rectangle().fill(red).matchedGeometryEffect(id: "b", in: ns, isSource: !open).frame(width: 12, height: 12).id("b")
            }
            if open {
                Rectangle().fill(blue).matchedGeometryEffect(id: "b", in: ns, isSource: false).frame(width: 60, height: 14)
                    .transition(.identity).id("detail")
            }
        }.namespace(ns)
    }

    @Test(arguments: Backend.allCases)
    func theDetailGrowsFromItsThumbnailWhileTheGridStays(backend: Backend) throws {
        let timeline = try Timeline(initial: Self.gallery(open: false),
                                    changes: [.init(at: 0, to: Self.gallery(open: true), animation: .linear(duration: 1))])
        let context = try backend.makeContext()
        let closed = try context.render(Self.gallery(open: false), size: Self.size).pixels
        // The grid is 32 wide, centred: cell a at 16…27, cell b at 36…47 (rows 2…13); the detail's own frame is 2…61.
        #expect(Self.columns(closed, channel: 0) == 16...47)
        for (time, span) in [(0.0, 36...47), (0.5, 19...54), (1.0, 2...61)] {
            let rendering = try context.render(timeline.view(at: time, size: Self.size), size: Self.size)
            #expect(Self.columns(rendering.pixels, channel: 2) == (time == 0 ? nil : span), "t=\(time)")
            // Cell a, where the detail has not reached it yet: the same pixels as before the change, not a fading copy.
            if time < 1 { #expect(rendering.pixels[17, 8] == closed[17, 8], "t=\(time)") }
            #expect(timeline.warnings(at: time, size: Self.size).isEmpty, "t=\(time)")
        }
        let started = try context.render(timeline.view(at: 0.001, size: Self.size), size: Self.size)
        #expect(Self.columns(started.pixels, channel: 2) == 36...47)
    }

    @Test func scenesDeclareNamespacesAndGroups() throws {
        let scene = try parseScene(##"""
        {"size": [64, 16], "root": {"zstack": [
            {"color": "#ff0000", "modifiers": [{"frame": {"width": 8, "height": 8}},
                {"matchedGeometryEffect": {"id": "card", "in": "cards"}}, {"offset": {"x": -20}}]},
            {"color": "#0000ff", "modifiers": [{"matchedGeometryEffect": {"id": "card", "in": "cards", "isSource": false, "anchor": "topLeading", "properties": "frame"}},
                {"frame": {"width": 2, "height": 2}}]}],
          "modifiers": [{"namespace": "cards"}]}}
        """##)
        let (root, warnings) = MatchedGeometry.resolve(scene.frame(at: 0).view, size: Self.size.vector, layout: FrameLayout())
        #expect(warnings.isEmpty)
        let pixels = try Backend.cpu.makeContext().render(root, size: Self.size).pixels
        #expect(Self.columns(pixels, channel: 2) == 8...15)
        #expect(sceneError(##"{"size": [4, 4], "root": {"color": "#ff0000", "modifiers": [{"matchedGeometryEffect": {"id": "a", "in": "b", "properties": "shape"}}]}}"##)?
            .path?.description == "root.modifiers[0].matchedGeometryEffect.properties")
    }
}
