import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// SwiftUI's rule for `animation(_:value:)`: when its value changes, the changes of the view it is written on (and
/// the views inside) animate under its animation; the rest of the same state change happens at once. Measured as
/// where two squares moved by one change stand part of the way through it.
struct SwiftUIAnimationScopeTests {
    static let size = Size(width: 110, height: 20)

    /// A square of `color` 10 points wide at the leading edge of a 110-point row, or at its trailing edge when `moved`.
    static func square(_ color: Color, moved: Bool) -> some View {
        color.frame(width: 10, height: 10).frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
    }

    /// The centres of the red square (top row) and the blue one (bottom row) `t` seconds in.
    static func centres(_ timeline: Timeline, at t: Double, on backend: Backend) throws -> (red: Float, blue: Float) {
        let pixels = try backend.makeContext().render(timeline.view(at: t, size: size), size: size).pixels
        return (ResolvedGeometryTests.centre(pixels, channel: 0, row: 5) ?? -1, ResolvedGeometryTests.centre(pixels, channel: 2, row: 15) ?? -1)
    }

    /// A red and a blue square, each moved 100 points right by one change of `moved`; only the red one is under
    /// `.animation(redAnimation, value: moved)`; a tap toggles it under `withAnimation(.linear(duration: 2))`.
    struct Pair: View {
        var redAnimation: Animation? = .linear(duration: 1)
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.red, moved: moved).animation(redAnimation, value: moved)
                SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.blue, moved: moved)
            }
            .onTapGesture { withAnimation(.linear(duration: 2)) { moved.toggle() } }
        }
    }

    /// Set at 0 without `withAnimation`: at every quarter of the second the red square is that far along (centre 5 to
    /// 105), the blue one already at its end.
    @Test(arguments: Backend.allCases)
    func onlyTheViewUnderTheModifierAnimates(backend: Backend) throws {
        let timeline = try Timeline(Pair(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        for step in 0...4 {
            let t = Double(step) / 4
            let (red, blue) = try Self.centres(timeline, at: t, on: backend)
            #expect(abs(red - Float(5 + 100 * t)) < 0.01, "t=\(t): red at \(red)")
            #expect(abs(blue - 105) < 0.01, "t=\(t): blue at \(blue), not at its end")
        }
    }

    /// Under `withAnimation(.linear(duration: 2))` the red square, inside the changed 1-second modifier, moves under
    /// the modifier's animation and the blue one under the transaction's: at 0.5 s a half and a quarter of the way, at
    /// 1 s at its end and half way.
    @Test(arguments: Backend.allCases)
    func aChangedModifiersAnimationWinsOverTheTransactionsInside(backend: Backend) throws {
        let timeline = try Timeline(Pair(), size: Self.size, script: [.tap(at: CGPoint(x: 5, y: 5), at: 0)])
        for t in [0.5, 1, 2] {
            let (red, blue) = try Self.centres(timeline, at: t, on: backend)
            let (expectedRed, expectedBlue) = (Float(5 + 100 * min(t, 1)), Float(5 + 100 * t / 2))
            #expect(abs(red - expectedRed) < 0.01, "t=\(t): red at \(red), not \(expectedRed)")
            #expect(abs(blue - expectedBlue) < 0.01, "t=\(t): blue at \(blue), not \(expectedBlue)")
        }
    }

    /// `.animation(nil, value:)` whose value changed turns the transaction's animation off inside it (SwiftUI sets the
    /// transaction's animation to nil there): the red square is at its end from the tap on, the blue one moves under
    /// the transaction's 2 seconds.
    @Test(arguments: Backend.allCases)
    func aChangedNilModifierShowsItsViewsAtOnceUnderATransaction(backend: Backend) throws {
        let timeline = try Timeline(Pair(redAnimation: nil), size: Self.size, script: [.tap(at: CGPoint(x: 5, y: 5), at: 0)])
        for t in [0.0, 0.5, 1] {
            let (red, blue) = try Self.centres(timeline, at: t, on: backend)
            #expect(abs(red - 105) < 0.01, "t=\(t): red at \(red), not at its end")
            #expect(abs(blue - Float(5 + 100 * t / 2)) < 0.01, "t=\(t): blue at \(blue)")
        }
    }

    /// Two squares moved by one change of `moved`: the red one under a 1-second `animation(_:value:)`, the blue one
    /// under a 2-second one.
    struct TwoScopes: View {
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.red, moved: moved).animation(.linear(duration: 1), value: moved)
                SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.blue, moved: moved).animation(.linear(duration: 2), value: moved)
            }
        }
    }

    /// Each changed modifier animates its views under its own animation: at 0.5 s the red square is half way and the
    /// blue one a quarter, at 1 s the red one at its end and the blue one half way, a frame after 2 s both at their ends.
    @Test(arguments: Backend.allCases)
    func eachModifierAnimatesUnderItsOwnAnimation(backend: Backend) throws {
        let timeline = try Timeline(TwoScopes(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        for t in [0.25, 0.5, 1, 1.5, 2 + 1.0 / 60] {
            let (red, blue) = try Self.centres(timeline, at: t, on: backend)
            let (expectedRed, expectedBlue) = (Float(5 + 100 * min(t, 1)), Float(5 + 100 * min(t / 2, 1)))
            #expect(abs(red - expectedRed) < 0.01, "t=\(t): red at \(red), not \(expectedRed)")
            #expect(abs(blue - expectedBlue) < 0.01, "t=\(t): blue at \(blue), not \(expectedBlue)")
        }
        #expect(timeline.duration == 2)
    }

    /// Moved back at 1 s, while the blue square's 2-second animation still runs: each square goes back under its own
    /// modifier's animation from where it is shown (`shown(t) = lerp(previous(t), 5, (t − 1)/d)`, previous(t) the
    /// first change's), so the red one from its end and the blue one from half way, still moving out at first.
    @Test(arguments: Backend.allCases)
    func aChangeInterruptingScopedOnesStartsFromWhatEachShows(backend: Backend) throws {
        let timeline = try Timeline(TwoScopes(), size: Self.size, script: [.set(\.$moved, true, at: 0), .set(\.$moved, false, at: 1)])
        func previousBlue(_ t: Double) -> Double { 5 + 100 * min(t / 2, 1) }
        for t in [1, 1.5, 2, 2.5, 3 + 1.0 / 60] {
            let (red, blue) = try Self.centres(timeline, at: t, on: backend)
            let expectedRed = Float(105 + (5 - 105) * min(t - 1, 1))
            let expectedBlue = Float(previousBlue(t) + (5 - previousBlue(t)) * min((t - 1) / 2, 1))
            #expect(abs(red - expectedRed) < 0.01, "t=\(t): red at \(red), not \(expectedRed)")
            #expect(abs(blue - expectedBlue) < 0.01, "t=\(t): blue at \(blue), not \(expectedBlue)")
        }
    }

    /// A red square moved by `moved` and faded to half under two nested modifiers: its move inside the inner
    /// 2-second one, the fade between the two under the outer 1-second one.
    struct Nested: View {
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.red, moved: moved)
                    .animation(.linear(duration: 2), value: moved)
                    .opacity(moved ? 0.5 : 1)
                    .animation(.linear(duration: 1), value: moved)
                ResolvedGeometryTests.blue.frame(width: 110, height: 10)
            }
        }
    }

    /// The inner changed modifier wins for the views inside it, the outer one for the modifiers between them (SwiftUI's
    /// nesting): at 0.5 s the square is a quarter of the way and 0.75 opaque, at 1 s half way and 0.5 opaque.
    @Test(arguments: Backend.allCases)
    func theInnermostChangedModifierWinsInsideIt(backend: Backend) throws {
        let timeline = try Timeline(Nested(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        for (t, centre, alpha) in [(0.5, Float(30), Float(0.75)), (1, 55, 0.5), (2, 105, 0.5)] {
            let pixels = try backend.makeContext().render(timeline.view(at: t, size: Self.size), size: Self.size).pixels
            let red = ResolvedGeometryTests.centre(pixels, channel: 0, row: 5) ?? -1
            #expect(abs(red - centre) < 0.01, "t=\(t): red at \(red), not \(centre)")
            #expect(abs(pixels[Int(centre), 5][3] - alpha) < 0.01, "t=\(t): alpha \(pixels[Int(centre), 5][3]), not \(alpha)")
        }
    }

    /// A red square under a 1-second modifier, placed and faded by modifiers written outside it.
    struct LaidOutOutside: View {
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                ResolvedGeometryTests.red.frame(width: 10, height: 10)
                    .animation(.linear(duration: 1), value: moved)
                    .frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
                    .opacity(moved ? 0.5 : 1)
                ResolvedGeometryTests.blue.frame(width: 110, height: 10)
            }
        }
    }

    /// Layout written outside the modifier moves the views inside it under its animation, since where a view is drawn
    /// is the view's own geometry, while a drawing effect outside it changes at once (SwiftUI's non-rendering and
    /// rendering modifiers): at 0.5 s the square is half way and already half opaque.
    @Test(arguments: Backend.allCases)
    func layoutOutsideTheModifierMovesTheViewsInsideUnderIt(backend: Backend) throws {
        let timeline = try Timeline(LaidOutOutside(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        for t in [0.25, 0.5, 1] {
            let pixels = try backend.makeContext().render(timeline.view(at: t, size: Self.size), size: Self.size).pixels
            let centre = Float(5 + 100 * t), red = ResolvedGeometryTests.centre(pixels, channel: 0, row: 5) ?? -1
            #expect(abs(red - centre) < 0.01, "t=\(t): red at \(red), not \(centre)")
            #expect(abs(pixels[Int(centre), 5][3] - 0.5) < 0.01, "t=\(t): alpha \(pixels[Int(centre), 5][3]), not 0.5")
        }
    }

    /// A blue bar with a red square in its overlay, under a 1-second modifier written inside the overlay's content.
    struct Decorated: View {
        @State var moved = false
        var body: some View {
            ResolvedGeometryTests.blue.frame(width: 110, height: 20)
                .overlay(SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.red, moved: moved).animation(.linear(duration: 1), value: moved))
        }
    }

    /// A changed modifier inside an overlay's content animates it too: the square is a quarter, half and all the way
    /// at 0.25, 0.5 and 1 s.
    @Test(arguments: Backend.allCases)
    func aModifierInsideAnOverlayAnimatesItsContent(backend: Backend) throws {
        let timeline = try Timeline(Decorated(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        for t in [0.25, 0.5, 1] {
            let pixels = try backend.makeContext().render(timeline.view(at: t, size: Self.size), size: Self.size).pixels
            let red = ResolvedGeometryTests.centre(pixels, channel: 0, row: 10) ?? -1
            #expect(abs(red - Float(5 + 100 * t)) < 0.01, "t=\(t): red at \(red), not \(5 + 100 * t)")
        }
    }

    /// As many rows as a phone screen's list, each a square under a modifier of its own duration, (i + 1)/20 s.
    struct Rows: View {
        static let count = 60
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                ForEach(0..<Self.count, id: \.self) { i in
                    SwiftUIAnimationScopeTests.square(ResolvedGeometryTests.red, moved: moved)
                        .animation(.linear(duration: Double(i + 1) / 20), value: moved)
                }
            }
        }
    }

    /// Sixty changed modifiers in one change, each its own: at 0.5, 1 and 2 s row i is min(t / d_i, 1) of the way.
    @Test(arguments: Backend.allCases)
    func sixtyModifiersEachAnimateUnderTheirOwnDuration(backend: Backend) throws {
        let size = Size(width: 110, height: Float(Rows.count * 10))
        let timeline = try Timeline(Rows(), size: size, script: [.set(\.$moved, true, at: 0)])
        #expect(timeline.changes.first?.scopeAnimations.count == Rows.count)
        for t in [0.5, 1, 2] {
            let pixels = try backend.makeContext().render(timeline.view(at: t, size: size), size: size).pixels
            for i in 0..<Rows.count {
                let expected = Float(5 + 100 * min(t / (Double(i + 1) / 20), 1))
                let centre = ResolvedGeometryTests.centre(pixels, channel: 0, row: 10 * i + 5) ?? -1
                #expect(abs(centre - expected) < 0.01, "t=\(t), row \(i): at \(centre), not \(expected)")
            }
        }
        #expect(timeline.duration == 3)
    }

    /// An animation that cannot play, written in the view's code, is the script's named error, not a crash.
    @Test func anAnimationThatCannotPlayIsANamedError() throws {
        #expect(throws: InteractionError.animation(message: "the damping fraction must be positive, got 0.0", time: 0.5)) {
            try Timeline(Pair(redAnimation: .spring(response: 0.5, dampingFraction: 0)), size: Self.size,
                         script: [.set(\.$moved, true, at: 0.5)])
        }
        let instant = try InteractiveTimeline(Pair(redAnimation: .linear(duration: 0)), size: Self.size)
        #expect(throws: InteractionError.animation(message: "the duration must be a positive number of seconds, got 0.0", time: 1)) {
            try instant.run(.set(\.$moved, true, at: 1))
        }
        #expect(instant.timeline.changes.isEmpty)
    }
}
