import Synchronization
import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// A child view's `@State`, kept by the host for the child's identity (SwiftUI's rule): kept across its parent's
/// evaluations, following a `ForEach` element's id, made anew when the view enters again or its `.id(_:)` changes, and
/// reachable through bindings. Measured as where the coloured squares are in the frames a script's timeline renders.
struct SwiftUIChildStateTests {
    static let red = ResolvedGeometryTests.red
    static let green = ResolvedGeometryTests.green
    static let blue = ResolvedGeometryTests.blue

    /// A toggle: a 20-point square in a 60-point row, red at the leading end while off, green at the trailing end
    /// while on; a tap anywhere on the row flips it (under `animation`, when one is given).
    struct Switch: View {
        @State var on = false
        var animation: Animation?
        var body: some View {
            (on ? SwiftUIChildStateTests.green : SwiftUIChildStateTests.red).frame(width: 20, height: 20)
                .frame(width: 60, height: 20, alignment: on ? .trailing : .leading)
                .onTapGesture { withAnimation(animation) { on.toggle() } }
        }
    }

    /// The centre of what `channel` covers in row `row`, nil where nothing does.
    static func centre(_ pixels: PixelBuffer, channel: Int, row: Int) -> Float? {
        ResolvedGeometryTests.centre(pixels, channel: channel, row: row)
    }

    /// `root` driven by `script` on a `size` canvas, rendered at `time`.
    static func render<Root: View>(_ root: Root, size: Size, script: [Interaction<Root>], at times: [Double],
                       backend: Backend) throws -> [PixelBuffer] {
        let timeline = try Timeline(root, size: size, script: script)
        let context = try backend.makeContext()
        return try times.map { try context.render(timeline.view(at: $0, size: size), size: size).pixels }
    }

    /// A switch over a 60-point blue bar whose tap widens the switch's frame (the parent's own state).
    struct Widening: View {
        @State var wide = false
        var body: some View {
            VStack(spacing: 0) {
                Switch().frame(width: wide ? 100 : 60, alignment: .trailing)
                SwiftUIChildStateTests.blue.frame(width: 100, height: 20).onTapGesture { wide.toggle() }
            }
        }
    }

    /// Switched on (green at 60…80), then the parent re-evaluated with the switch's frame widened to 100 and the
    /// switch at its trailing end: still on, so green at 80…100 — the child's state outlives its parent's evaluation.
    @Test(arguments: Backend.allCases)
    func aChildKeepsItsStateAcrossItsParentsEvaluation(backend: Backend) throws {
        let frames = try Self.render(Widening(), size: Size(width: 100, height: 40),
                                     script: [.tap(at: CGPoint(x: 50, y: 10), at: 0), .tap(at: CGPoint(x: 50, y: 30), at: 1)],
                                     at: [0.5, 1.5], backend: backend)
        #expect(Self.centre(frames[0], channel: 1, row: 10) == 70, "on, before the parent's change")
        #expect(Self.centre(frames[1], channel: 1, row: 10) == 90, "on, after it")
        #expect(Self.centre(frames[1], channel: 0, row: 10) == nil, "no red: the switch did not start over")
    }

    /// A row of its own with a square that a tap moves from the leading to the trailing half of the row.
    struct Row: View {
        let item: SwiftUIIdentityTests.Item
        @State var shifted = false
        var body: some View {
            item.color.frame(width: 10, height: 10)
                .frame(width: 20, height: 10, alignment: shifted ? .trailing : .leading)
                .onTapGesture { shifted.toggle() }
        }
    }

    /// Red, green and blue rows (ids a, b, c) over a black bar that reverses them.
    struct Rows: View {
        @State var items = [SwiftUIIdentityTests.Item(id: "a", color: SwiftUIChildStateTests.red),
                            SwiftUIIdentityTests.Item(id: "b", color: SwiftUIChildStateTests.green),
                            SwiftUIIdentityTests.Item(id: "c", color: SwiftUIChildStateTests.blue)]
        var body: some View {
            VStack(spacing: 0) {
                ForEach(items) { Row(item: $0) }
                Color.black.frame(width: 20, height: 10).onTapGesture { items.reverse() }
            }
        }
    }

    /// Red's row shifted (red at 10…20 in the top row), then the rows reversed: red's row, now at the bottom, is still
    /// shifted and blue's, now at the top where red's was, is not — the state follows the id, not the position.
    @Test(arguments: Backend.allCases)
    func aRowsStateFollowsItsIDWhenTheRowsAreReordered(backend: Backend) throws {
        let frames = try Self.render(Rows(), size: Size(width: 20, height: 40),
                                     script: [.tap(at: CGPoint(x: 5, y: 5), at: 0), .tap(at: CGPoint(x: 5, y: 35), at: 1)],
                                     at: [0.5, 1.5], backend: backend)
        #expect(Self.centre(frames[0], channel: 0, row: 5) == 15)
        #expect(Self.centre(frames[0], channel: 2, row: 25) == 5)
        #expect(Self.centre(frames[1], channel: 0, row: 25) == 15, "red, reversed to the bottom, still shifted")
        #expect(Self.centre(frames[1], channel: 2, row: 5) == 5, "blue, reversed to the top, not shifted")
        #expect(Self.centre(frames[1], channel: 1, row: 15) == 5, "green stays in the middle, not shifted")
    }

    /// A switch present while `shown`, a black row of its size in its place otherwise, over a blue bar that toggles
    /// `shown`; or (`byID`) a switch always there, named by a generation the bar's tap counts up.
    struct Replacing: View {
        var byID: Bool
        @State var shown = true
        @State var generation = 0
        var body: some View {
            VStack(spacing: 0) {
                if byID {
                    Switch().id("switch \(generation)")
                } else if shown {
                    Switch()
                } else {
                    Color.black.frame(width: 60, height: 20)
                }
                SwiftUIChildStateTests.blue.frame(width: 60, height: 20).onTapGesture {
                    if byID { generation += 1 } else { shown.toggle() }
                }
            }
        }
    }

    /// Switched on, then removed and inserted again by an `if` (or renamed by `.id`): it starts over, off (red at the
    /// leading end), as a view new to the tree does; the removed one's state is dropped.
    @Test(arguments: Backend.allCases, [false, true])
    func aChildThatLeavesAndComesBackOrIsRenamedStartsOver(backend: Backend, byID: Bool) throws {
        let bar = CGPoint(x: 30, y: 30)
        let script: [Interaction<Replacing>] = byID ? [.tap(at: CGPoint(x: 30, y: 10), at: 0), .tap(at: bar, at: 1)]
            : [.tap(at: CGPoint(x: 30, y: 10), at: 0), .tap(at: bar, at: 1), .tap(at: bar, at: 2)]
        let frames = try Self.render(Replacing(byID: byID), size: Size(width: 60, height: 40), script: script,
                                     at: [0.5, 1.5, 2.5], backend: backend)
        #expect(Self.centre(frames[0], channel: 1, row: 10) == 50, "switched on")
        if !byID {
            #expect(Self.centre(frames[1], channel: 0, row: 10) == nil && Self.centre(frames[1], channel: 1, row: 10) == nil, "removed")
        }
        #expect(Self.centre(frames[2], channel: 0, row: 10) == 10, "back, off")
        #expect(Self.centre(frames[2], channel: 1, row: 10) == nil, "back, not on")
    }

    /// Removing the switch drops its state: the host keeps values only for views in the tree.
    @Test func theStateOfAViewThatLeftTheTreeIsDropped() throws {
        var host = InteractionHost(root: Replacing(byID: false), size: SIMD2(60, 40), environment: EnvironmentValues())
        _ = try host.settle(at: 0)
        // The root's two values and the switch's one.
        #expect(host.states.count == 3)
        _ = try host.run(.tap(at: CGPoint(x: 30, y: 30), at: 1))
        #expect(host.states.count == 2)
        _ = try host.run(.tap(at: CGPoint(x: 30, y: 30), at: 2))
        #expect(host.states.count == 3)
    }

    /// A count over a button that counts up.
    struct Tally: View {
        @State var taps = 0
        var body: some View {
            VStack(spacing: 0) {
                Text("\(taps)")
                Button("OK") { taps += 1 }
            }
        }
    }

    /// A tally in a container whose text colour and button style reach the views inside.
    struct StyledTally: View {
        var body: some View {
            VStack { Tally() }
                .foregroundStyle(.red)
                .buttonStyle(SwiftUIButtonStyleTests.Plate())
        }
    }

    /// A container's environment reaches the views a child's body builds after it (the count red, the button on the
    /// plate): the frames are those of the same views written out, before and after the tap.
    @Test func aContainersTextStyleAndButtonStyleReachAChildWithState() throws {
        let size = Size(width: 80, height: 60)
        let timeline = try Timeline(StyledTally(), size: size, script: [.tap(label: "OK", at: 1)])
        let context = try Backend.cpu.makeContext()
        for (time, count) in [(0.5, 0), (1.5, 1)] {
            let written = VStack { VStack(spacing: 0) { Text("\(count)"); Button("OK") {} } }
                .foregroundStyle(.red)
                .buttonStyle(SwiftUIButtonStyleTests.Plate())
            let expected = try context.render(written, size: size).pixels
            #expect(try context.render(timeline.view(at: time, size: size), size: size).pixels == expected, "at \(time) s")
            let inked = (0..<80).flatMap { x in (0..<60).map { expected[x, $0] } }
            #expect(inked.contains { SwiftUIViewTests.near($0, .red) }, "a red glyph pixel")
            #expect(inked.contains { $0 == SIMD4(0, 0, 0, 1) }, "the black plate")
        }
    }

    /// A switch with an "OK" button of its own, then the parent's "OK" button, which widens the switch's frame.
    struct TwoOKs: View {
        @State var wide = false
        struct OwnOK: View {
            @State var on = false
            var body: some View {
                VStack(spacing: 0) {
                    (on ? SwiftUIChildStateTests.green : SwiftUIChildStateTests.red).frame(width: 20, height: 20)
                        .frame(width: 60, alignment: on ? .trailing : .leading)
                    Button("OK") { on.toggle() }
                }
            }
        }
        var body: some View {
            VStack(spacing: 0) {
                OwnOK().frame(width: wide ? 100 : 60, alignment: .leading)
                Button("OK") { wide.toggle() }
            }
        }
    }

    /// A tap by label takes the first target in drawing order, the child's, though the child's body was built after
    /// its parent's: the switch turns on (green, no red, in the square's row, the topmost drawn).
    @Test func aTapByLabelFindsTheFirstTargetInDrawingOrderInsideAChildWithState() throws {
        let size = Size(width: 100, height: 80)
        let timeline = try Timeline(TwoOKs(), size: size, script: [.tap(label: "OK", at: 0)])
        let pixels = try Backend.cpu.makeContext().render(timeline.view(at: 0.5, size: size), size: size).pixels
        let row = (0..<80).first { y in (0..<100).contains { pixels[$0, y].w > 0.99 } } ?? 0
        let green = Self.centre(pixels, channel: 1, row: row + 10)
        #expect(green != nil && Self.centre(pixels, channel: 0, row: row + 10) == nil, "the child's button ran: green, no red")
    }

    /// A 40-point teal card at the leading end of a 200-point row that a tap sends to the trailing end, each end an
    /// `if` branch of its own, matched in the view's own `@Namespace`.
    struct Hero: View {
        @Namespace private var ns
        @State var trailing = false
        var body: some View {
            HStack(spacing: 0) {
                if trailing {
                    Spacer()
                    Color.teal.frame(width: 40, height: 40).matchedGeometryEffect(id: "card", in: ns)
                } else {
                    Color.teal.frame(width: 40, height: 40).matchedGeometryEffect(id: "card", in: ns)
                    Spacer()
                }
            }
            .frame(width: 200, height: 40)
            .onTapGesture { withAnimation(.linear(duration: 1)) { trailing.toggle() } }
        }
    }

    /// The hero as a child of a view that keeps no state.
    struct HeroInside: View {
        var body: some View { ZStack { Hero() } }
    }

    /// A child's `@Namespace` is kept by its identity as its `@State` is, so its two branches' cards are matched
    /// across its change as the root's are: half way both stand at the middle of the row (80…120), none at the
    /// ends, where unmatched cards would fade out and in.
    @Test(arguments: Backend.allCases, [false, true])
    func aChildsNamespaceMatchesItsViewsAcrossItsChange(backend: Backend, asChild: Bool) throws {
        let size = Size(width: 200, height: 40)
        let tap = CGPoint(x: 20, y: 20)
        let timeline = asChild ? try Timeline(HeroInside(), size: size, script: [.tap(at: tap, at: 0)])
            : try Timeline(Hero(), size: size, script: [.tap(at: tap, at: 0)])
        let pixels = try backend.makeContext().render(timeline.view(at: 0.5, size: size), size: size).pixels
        #expect(pixels[20, 20].w == 0 && pixels[180, 20].w == 0, "nothing at the ends: \(pixels[20, 20]), \(pixels[180, 20])")
        #expect(pixels[100, 20].w > 0.5, "the cards at the middle: \(pixels[100, 20])")
    }

    /// A button whose label is a view with state of its own, under a red bar 10 points wide per tap.
    struct LabelledButton: View {
        struct Caption: View {
            @State var shown = true
            var body: some View { Text(shown ? "Go" : "Gone") }
        }
        @State var taps = 0
        var body: some View {
            VStack(spacing: 0) {
                SwiftUIChildStateTests.red.frame(width: CGFloat(taps * 10), height: 10)
                Button { taps += 1 } label: { Caption() }
            }
        }
    }

    /// A tap by label finds a button by the text of a label whose body is built after the button: the bar grows to
    /// 10 × 10 points of red.
    @Test func aButtonIsFoundByTheTextOfALabelWithStateOfItsOwn() throws {
        let size = Size(width: 60, height: 40)
        let timeline = try Timeline(LabelledButton(), size: size, script: [.tap(label: "Go", at: 0)])
        let pixels = try Backend.cpu.makeContext().render(timeline.view(at: 0.5, size: size), size: size).pixels
        // The red channel's coverage (the label is drawn in the accent blue, without red), wherever the bar's rows fall.
        let red = (0..<60).reduce(Float(0)) { sum, x in (0..<40).reduce(sum) { $0 + pixels[x, $1].x } }
        #expect(abs(red - 100) < 0.01, "\(red)")
    }

    /// A 20-point square, red while off and green while on, that a tap flips; beside it, `inner` (a view of its own).
    struct Nested<Inner: View>: View {
        @State var on = false
        let inner: Inner
        var body: some View {
            HStack(spacing: 0) {
                (on ? SwiftUIChildStateTests.green : SwiftUIChildStateTests.red).frame(width: 20, height: 20)
                    .onTapGesture { on.toggle() }
                inner
            }
        }
    }

    /// Three squares, each a view with state inside the one before, over a black bar with a fourth in its overlay.
    struct Depths: View {
        var body: some View {
            VStack(spacing: 0) {
                Nested(inner: Nested(inner: Nested(inner: EmptyView())))
                Color.black.frame(width: 60, height: 20).overlay { Nested(inner: EmptyView()) }
            }
        }
    }

    /// Each of four views with state, three nested and one in an overlay, keeps what its own tap set through the
    /// evaluations the others' taps make: the innermost on first (green at 40…60, red at 0…40), then all four.
    @Test(arguments: Backend.allCases)
    func nestedChildrenAndAnOverlaysChildEachKeepTheirOwnState(backend: Backend) throws {
        let taps = [CGPoint(x: 50, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 30, y: 30), CGPoint(x: 30, y: 10)]
        let frames = try Self.render(Depths(), size: Size(width: 60, height: 40),
                                     script: taps.enumerated().map { .tap(at: $1, at: Double($0)) }, at: [0.5, 3.5], backend: backend)
        #expect(Self.centre(frames[0], channel: 1, row: 10) == 50 && Self.centre(frames[0], channel: 0, row: 10) == 20)
        #expect(Self.centre(frames[0], channel: 0, row: 30) == 30, "the overlay's square off")
        #expect(Self.centre(frames[1], channel: 1, row: 10) == 30 && Self.centre(frames[1], channel: 0, row: 10) == nil)
        #expect(Self.centre(frames[1], channel: 1, row: 30) == 30 && Self.centre(frames[1], channel: 0, row: 30) == nil)
    }

    /// One switch value written twice in a column.
    struct OneValueTwice: View {
        let row = Switch()
        var body: some View {
            VStack(spacing: 0) {
                row
                row
            }
        }
    }

    /// One view value at two places has one state, its first place's (docs/swiftui.md lists this difference): a tap on
    /// the top switch turns both on (green at 40…60 in both rows).
    @Test func oneViewValueAtTwoPlacesSharesItsState() throws {
        let frames = try Self.render(OneValueTwice(), size: Size(width: 60, height: 40), script: [.tap(at: CGPoint(x: 30, y: 10), at: 0)],
                                     at: [0.5], backend: .cpu)
        #expect(Self.centre(frames[0], channel: 1, row: 10) == 50 && Self.centre(frames[0], channel: 1, row: 30) == 50)
    }

    /// A blue square that flips the value it is bound to.
    struct Flipper: View {
        @Binding var on: Bool
        var body: some View { SwiftUIChildStateTests.blue.frame(width: 20, height: 20).onTapGesture { on.toggle() } }
    }

    /// A square, red while off and green while on, beside a `Flipper` bound to its `@State`.
    struct Lamp: View {
        @State var on = false
        var body: some View {
            HStack(spacing: 0) {
                (on ? SwiftUIChildStateTests.green : SwiftUIChildStateTests.red).frame(width: 20, height: 20)
                Flipper(on: $on)
            }
        }
    }

    /// A lamp over a black bar that counts the parent's taps (changing nothing drawn but the parent's state).
    struct Room: View {
        @State var taps = 0
        var body: some View {
            VStack(spacing: 0) {
                Lamp()
                Color.black.frame(width: 40, height: 20).onTapGesture { taps += 1 }
            }
        }
    }

    /// The grandchild's tap, through the binding to the child's state, lights the child's lamp (green at 0…20), which
    /// stays lit when the parent's state changes.
    @Test(arguments: Backend.allCases)
    func aBindingToAChildsStateChangesItFromAGrandchild(backend: Backend) throws {
        let frames = try Self.render(Room(), size: Size(width: 40, height: 40),
                                     script: [.tap(at: CGPoint(x: 30, y: 10), at: 0), .tap(at: CGPoint(x: 20, y: 30), at: 1)],
                                     at: [0.5, 1.5], backend: backend)
        #expect(Self.centre(frames[0], channel: 1, row: 10) == 10, "lit through the binding")
        #expect(Self.centre(frames[1], channel: 1, row: 10) == 10, "still lit after the parent's change")
        #expect(Self.centre(frames[1], channel: 0, row: 10) == nil)
    }

    /// A switch whose tap flips it under `withAnimation(.linear(duration: 1))`, over the parent's blue bar.
    struct Animated: View {
        var body: some View {
            VStack(spacing: 0) {
                Switch(animation: .linear(duration: 1))
                SwiftUIChildStateTests.blue.frame(width: 60, height: 20)
            }
        }
    }

    /// The child's change is the step's change, under its transaction: the square slides from the leading (centre 10)
    /// to the trailing end (50) over the second, linearly.
    @Test(arguments: Backend.allCases)
    func aChildsStateChangeUnderWithAnimationAnimates(backend: Backend) throws {
        let times = [0.0, 0.25, 0.5, 1.0, 1.5]
        let frames = try Self.render(Animated(), size: Size(width: 60, height: 40), script: [.tap(at: CGPoint(x: 30, y: 10), at: 0.5)],
                                     at: times, backend: backend)
        for (time, pixels) in zip(times, frames) {
            let expected = 10 + 40 * Float(min(max(time - 0.5, 0), 1))
            let square = Self.centre(pixels, channel: 3, row: 10) ?? -1
            #expect(abs(square - expected) < 0.01, "at \(time) s: the square at \(square), not \(expected)")
        }
    }

    /// How many times a `Cell`'s body was built.
    static let cellBodies = Atomic<Int>(0)

    /// One of many rows, 1 point high, red while off and green while on; a tap flips it.
    struct Cell: View {
        @State var on = false
        var body: some View {
            let _ = SwiftUIChildStateTests.cellBodies.add(1, ordering: .relaxed)
            (on ? SwiftUIChildStateTests.green : SwiftUIChildStateTests.red).frame(width: 10, height: 1)
                .onTapGesture { on.toggle() }
        }
    }

    /// `count` cells, each with its own state, in a column.
    struct Cells: View {
        @State var count: Int
        var body: some View {
            VStack(spacing: 0) {
                ForEach(0..<count, id: \.self) { _ in Cell() }
            }
            .frame(maxHeight: .infinity, alignment: .top)
        }
    }

    /// A thousand rows, each with its own state: one evaluation builds each cell's body once and keeps a value per
    /// cell; the tapped cell keeps its change through the evaluation the tap makes and the others stay off; rows cut
    /// from the list take their values with them.
    @Test func aThousandRowsEachKeepTheirOwnState() throws {
        let rows = 1_000
        var host = InteractionHost(root: Cells(count: rows), size: SIMD2(10, Float(rows)), environment: EnvironmentValues())
        Self.cellBodies.store(0, ordering: .relaxed)
        _ = try host.settle(at: 0)
        #expect(Self.cellBodies.load(ordering: .relaxed) == rows)
        #expect(host.states.count == rows + 1)
        _ = try host.run(.tap(at: CGPoint(x: 5, y: 777.5), at: 1))
        #expect(Self.cellBodies.load(ordering: .relaxed) == 2 * rows)
        // The cells' colours, top to bottom, from the tree: rendering a thousand views on the CPU takes seconds.
        func cells(_ node: ViewNode) -> [ViewNode]? {
            switch node.kind {
            case .stacked(_, let children): children
            case .modified(let child, _): cells(child)
            default: nil
            }
        }
        let column = try #require(cells(host.current!.drawn))
        let lit = column.indices.filter { SwiftUIStateTests.fill(of: column[$0]) == SwiftUIChildStateTests.green }
        #expect(lit == [777])
        _ = try host.run(.set(\.$count, 500, at: 2))
        #expect(host.states.count == 500 + 1)
    }
}
