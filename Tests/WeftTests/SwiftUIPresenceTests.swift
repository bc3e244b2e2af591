import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// SwiftUI's rule for views that a state change inserts or removes: they enter and leave by their transition
/// (`.opacity` by default) under the animation of the transaction where they are inserted or removed — the step's
/// (`withAnimation`), or that of a changed `animation(_:value:)` around them — and at once when it has none; an
/// `animation(_:value:)` written on the view itself is inserted or removed with it, so it animates neither. Measured
/// as the alpha of a blue square that comes and goes below a red one that stays.
struct SwiftUIPresenceTests {
    static let size = Size(width: 20, height: 20)

    /// A red square at the top that stays (tapping it toggles `shown` under `withAnimation(.linear(duration: 2))`) and
    /// below it a blue one while `shown`; `around` animates the stack when `shown` changes, `onSquare` the blue square.
    struct Presence: View {
        var around: Animation?
        var onSquare: Animation?
        @State var shown: Bool
        var body: some View {
            VStack(spacing: 0) {
                ResolvedGeometryTests.red.frame(width: 10, height: 10)
                    .onTapGesture { withAnimation(.linear(duration: 2)) { shown.toggle() } }
                if shown {
                    ResolvedGeometryTests.blue.frame(width: 10, height: 10).animation(onSquare, value: onSquare == nil ? false : shown)
                }
            }
            .frame(width: 20, height: 20, alignment: .top)
            .animation(around, value: around == nil ? false : shown)
        }
    }

    /// The blue square's alpha at its centre `t` seconds in, and the red one's.
    static func alphas(_ timeline: Timeline, at t: Double, on backend: Backend) throws -> (blue: Float, red: Float) {
        let pixels = try backend.makeContext().render(timeline.view(at: t, size: size), size: size).pixels
        return (pixels[10, 15][3], pixels[10, 5][3])
    }

    /// Checks that the blue square's alpha is `expected(t)` at each time, the red one whole.
    static func expectBlue(_ timeline: Timeline, on backend: Backend, _ expected: [(t: Double, alpha: Float)],
                           _ comment: String) throws {
        for (t, alpha) in expected {
            let (blue, red) = try alphas(timeline, at: t, on: backend)
            #expect(abs(blue - alpha) < 0.01, "\(comment), t=\(t): blue alpha \(blue), not \(alpha)")
            #expect(red == 1, "\(comment), t=\(t): red alpha \(red)")
        }
    }

    /// Under `withAnimation(.linear(duration: 2))` the square fades out over the 2 seconds, and in.
    @Test(arguments: Backend.allCases)
    func aViewRemovedOrInsertedUnderATransactionFades(backend: Backend) throws {
        let tap = Interaction<Presence>.tap(at: CGPoint(x: 10, y: 5), at: 0)
        let removed = try Timeline(Presence(shown: true), size: Self.size, script: [tap])
        try Self.expectBlue(removed, on: backend, [(0, 1), (0.5, 0.75), (1, 0.5), (2, 0)], "removed")
        let inserted = try Timeline(Presence(shown: false), size: Self.size, script: [tap])
        try Self.expectBlue(inserted, on: backend, [(0, 0), (0.5, 0.25), (1, 0.5), (2, 1)], "inserted")
    }

    /// Set without a transaction, inside a changed `.animation(.linear(duration: 1), value:)`: it fades out over the
    /// modifier's second, and in; under `withAnimation(.linear(duration: 2))` too (the modifier's animation inside it).
    @Test(arguments: Backend.allCases)
    func aViewRemovedOrInsertedInsideAChangedModifierFadesUnderItsAnimation(backend: Backend) throws {
        let second = Animation.linear(duration: 1)
        let removed = try Timeline(Presence(around: second, shown: true), size: Self.size, script: [.set(\.$shown, false, at: 0)])
        try Self.expectBlue(removed, on: backend, [(0, 1), (0.5, 0.5), (1, 0)], "removed")
        let inserted = try Timeline(Presence(around: second, shown: false), size: Self.size, script: [.set(\.$shown, true, at: 0)])
        try Self.expectBlue(inserted, on: backend, [(0, 0), (0.5, 0.5), (1, 1)], "inserted")
        let tapped = try Timeline(Presence(around: second, shown: true), size: Self.size, script: [.tap(at: CGPoint(x: 10, y: 5), at: 0)])
        try Self.expectBlue(tapped, on: backend, [(0.5, 0.5), (1, 0)], "removed under withAnimation")
    }

    /// Without a transaction, an `animation(_:value:)` on the square itself goes and comes with it: the square leaves
    /// and enters at once, as in SwiftUI, where no modifier around the `if` names an animation.
    @Test(arguments: Backend.allCases)
    func aModifierOnTheViewItselfAnimatesNeitherItsRemovalNorItsInsertion(backend: Backend) throws {
        let second = Animation.linear(duration: 1)
        let removed = try Timeline(Presence(onSquare: second, shown: true), size: Self.size, script: [.set(\.$shown, false, at: 0)])
        try Self.expectBlue(removed, on: backend, [(0, 0), (0.5, 0)], "removed")
        let inserted = try Timeline(Presence(onSquare: second, shown: false), size: Self.size, script: [.set(\.$shown, true, at: 0)])
        try Self.expectBlue(inserted, on: backend, [(0, 1), (0.5, 1)], "inserted")
    }
}
