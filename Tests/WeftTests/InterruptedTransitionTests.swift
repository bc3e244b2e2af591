import Testing
@testable import Weft
import WeftImage
import WeftTestSupport
@testable import WeftViews

/// A change that interrupts a view's transition carries it on from where it is (docs/animation.md, "Interrupted
/// changes"): the square's centre and opacity measured per rendered frame against the rule's values.
struct InterruptedTransitionTests {
    typealias Measure = ResolvedGeometryTests

    /// An 8×8 blue square (named, entering and leaving by `transition`) at `alignment` in a 64×8 row, or no square.
    static func row(_ alignment: UnitPoint?, transition: Transition = .opacity) -> some View {
        ZStack {
            Color.clear.frame(width: 64, height: 8)
            if let alignment {
                Rectangle().fill(Measure.blue).frame(width: 8, height: 8).frame(width: 64, height: 8, alignment: alignment)
                    .id("square").transition(transition)
            }
        }
    }

    static let size = Size(width: 64, height: 8)

    /// Along the square's middle row: its centre, how much of it is drawn (coverage times opacity, in squares: 1 for
    /// the whole square at full opacity) and the most opaque pixel (its opacity, where a pixel is wholly covered).
    static func square(_ timeline: Timeline, at time: Double, on backend: Backend) throws -> (x: Float, amount: Float, peak: Float) {
        let pixels = try Measure.render(timeline, at: time, size: size, on: backend)
        let alphas = (0..<pixels.width).map { pixels[$0, 4].w }
        return (Measure.centre(pixels, channel: 2, row: 4) ?? -1, alphas.reduce(0, +) / 8, alphas.max() ?? 0)
    }

    /// Inserted at 0 under `linear(duration: 1)` (fading in), then moved from the leading to the trailing edge at 0.4 s
    /// under `easeInOut(duration: 1)`: one square, no cross-fade; its opacity goes on from the insertion's,
    /// `lerp(pA(t), 1, pB(t))`, while its frame slides `4 + 56·pB(t)`; the frame at 0.4 s is the insertion's alone
    /// then, to the pixel; at the end it is whole at the trailing edge.
    @Test(arguments: Backend.allCases)
    func anEnteringViewInterruptedGoesOnEntering(backend: Backend) throws {
        let insert = Timeline.Change(at: 0, to: Self.row(.leading), animation: .linear(duration: 1))
        let interrupted = try Timeline(initial: Self.row(nil),
                                       changes: [insert, .init(at: 0.4, to: Self.row(.trailing), animation: .easeInOut(duration: 1))])
        let alone = try Timeline(initial: Self.row(nil), changes: [insert])
        let atStart = try Measure.render(interrupted, at: 0.4, size: Self.size, on: backend)
        #expect(Measure.difference(atStart, try Measure.render(alone, at: 0.4, size: Self.size, on: backend)) == 0)
        let justBefore = try Self.square(interrupted, at: 0.399, on: backend), start = try Self.square(interrupted, at: 0.4, on: backend)
        #expect(abs(justBefore.x - 4) < 0.01 && abs(start.x - 4) < 0.01 && abs(start.amount - justBefore.amount) < 0.002)
        for time in [0.5, 0.7, 0.9, 1.1, 1.3, 1.4, 2] {
            let pA = Float(min(time, 1)), pB = Float(Animation.easeInOut(duration: 1).progress(at: time - 0.4))
            let seen = try Self.square(interrupted, at: time, on: backend)
            #expect(abs(seen.x - (4 + 56 * pB)) < 0.01, "t=\(time): the square at \(seen.x)")
            let opacity = pA + (1 - pA) * pB
            #expect(abs(seen.amount - opacity) < 0.01 && abs(seen.peak - opacity) < 0.01, "t=\(time): \(seen.amount) drawn, peak \(seen.peak)")
        }
    }

    /// A chain: inserted at 0, moved to the centre at 0.3 s and to the trailing edge at 0.6 s, each under
    /// `linear(duration: 1)`: each change carries on what the one before shows, `lerp(lerp(pA, 1, pB), 1, pC)` of
    /// the way in, at `lerp(lerp(4, 32, pB), 60, pC)` (the running changes keep running until they end).
    @Test(arguments: Backend.allCases)
    func aChainOfInterruptionsCarriesTheTransitionOn(backend: Backend) throws {
        let timeline = try Timeline(initial: Self.row(nil),
                                    changes: [.init(at: 0, to: Self.row(.leading), animation: .linear(duration: 1)),
                                              .init(at: 0.3, to: Self.row(.center), animation: .linear(duration: 1)),
                                              .init(at: 0.6, to: Self.row(.trailing), animation: .linear(duration: 1))])
        func lerp(_ a: Float, _ b: Float, _ p: Float) -> Float { a + (b - a) * p }
        for time in [0.6, 0.8, 1.1, 1.4, 1.6] {
            let pA = Float(min(time, 1)), pB = Float(min(time - 0.3, 1)), pC = Float(min(time - 0.6, 1))
            let seen = try Self.square(timeline, at: time, on: backend)
            let opacity = lerp(lerp(pA, 1, pB), 1, pC)
            #expect(abs(seen.peak - opacity) < 0.01, "t=\(time): opacity \(seen.peak), not \(opacity)")
            #expect(abs(seen.x - lerp(lerp(4, 32, pB), 60, pC)) < 0.01, "t=\(time): the square at \(seen.x)")
        }
    }

    /// Inserted at 0 under `linear(duration: 1)` and removed at 0.4 s under `linear(duration: 1)`: it leaves from its
    /// opacity then (0.4), `lerp(pA(t), 0, pB(t))`, not from fully shown; it stays where it is and is gone at 1.4 s.
    @Test(arguments: Backend.allCases)
    func anEnteringViewRemovedLeavesFromWhereItIs(backend: Backend) throws {
        let insert = Timeline.Change(at: 0, to: Self.row(.center), animation: .linear(duration: 1))
        let interrupted = try Timeline(initial: Self.row(nil),
                                       changes: [insert, .init(at: 0.4, to: Self.row(nil), animation: .linear(duration: 1))])
        let alone = try Timeline(initial: Self.row(nil), changes: [insert])
        let atStart = try Measure.render(interrupted, at: 0.4, size: Self.size, on: backend)
        #expect(Measure.difference(atStart, try Measure.render(alone, at: 0.4, size: Self.size, on: backend)) == 0)
        for time in [0.4, 0.6, 0.9, 1.1, 1.3] {
            let pA = Float(min(time, 1)), pB = Float(time - 0.4)
            let seen = try Self.square(interrupted, at: time, on: backend)
            #expect(abs(seen.amount - pA * (1 - pB)) < 0.01 && abs(seen.peak - pA * (1 - pB)) < 0.01, "t=\(time): \(seen.amount) drawn, peak \(seen.peak)")
            #expect(abs(seen.x - 32) < 0.01, "t=\(time): the square at \(seen.x)")
        }
        #expect(try Self.square(interrupted, at: 1.4, on: backend).amount == 0)
    }

    /// The same for the other transitions: a square growing in (`scale`, about the row's centre) and moved at 0.4 s
    /// keeps growing from its scale then, `lerp(pA(t), 1, pB(t))` (its middle row covers 8·scale); one sliding in from below (`move(.bottom)`)
    /// and removed at 0.4 s slides back from where it is, `1 − lerp(pA(t), 0, pB(t))` of its height down, no further.
    @Test(arguments: Backend.allCases)
    func scaleAndMoveGoOnFromWhereTheyAre(backend: Backend) throws {
        let grow = try Timeline(initial: Self.row(nil, transition: .scale),
                                changes: [.init(at: 0, to: Self.row(.leading, transition: .scale), animation: .linear(duration: 1)),
                                          .init(at: 0.4, to: Self.row(.center, transition: .scale), animation: .linear(duration: 1))])
        for time in [0.4, 0.7, 1.2] {
            let pA = Float(min(time, 1)), pB = Float(time - 0.4)
            let seen = try Self.square(grow, at: time, on: backend)
            #expect(abs(seen.amount - (pA + (1 - pA) * pB)) < 0.01, "t=\(time): scale \(seen.amount)")
            // The transition scales the inserted view (the 64-point row) about its centre; a scaled drawing is
            // resampled, so its centre is good to a few hundredths of a point (as the insertion's alone is).
            let scale = pA + (1 - pA) * pB
            #expect(abs(seen.x - (32 + (4 + 28 * pB - 32) * scale)) < 0.05, "t=\(time): the square at \(seen.x), scale \(seen.amount)")
        }
        let slide = try Timeline(initial: Self.row(nil, transition: .move(.bottom)),
                                 changes: [.init(at: 0, to: Self.row(.center, transition: .move(.bottom)), animation: .linear(duration: 1)),
                                           .init(at: 0.4, to: Self.row(nil, transition: .move(.bottom)), animation: .linear(duration: 1))])
        for time in [0.4, 0.7, 1.2] {
            let pA = Float(min(time, 1)), pB = Float(time - 0.4)
            let pixels = try Measure.render(slide, at: time, size: Self.size, on: backend)
            // The square covers rows down from 8·(1 − presence) in the 8-point row: the column's coverage is presence.
            let covered = (0..<8).reduce(Float(0)) { $0 + pixels[32, $1].w } / 8
            #expect(abs(covered - pA * (1 - pB)) < 0.01, "t=\(time): \(covered) of the square in the row")
        }
    }
}
