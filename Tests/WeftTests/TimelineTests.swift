import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
@testable import WeftScene
import WeftShaders
import WeftTestSupport
@testable import WeftViews

/// States changing over time, rendered on both executors and measured from the pixels.
struct TimelineTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let size = Size(width: 64, height: 16)

    /// An 8×8 square of `color` moved `x` points from the centre of a 64×16 canvas.
    static func square(_ color: Color, x: Float) -> ModifiedView {
        Rectangle().fill(color).frame(width: 8, height: 8).offset(x: x)
    }

    /// The columns of row 8 whose pixel is mostly `channel` (0 red, 2 blue), first to last.
    static func columns(_ pixels: PixelBuffer, channel: Int) -> ClosedRange<Int>? {
        let hits = (0..<pixels.width).filter { pixels[$0, 8][channel] > 0.5 && pixels[$0, 8].w > 0.5 }
        guard let first = hits.first, let last = hits.last else { return nil }
        return first...last
    }

    func render(_ timeline: Timeline, at time: Double, on backend: Backend) throws -> PixelBuffer {
        try backend.makeContext().render(timeline.view(at: time, size: Self.size), size: Self.size).pixels
    }

    @Test(arguments: Backend.allCases)
    func offsetsMoveAlongTheCurve(backend: Backend) throws {
        let timeline = try Timeline(initial: ZStack { Self.square(Self.red, x: -20) },
                                changes: [.init(at: 1, to: ZStack { Self.square(Self.red, x: 20) }, animation: .linear(duration: 2))])
        // The square spans 28…35 when centred; the offset is −20 + 40·(t − 1)/2.
        for (time, offset) in [(0.5, -20), (1.0, -20), (1.5, -10), (2.0, 0), (2.5, 10), (3.0, 20), (9.0, 20)] {
            let range = Self.columns(try render(timeline, at: time, on: backend), channel: 0)
            #expect(range == (28 + offset)...(35 + offset), "t=\(time)")
        }
    }

    @Test(arguments: Backend.allCases)
    func colorsInterpolatePremultiplied(backend: Backend) throws {
        let timeline = try Timeline(initial: Rectangle().fill(Self.red),
                                changes: [.init(at: 0, to: Rectangle().fill(Self.blue), animation: .linear(duration: 1))])
        let middle = try render(timeline, at: 0.5, on: backend)[32, 8]
        #expect(abs(middle.x - 0.5) < 0.01 && middle.y == 0 && abs(middle.z - 0.5) < 0.01 && middle.w == 1, "\(middle)")
    }

    /// Named views keep their identity when their order changes: the red square travels right while the blue one
    /// travels left. Matched by position instead, each place would only change color.
    @Test(arguments: Backend.allCases)
    func namedViewsMatchByIdentity(backend: Backend) throws {
        let before = ZStack { Self.square(Self.red, x: -20).id("a"); Self.square(Self.blue, x: 20).id("b") }
        let after = ZStack { Self.square(Self.blue, x: -20).id("b"); Self.square(Self.red, x: 20).id("a") }
        let timeline = try Timeline(initial: before, changes: [.init(at: 0, to: after, animation: .linear(duration: 1))])
        let quarter = try render(timeline, at: 0.25, on: backend)
        #expect(Self.columns(quarter, channel: 0) == 18...25)
        #expect(Self.columns(quarter, channel: 2) == 38...45)
    }

    @Test(arguments: Backend.allCases)
    func insertedViewsEnterAndRemovedViewsLeaveByTheirTransitions(backend: Backend) throws {
        let empty = ZStack { Color.clear }
        let full = ZStack {
            Color.clear
            Self.square(Self.red, x: -20)
            Self.square(Self.blue, x: 20).transition(.move(.top))
        }
        let timeline = try Timeline(initial: empty, changes: [.init(at: 0, to: full, animation: .linear(duration: 1)),
                                                          .init(at: 2, to: empty, animation: .linear(duration: 1))])
        let entering = try render(timeline, at: 0.5, on: backend)
        // The default transition fades: half opacity over a clear canvas.
        #expect(abs(entering[12, 8].w - 0.5) < 0.01 && abs(entering[12, 8].x - 0.5) < 0.01, "\(entering[12, 8])")
        // move(.top) slides in from one height above: half of its 8 points still to go: rows 0…7 (4…11 at the end).
        let blueRows = (0..<16).filter { entering[52, $0].z > 0.5 }
        #expect(blueRows == Array(0...7), "\(blueRows)")
        let leaving = try render(timeline, at: 2.75, on: backend)
        #expect(abs(leaving[12, 8].w - 0.25) < 0.01, "\(leaving[12, 8])")
        #expect(try render(timeline, at: 3, on: backend)[12, 8].w == 0)
    }

    @Test func changesAtOnceAndOutOfOrderAreReported() throws {
        let a = Color.clear, b = Color.white
        let timeline = try Timeline(initial: a, changes: [.init(at: 1, to: b)])
        #expect(timeline.duration == 1)
        if case .shape(_, let fill) = timeline.view(at: 1, size: Self.size).kind, case .color(let c) = fill.kind { #expect(c == b) } else {
            Issue.record("expected the new state at once")
        }
        #expect(Timeline.problem(with: [.init(at: 0, to: b, animation: .linear(duration: 1)), .init(at: 0.5, to: a)]) == nil)
        let disorder = Timeline.problem(with: [.init(at: 1, to: b), .init(at: 0.5, to: a)])
        #expect(disorder?.index == 1 && disorder?.message.contains("in order of time") == true)
    }
}
