import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// `@State`, taps, `withAnimation`, `animation(_:value:)`, `onGeometryChange` actions and the environment, driven
/// headless by an `Interaction` script into a `Timeline`, and measured in the frames it renders.
struct SwiftUIStateTests {
    /// A 20-point red square that a button sends from the leading to the trailing edge of a 200-point row.
    struct Mover: View {
        @State var atEnd = false
        var animation: Animation? = .linear(duration: 1)
        var body: some View {
            VStack(spacing: 0) {
                Color.red.frame(width: 20, height: 20)
                    .frame(maxWidth: .infinity, alignment: atEnd ? .trailing : .leading)
                Button("Go") {
                    withAnimation(animation) { atEnd.toggle() }
                }
                .frame(height: 20)
            }
        }
    }

    static let size = Size(width: 200, height: 40)

    /// The leftmost column of the red square in the top row, nil when there is none.
    static func squareLeft(_ pixels: PixelBuffer) -> Int? {
        (0..<pixels.width).first { x in
            let p = pixels[x, 10]
            return p.x > 0.9 && p.y < 0.5 && p.w > 0.99
        }
    }

    @Test(arguments: Backend.allCases)
    func aTappedButtonAnimatesItsStateChangeThroughTheTimeline(backend: Backend) throws {
        let timeline = try Timeline(Mover(), size: Self.size, script: [.tap(label: "Go", at: 0.5)])
        #expect(timeline.changes.count == 1 && timeline.changes.first?.time == 0.5)
        #expect(timeline.changes.first?.animation == .linear(duration: 1))
        let context = try backend.makeContext()
        func left(_ t: Double) throws -> Int? { Self.squareLeft(try context.render(timeline.view(at: t, size: Self.size), size: Self.size).pixels) }
        // 180 points of travel, linear over a second from 0.5 s.
        #expect(try left(0.4) == 0)
        #expect(try left(0.5) == 0)
        #expect(try left(1.0) == 90)
        #expect(try left(1.25) == 135)
        #expect(try left(2.0) == 180)
    }

    /// The same engine as a scene's states: the timeline the script makes equals one written from the two trees.
    @Test(arguments: Backend.allCases)
    func theScriptsTimelineIsTheTimelineOfItsStates(backend: Backend) throws {
        let scripted = try Timeline(Mover(), size: Self.size, script: [.tap(label: "Go", at: 0.25)])
        let start = Mover(), end = Mover()
        end.atEnd = true
        let written = try Timeline(initial: start.body, changes: [.init(at: 0.25, to: end.body, animation: .linear(duration: 1))])
        let context = try backend.makeContext()
        for t in [0.0, 0.25, 0.5, 0.75, 1.25, 2.0] {
            let a = try context.render(scripted.view(at: t, size: Self.size), size: Self.size).pixels
            let b = try context.render(written.view(at: t, size: Self.size), size: Self.size).pixels
            #expect(a == b, "at \(t) s")
        }
    }

    @Test func aChangeWithoutATransactionIsShownAtOnceAndOneWithoutChangeIsNone() throws {
        let timeline = try Timeline(Mover(), size: Self.size, script: [.set(\.$atEnd, true, at: 0.3), .set(\.$atEnd, true, at: 0.6)])
        // The second step sets the value it already has: still a write, so still a change (SwiftUI's too).
        #expect(timeline.changes.map(\.time) == [0.3, 0.6])
        #expect(timeline.changes.allSatisfy { $0.animation == nil })
        let unanimated = try Timeline(Mover(animation: nil), size: Self.size, script: [.tap(label: "Go", at: 0.1)])
        #expect(unanimated.changes.count == 1 && unanimated.changes[0].animation == nil)
    }

    /// A square whose colour a tap on it toggles; `animation(_:value:)` animates the change.
    struct Lamp: View {
        @State var lit = false
        var body: some View {
            HStack(spacing: 0) {
                (lit ? Color.yellow : Color.gray).frame(width: 50, height: 50)
                    .onTapGesture { lit.toggle() }
                    .animation(.easeIn(duration: 0.5), value: lit)
                Color.black.frame(width: 50, height: 50)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func aTapAtAPointFindsTheViewThereAndAnimationValueAnimatesIt(backend: Backend) throws {
        let size = Size(width: 100, height: 50)
        let timeline = try Timeline(Lamp(), size: size, script: [.tap(at: CGPoint(x: 20, y: 30), at: 1)])
        #expect(timeline.changes.count == 1 && timeline.changes.first?.scopeAnimations == [.easeIn(duration: 0.5)])
        let context = try backend.makeContext()
        let lit = try context.render(timeline.view(at: 2, size: size), size: size).pixels
        #expect(SwiftUIViewTests.near(lit[25, 25], .yellow), "\(lit[25, 25])")
        let before = try context.render(timeline.view(at: 0.5, size: size), size: size).pixels
        #expect(SwiftUIViewTests.near(before[25, 25], .gray), "\(before[25, 25])")
        #expect(throws: InteractionError.nothingAt(x: 70, y: 30, time: 1)) {
            try Timeline(Lamp(), size: size, script: [.tap(at: CGPoint(x: 70, y: 30), at: 1)])
        }
        #expect(throws: InteractionError.noTarget(label: "Stop", time: 0, labels: ["Go"])) {
            try Timeline(Mover(), size: Self.size, script: [.tap(label: "Stop", at: 0)])
        }
        #expect(throws: InteractionError.time(index: 1, time: 0.5)) {
            try Timeline(Mover(), size: Self.size, script: [.tap(label: "Go", at: 1), .tap(label: "Go", at: 0.5)])
        }
    }

    /// Steps delivered one at a time (a click in the preview window) make the timeline the same steps make as a script,
    /// and what is already shown stays what it was.
    @Test(arguments: Backend.allCases)
    func stepsDeliveredOneAtATimeMakeTheScriptsTimeline(backend: Backend) throws {
        let size = Size(width: 100, height: 50)
        let scripted = try Timeline(Lamp(), size: size, script: [.tap(at: CGPoint(x: 20, y: 30), at: 1), .tap(at: CGPoint(x: 20, y: 30), at: 3)])
        let interactive = try InteractiveTimeline(Lamp(), size: size)
        let context = try backend.makeContext()
        func render(_ timeline: Timeline, _ t: Double) throws -> PixelBuffer { try context.render(timeline.view(at: t, size: size), size: size).pixels }
        let dark = try render(interactive.timeline, 2)
        #expect(try interactive.run(.tap(at: CGPoint(x: 20, y: 30), at: 1)))
        #expect(try render(interactive.timeline, 0.5) == render(scripted, 0.5), "before the tap, as it was")
        #expect(try render(interactive.timeline, 2) != dark, "the tap lit the lamp")
        #expect(throws: InteractionError.nothingAt(x: 70, y: 30, time: 2)) { try interactive.run(.tap(at: CGPoint(x: 70, y: 30), at: 2)) }
        #expect(try interactive.run(.tap(at: CGPoint(x: 20, y: 30), at: 3)))
        #expect(interactive.timeline.changes.map(\.time) == scripted.changes.map(\.time))
        for t in [0.0, 1.0, 1.25, 2.0, 3.0, 3.25, 4.0] {
            #expect(try render(interactive.timeline, t) == render(scripted, t), "at \(t) s")
        }
        // The fourth step delivered (after one that threw): index 3, as in a script of the same four steps.
        #expect(throws: InteractionError.time(index: 3, time: 2.5)) { try interactive.run(.tap(at: CGPoint(x: 20, y: 30), at: 2.5)) }
        #expect(throws: InteractionError.time(index: 3, time: 2.5)) {
            try Timeline(Lamp(), size: size, script: [.tap(at: CGPoint(x: 20, y: 30), at: 1), .tap(at: CGPoint(x: 70, y: 30), at: 2),
                                                      .tap(at: CGPoint(x: 20, y: 30), at: 3), .tap(at: CGPoint(x: 20, y: 30), at: 2.5)])
        }
        #expect(throws: InteractionError.time(index: 4, time: 2.5)) { try interactive.run(.tap(at: CGPoint(x: 20, y: 30), at: 2.5)) }
    }

    /// The seeds' toolbar pattern: the geometry decides a state, the state what is drawn.
    struct Toolbar: View {
        @State var isCompact = false
        var body: some View {
            HStack(spacing: 0) {
                (isCompact ? Color.red : Color.blue).frame(height: 10)
            }
            .onGeometryChange(for: Bool.self) { geometry in
                geometry.size.width < 420
            } action: { isCompact in
                self.isCompact = isCompact
            }
        }
    }

    @Test func onGeometryChangeActionsSetStateBeforeTheFirstFrame() throws {
        for (width, color) in [(Float(300), Color.red), (500, .blue)] {
            let size = Size(width: width, height: 10)
            let timeline = try Timeline(Toolbar(), size: size)
            #expect(Self.fill(of: timeline.initial) == color, "at width \(width)")
        }
    }

    /// The first fill colour in a tree.
    static func fill(of node: ViewNode) -> Color? {
        switch node.kind {
        case .shape(_, let style): if case .color(let c) = style.kind { return c } else { return nil }
        case .stack(let c, _), .stacked(_, let c), .grid(_, let c): return c.lazy.compactMap(fill(of:)).first
        case .modified(let child, _): return fill(of: child)
        default: return nil
        }
    }

    /// A state that the geometry it sets changes back: never settles.
    struct Oscillator: View {
        @State var wide = false
        var body: some View {
            Color.red.frame(width: wide ? 10 : 100, height: 10)
                .onGeometryChange(for: Bool.self) { $0.size.width < 50 } action: { narrow in wide = !narrow }
        }
    }

    @Test func aGeometryStateCycleIsANamedError() {
        #expect(throws: InteractionError.geometryDoesNotSettle(time: 0, rounds: Timeline.maxGeometryRounds)) {
            try Timeline(Oscillator(), size: Size(width: 200, height: 20))
        }
    }

    struct Motion: View {
        @Environment(\.accessibilityReduceMotion) var reduceMotion
        var body: some View { (reduceMotion ? Color.green : Color.orange).frame(width: 4, height: 4) }
    }

    @Test func theHostsEnvironmentReachesTheBody() throws {
        let calm = try Timeline(Motion(), size: Size(width: 4, height: 4), environment: EnvironmentValues(accessibilityReduceMotion: true))
        let lively = try Timeline(Motion(), size: Size(width: 4, height: 4))
        #expect(Self.fill(of: calm.initial) == .green && Self.fill(of: lively.initial) == .orange)
        #expect(Self.fill(of: Motion().node) == .orange)
    }

    /// The seeds' hero with `@Namespace` (no declaration written): each branch of the `if` is its own view, so the
    /// detail enters on the thumbnail's place while the thumbnail leaves, the two cross-fading.
    struct Hero: View {
        @Namespace private var ns
        @State var open = false
        var body: some View {
            ZStack {
                if open {
                    Color.teal.frame(width: 240, height: 160).matchedGeometryEffect(id: "card", in: ns)
                } else {
                    Color.teal.frame(width: 60, height: 60).matchedGeometryEffect(id: "card", in: ns)
                }
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { open.toggle() } }
        }
    }

    @Test(arguments: Backend.allCases)
    func aNamespaceOfItsOwnMatchesTheHeroAcrossTheChange(backend: Backend) throws {
        let size = Size(width: 320, height: 240)
        let timeline = try Timeline(Hero(), size: size, script: [.tap(at: CGPoint(x: 160, y: 120), at: 0)])
        let context = try backend.makeContext()
        /// The coverage across the middle row.
        func coverage(at t: Double) throws -> [Float] {
            let pixels = try context.render(timeline.view(at: t, size: size), size: size).pixels
            return (0..<320).map { pixels[$0, 120].w }
        }
        #expect(try coverage(at: 0).filter { $0 == 1 }.count == 60)
        // Half way the detail, its fixed 240-point frame inside the effect, stands centred where the shared frame is,
        // half in (0.5 where it alone is drawn); where the thumbnail, half gone, is under it: 1 - 0.5 × 0.5.
        let half = try coverage(at: 0.5)
        #expect(half.filter { $0 > 0.25 }.count == 240 && abs(half[45] - 0.5) < 0.01 && half[35] == 0, "\(half)")
        #expect(abs(half[160] - 0.75) < 0.01, "\(half[160])")
        #expect(try coverage(at: 1).filter { $0 == 1 }.count == 240)
    }

    struct UnknownSymbol: View {
        var body: some View { Image(systemName: "wave.44.right") }
    }

    /// `Image(systemName:)` cannot throw as SwiftUI writes it; the host that builds it does.
    @Test func anUnknownSymbolInABodyIsTheHostsNamedError() {
        let expected = ViewError.unknownSymbol("wave.44.right", nearest: NameSuggestion.nearest(to: "wave.44.right", in: Symbol.names))
        #expect(throws: InteractionError.view(expected, time: 0)) {
            try Timeline(UnknownSymbol(), size: Size(width: 10, height: 10))
        }
    }
}
