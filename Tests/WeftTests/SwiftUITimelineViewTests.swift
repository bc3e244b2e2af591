import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// `TimelineView(.animation)` and `visualEffect`, the seeds' pair for shaders driven by time: content built again at
/// every frame's time, effects chosen from the view's laid-out size — measured by where the drawn pixels land.
struct SwiftUITimelineViewTests {
    /// A red bar that grows 20 points a second, leading-aligned in a 200-point row.
    struct Growing: View {
        var body: some View {
            TimelineView(.animation) { context in
                let t = context.date.timeIntervalSinceReferenceDate
                Color.red.frame(width: CGFloat(t * 20), height: 10)
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }

    /// A 50-point bar moved right by its own width times the time, through `visualEffect`'s proxy.
    struct Sliding: View {
        var body: some View {
            TimelineView(.animation) { context in
                let t = context.date.timeIntervalSinceReferenceDate
                Color.blue.frame(width: 50, height: 10)
                    .visualEffect { content, proxy in content.offset(x: proxy.size.width * CGFloat(t)) }
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }

    static let size = Size(width: 200, height: 10)

    /// The columns of row 5 whose pixel is mostly `channel` (0 red, 2 blue).
    static func columns(_ pixels: PixelBuffer, channel: Int) -> [Int] {
        (0..<200).filter { pixels[$0, 5][channel] > 0.9 && pixels[$0, 5].w > 0.99 }
    }

    @Test(arguments: Backend.allCases)
    func theContentIsBuiltAtEachFramesTime(backend: Backend) throws {
        let timeline = try Timeline(Growing(), size: Self.size)
        let context = try backend.makeContext()
        for (time, width) in [(0.0, 0), (1.0, 20), (2.5, 50), (7.0, 140)] {
            let pixels = try context.render(timeline.view(at: time, size: Self.size), size: Self.size).pixels
            #expect(Self.columns(pixels, channel: 0) == Array(0..<width), "at \(time) s")
        }
    }

    /// Rendered without a `Timeline`, the content is built at the render's clock: the options' time, a scene's time,
    /// each frame's time in a run of frames that reuses plans (whose still frames would otherwise repeat the last one).
    @Test(arguments: Backend.allCases)
    func outsideATimelineTheContentIsBuiltAtTheRendersTime(backend: Backend) throws {
        let context = try backend.makeContext()
        func options(_ time: Double) -> RenderOptions { RenderOptions(frame: FrameContext(time: time)) }
        #expect(Self.columns(try context.render(Growing(), size: Self.size).pixels, channel: 0).isEmpty, "at 0 s, width 0")
        for (time, width) in [(1.0, 20), (4.5, 90)] {
            let plain = try context.render(Growing(), size: Self.size, options: options(time)).pixels
            #expect(Self.columns(plain, channel: 0) == Array(0..<width), "a view at \(time) s")
            let scene = try context.render(Scene(root: Growing().node, size: Self.size), at: time).pixels
            #expect(Self.columns(scene, channel: 0) == Array(0..<width), "a scene at \(time) s")
        }
        let tree = Growing().node
        let reuse = context.makePlanReuse()
        for (time, width) in [(1.0, 20), (1.0, 20), (1.0, 20), (3.0, 60), (3.0, 60), (6.0, 120)] {
            let pixels = try context.run(try reuse.plan(tree, size: Self.size, options: options(time))).pixels
            #expect(Self.columns(pixels, channel: 0) == Array(0..<width), "frame at \(time) s")
        }
        #expect(reuse.framesStill == 0, "a tree with a TimelineView is never still")
    }

    @Test(arguments: Backend.allCases)
    func aVisualEffectSeesTheLaidOutSizeAndLeavesTheLayout(backend: Backend) throws {
        let timeline = try Timeline(Sliding(), size: Self.size)
        let context = try backend.makeContext()
        for (time, start) in [(0.0, 0), (1.0, 50), (2.0, 100)] {
            let pixels = try context.render(timeline.view(at: time, size: Self.size), size: Self.size).pixels
            #expect(Self.columns(pixels, channel: 2) == Array(start..<(start + 50)), "at \(time) s")
        }
        // The effect moves the drawing only: a sibling after the bar keeps its place at 50 points.
        let pair = HStack(spacing: 0) {
            Color.blue.frame(width: 50, height: 10).visualEffect { content, proxy in content.offset(x: proxy.size.width) }
            Color.red.frame(width: 10, height: 10)
        }.frame(maxWidth: .infinity, alignment: .leading)
        let pixels = try context.render(pair, size: Self.size).pixels
        #expect(Self.columns(pixels, channel: 0) == Array(50..<60))
        #expect(Self.columns(pixels, channel: 2) == Array(60..<100), "the moved bar, under the red one where they meet")
    }

    /// Four bars in a row, each moved down by a third of where it stands in the scene (`proxy.frame(in: .global).minX`):
    /// at 30, 60, 90 and 120 points, so 10, 20, 30 and 40 points down; `.local`'s frame starts at 0 for each.
    @Test(arguments: Backend.allCases)
    func aVisualEffectSeesTheViewsFrameInTheScene(backend: Backend) throws {
        let row = HStack(spacing: 10) {
            ForEach(0..<4, id: \.self) { _ in
                Color.red.frame(width: 20, height: 10)
                    .visualEffect { content, proxy in
                        content.offset(x: proxy.frame(in: .local).minX, y: proxy.frame(in: .global).minX / 3)
                    }
            }
        }
        .padding(.leading, 30)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        let size = Size(width: 160, height: 60)
        let pixels = try backend.makeContext().render(row, size: size).pixels
        for y in 0..<60 {
            let red = (0..<160).filter { pixels[$0, y].x > 0.9 && pixels[$0, y].w > 0.99 }
            let bars = (0..<4).filter { (bar: Int) -> Bool in y >= 10 + 10 * bar && y < 20 + 10 * bar }
            let expected = bars.flatMap { (bar: Int) -> [Int] in Array((30 + 30 * bar)..<(50 + 30 * bar)) }
            #expect(red == expected, "row \(y)")
        }
    }
}
