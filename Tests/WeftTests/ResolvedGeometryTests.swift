import Testing
@testable import Weft
import WeftImage
@testable import WeftPlanner
import WeftRuntime
import WeftTestSupport
@testable import WeftViews

/// What animates is resolved geometry (docs/animation.md): frames measured per rendered frame, as the centre of
/// a coloured view, against the value the rule predicts.
struct ResolvedGeometryTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// The coverage-weighted centre along row `row` (or column `column`) of `channel` (0 red, 1 green, 2 blue).
    static func centre(_ pixels: PixelBuffer, channel: Int, row: Int) -> Float? {
        var sum: Float = 0, weight: Float = 0
        for x in 0..<pixels.width {
            let w = pixels[x, row][channel]
            sum += w * (Float(x) + 0.5)
            weight += w
        }
        return weight > 0.01 ? sum / weight : nil
    }

    static func centre(_ pixels: PixelBuffer, channel: Int, column: Int) -> Float? {
        var sum: Float = 0, weight: Float = 0
        for y in 0..<pixels.height {
            let w = pixels[column, y][channel]
            sum += w * (Float(y) + 0.5)
            weight += w
        }
        return weight > 0.01 ? sum / weight : nil
    }

    static func render(_ timeline: Timeline, at time: Double, size: Size, on backend: Backend) throws -> PixelBuffer {
        try backend.makeContext().render(timeline.view(at: time, size: size), size: size).pixels
    }

    /// The largest difference of any channel of any pixel.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> Float {
        var most: Float = 0
        for y in 0..<a.height { for x in 0..<a.width { let d = a[x, y] - b[x, y]; most = max(most, max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))) } }
        return most
    }

    // MARK: Reordering

    /// A 10×4 red bar (top-aligned, drawn over the blue one) and a 10×10 blue square in an `HStack`.
    static func pair(redFirst: Bool) -> some View {
        HStack(alignment: .top, spacing: 0) {
            if redFirst { Rectangle().fill(red).frame(width: 10, height: 4).id("red") }
            Rectangle().fill(blue).frame(width: 10, height: 10).id("blue")
            if !redFirst { Rectangle().fill(red).frame(width: 10, height: 4).id("red") }
        }
    }

    /// Two named siblings swap places under `linear(duration: 1)`: each slides linearly from its old place to its
    /// new one (red 15 → 25, blue 25 → 15 on a 40-point canvas), and the frame at the change equals the one before.
    @Test(arguments: Backend.allCases)
    func aReorderSlidesEachViewLinearly(backend: Backend) throws {
        let size = Size(width: 40, height: 10)
        let timeline = try Timeline(initial: Self.pair(redFirst: true),
                                    changes: [.init(at: 1, to: Self.pair(redFirst: false), animation: .linear(duration: 1))])
        for step in 0...4 {
            let t = Float(step) / 4
            let pixels = try Self.render(timeline, at: 1 + Double(t), size: size, on: backend)
            let red = Self.centre(pixels, channel: 0, row: 2) ?? -1, blue = Self.centre(pixels, channel: 2, row: 7) ?? -1
            #expect(abs(red - (15 + 10 * t)) < 0.01, "t=\(t): red at \(red)")
            #expect(abs(blue - (25 - 10 * t)) < 0.01, "t=\(t): blue at \(blue)")
        }
        let before = try Self.render(timeline, at: 0.999, size: size, on: backend)
        #expect(Self.difference(before, try Self.render(timeline, at: 1, size: size, on: backend)) == 0)
    }

    // MARK: A Spacer that moves

    /// The second article's screen, in one column: a named `Spacer` below the 10×10 button moves above it.
    static func screen(spacerOnTop: Bool) -> some View {
        VStack(spacing: 0) {
            if spacerOnTop { Spacer().id("top") }
            Rectangle().fill(blue).frame(width: 10, height: 10)
            if !spacerOnTop { Spacer().id("bottom") }
        }
    }

    /// A `Spacer` with an id takes its room, and when it moves from below the button to above it the button slides
    /// (centre 5 → 35 on a 40-point column) instead of jumping.
    @Test(arguments: Backend.allCases)
    func aMovingSpacerSlidesTheButton(backend: Backend) throws {
        let size = Size(width: 10, height: 40)
        let timeline = try Timeline(initial: Self.screen(spacerOnTop: false),
                                    changes: [.init(at: 0, to: Self.screen(spacerOnTop: true), animation: .linear(duration: 1))])
        for step in 0...4 {
            let t = Float(step) / 4
            let pixels = try Self.render(timeline, at: Double(t), size: size, on: backend)
            let y = Self.centre(pixels, channel: 2, column: 5) ?? -1
            #expect(abs(y - (5 + 30 * t)) < 0.01, "t=\(t): button at \(y)")
        }
    }

    // MARK: geometryGroup

    /// The first article's download badge: a 16×8 red capsule whose label (green 4×4 "Download", then blue 2×2 "Done")
    /// changes while the capsule moves from the leading to the trailing edge of a 64-point row.
    static func badge(done: Bool, grouped: Bool) -> some View {
        let capsule = ZStack {
            Rectangle().fill(red).frame(width: 16, height: 8)
            if done { Rectangle().fill(blue).frame(width: 2, height: 2).id("done").transition(.identity) }
            else { Rectangle().fill(green).frame(width: 4, height: 4).id("download").transition(.identity) }
        }
        return (grouped ? capsule.geometryGroup() : ModifiedView(capsule.node))
            .frame(width: 64, height: 16, alignment: done ? .trailing : .leading)
    }

    /// Midway the capsule is centred (32). Without a group, the old label stays where it was (8) and the new one
    /// stands where it will be (56); in a `geometryGroup()` both ride in the capsule's middle.
    @Test(arguments: Backend.allCases)
    func labelsFollowTheirCapsuleOnlyInAGroup(backend: Backend) throws {
        let size = Size(width: 64, height: 16)
        for grouped in [false, true] {
            let timeline = try Timeline(initial: Self.badge(done: false, grouped: grouped),
                                        changes: [.init(at: 1, to: Self.badge(done: true, grouped: grouped), animation: .linear(duration: 1))])
            let midway = try Self.render(timeline, at: 1.5, size: size, on: backend)
            let capsule = Self.centre(midway, channel: 0, row: 5) ?? -1
            let old = Self.centre(midway, channel: 1, row: 6) ?? -1, new = Self.centre(midway, channel: 2, row: 8) ?? -1
            #expect(abs(capsule - 32) < 0.01, "grouped: \(grouped), capsule at \(capsule)")
            #expect(abs(old - (grouped ? 32 : 8)) < 0.01, "grouped: \(grouped), old label at \(old)")
            #expect(abs(new - (grouped ? 32 : 56)) < 0.01, "grouped: \(grouped), new label at \(new)")
            let before = try Self.render(timeline, at: 0.999, size: size, on: backend)
            #expect(Self.difference(before, try Self.render(timeline, at: 1, size: size, on: backend)) == 0, "grouped: \(grouped)")
        }
    }

    /// `offset` moves only the drawing: it animates as an attribute, and a view inserted under it moves with it.
    @Test(arguments: Backend.allCases)
    func anOffsetMovesTheDrawingNotTheLayout(backend: Backend) throws {
        let size = Size(width: 64, height: 16)
        func bar(_ x: Float, badge: Bool) -> some View {
            ZStack {
                Rectangle().fill(Self.red).frame(width: 16, height: 8)
                if badge { Rectangle().fill(Self.blue).frame(width: 4, height: 4).transition(.identity) }
            }.offset(x: x)
        }
        let timeline = try Timeline(initial: bar(-20, badge: false), changes: [.init(at: 0, to: bar(20, badge: true), animation: .linear(duration: 1))])
        let midway = try Self.render(timeline, at: 0.5, size: size, on: backend)
        let bar = Self.centre(midway, channel: 0, row: 5) ?? -1, badge = Self.centre(midway, channel: 2, row: 8) ?? -1
        #expect(abs(bar - 32) < 0.01 && abs(badge - 32) < 0.01, "bar at \(bar), badge at \(badge)")
    }

    // MARK: Interruption

    /// An 8×8 square at `alignment` in a 64-point row.
    static func square(at alignment: UnitPoint) -> some View {
        Rectangle().fill(blue).frame(width: 8, height: 8).frame(width: 64, height: 8, alignment: alignment)
    }

    /// A frame whose alignment changes is one view whatever the alignment (`frame(width:height:alignment: .center)`
    /// is a fixed frame, the others flexible ones): centre → trailing slides the square, whole (its most opaque pixel
    /// fully opaque), not a cross-fade of two squares whose centres average to the same place.
    @Test(arguments: Backend.allCases)
    func aFrameAlignmentChangeSlidesOneView(backend: Backend) throws {
        let size = Size(width: 64, height: 8)
        let timeline = try Timeline(initial: Self.square(at: .center), changes: [.init(at: 0, to: Self.square(at: .trailing), animation: .linear(duration: 1))])
        for (time, x) in [(0.25, 39), (0.5, 46)] as [(Double, Float)] {
            let pixels = try Self.render(timeline, at: time, size: size, on: backend)
            let centre = Self.centre(pixels, channel: 2, row: 4) ?? -1, peak = (0..<64).map { pixels[$0, 4].w }.max() ?? 0
            #expect(abs(centre - x) < 0.01 && peak == 1, "t=\(time): the square at \(centre), most opaque \(peak)")
        }
    }

    /// A spring retargeted mid-flight (leading → trailing, then back to the centre at 0.15 s) goes on from where it
    /// is at the speed it had: position and velocity are continuous at the interruption (second-order one-sided
    /// differences, h = 5 ms), while the frames before it are those of the first spring alone.
    @Test(arguments: Backend.allCases)
    func anInterruptedSpringKeepsPositionAndVelocity(backend: Backend) throws {
        let size = Size(width: 64, height: 8), spring = Animation.spring(response: 0.5, dampingFraction: 0.8)
        let interrupted = try Timeline(initial: Self.square(at: .leading),
                                       changes: [.init(at: 0, to: Self.square(at: .trailing), animation: spring),
                                                 .init(at: 0.15, to: Self.square(at: .center), animation: spring)])
        let alone = try Timeline(initial: Self.square(at: .leading), changes: [.init(at: 0, to: Self.square(at: .trailing), animation: spring)])
        func x(_ timeline: Timeline, _ t: Double) throws -> Float {
            let pixels = try Self.render(timeline, at: t, size: size, on: backend)
            return Self.centre(pixels, channel: 2, row: 4) ?? -1
        }
        let t0 = 0.15, h = 0.005
        let before = try [-2.0, -1, 0].map { try x(interrupted, t0 + $0 * h) }
        let after = try [0.0, 1, 2].map { try x(interrupted, t0 + $0 * h) }
        #expect(abs(before[2] - (try x(alone, t0))) < 0.01)
        let vBefore = (3 * before[2] - 4 * before[1] + before[0]) / Float(2 * h)
        let vAfter = (-3 * after[0] + 4 * after[1] - after[2]) / Float(2 * h)
        #expect(vBefore > 50, "the first spring moves right at \(vBefore) points/s")
        #expect(abs(vAfter - vBefore) < 0.05 * vBefore, "velocity \(vBefore) before, \(vAfter) after")
        // Later it settles on the new target: the centre.
        #expect(abs(try x(interrupted, 3) - 32) < 0.01)
    }
}
