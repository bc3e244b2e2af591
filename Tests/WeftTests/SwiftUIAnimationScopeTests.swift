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
    /// `.animation(.linear(duration: 1), value: moved)`; a tap toggles it under `withAnimation(.linear(duration: 2))`.
    struct Pair: View {
        @State var moved = false
        var body: some View {
            VStack(spacing: 0) {
                ResolvedGeometryTests.red.frame(width: 10, height: 10)
                    .frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
                    .animation(.linear(duration: 1), value: moved)
                ResolvedGeometryTests.blue.frame(width: 10, height: 10)
                    .frame(maxWidth: .infinity, alignment: moved ? .trailing : .leading)
            }
            .onTapGesture { withAnimation(.linear(duration: 2)) { moved.toggle() } }
        }
    }

    /// Set at 0 without `withAnimation`: at every quarter of the second the red square is that far along (centre 5 to
    /// 105), the blue one already at its end.
    @Test(arguments: Backend.allCases)
    func onlyTheViewUnderTheModifierAnimates(backend: Backend) throws {
        let timeline = try Timeline(Pair(), size: Self.size, script: [.set(\.$moved, true, at: 0)])
        let context = try backend.makeContext()
        for step in 0...4 {
            let t = Double(step) / 4
            let pixels = try context.render(timeline.view(at: t, size: Self.size), size: Self.size).pixels
            let red = ResolvedGeometryTests.centre(pixels, channel: 0, row: 5) ?? -1
            let blue = ResolvedGeometryTests.centre(pixels, channel: 2, row: 15) ?? -1
            #expect(abs(red - Float(5 + 100 * t)) < 0.01, "t=\(t): red at \(red)")
            #expect(abs(blue - 105) < 0.01, "t=\(t): blue at \(blue), not at its end")
        }
    }

    /// A transaction's animation still animates the whole change, both squares together.
    @Test(arguments: Backend.allCases)
    func aTransactionsAnimationAnimatesEveryView(backend: Backend) throws {
        let timeline = try Timeline(Pair(), size: Self.size, script: [.tap(at: CGPoint(x: 5, y: 5), at: 0)])
        let pixels = try backend.makeContext().render(timeline.view(at: 1, size: Self.size), size: Self.size).pixels
        let red = ResolvedGeometryTests.centre(pixels, channel: 0, row: 5) ?? -1
        let blue = ResolvedGeometryTests.centre(pixels, channel: 2, row: 15) ?? -1
        #expect(abs(red - 55) < 0.01 && abs(blue - 55) < 0.01, "red at \(red), blue at \(blue): both half way")
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
}
