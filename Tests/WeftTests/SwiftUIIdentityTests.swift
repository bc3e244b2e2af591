import Testing
@testable import Weft
import WeftImage
@testable import WeftViews

/// SwiftUI's structural identity across a state change made by a tap under `withAnimation(.linear(duration: 1))`: a
/// view present in both states moves, an `if`'s branch or an element present in one only enters or leaves by its
/// transition (the default, opacity). Measured as the centre and the coverage of coloured views in the frames.
struct SwiftUIIdentityTests {
    static func square(_ color: Color) -> some View { color.frame(width: 10, height: 10) }

    /// The timeline of `root` tapped at time 0 at (1, 1).
    static func tapped(_ root: some View, size: Size, times: Int = 1) throws -> Timeline {
        try Timeline(root, size: size, script: (0..<times).map { .tap(at: CGPoint(x: 1, y: 1), at: 2 * Double($0)) })
    }

    /// The Russian article's column: a blue square between an `if` at the top and an `if` at the bottom, each a
    /// spacer and a green square.
    struct Column: View {
        @State var down = false
        var body: some View {
            VStack(spacing: 0) {
                if down { Spacer(); SwiftUIIdentityTests.square(ResolvedGeometryTests.green) }
                SwiftUIIdentityTests.square(ResolvedGeometryTests.blue)
                if !down { SwiftUIIdentityTests.square(ResolvedGeometryTests.green); Spacer() }
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { down.toggle() } }
        }
    }

    /// The blue square, after the first `if`, is the same view in both states: it slides from the top (centre 5) to
    /// the bottom (55) of the 60-point column, whole. Each green square is its `if`'s own: the old one fades out where
    /// it was (rows 10…20), the new one in where it will be (40…50), neither moving.
    @Test(arguments: Backend.allCases)
    func theViewAfterAnIfSlidesWhileTheIfsViewsFade(backend: Backend) throws {
        let size = Size(width: 10, height: 60)
        let timeline = try Self.tapped(Column(), size: size)
        let context = try backend.makeContext()
        for step in 0...4 {
            let t = Float(step) / 4
            let pixels = try context.render(timeline.view(at: Double(t), size: size), size: size).pixels
            let blue = ResolvedGeometryTests.centre(pixels, channel: 2, column: 5) ?? -1
            #expect(abs(blue - (5 + 50 * t)) < 0.01, "t=\(t): blue at \(blue)")
            #expect(abs(pixels[5, Int((5 + 50 * t).rounded(.down))].z - 1) < 0.01, "t=\(t): the blue square is drawn whole")
            // Where the blue square is not over them (it is drawn over both).
            guard step.isMultiple(of: 2) else { continue }
            #expect(abs(pixels[5, 15].y - (1 - t)) < 0.01, "t=\(t): the old green at \(pixels[5, 15])")
            #expect(abs(pixels[5, 45].y - t) < 0.01, "t=\(t): the new green at \(pixels[5, 45])")
        }
    }

    /// The same red square in an `if`'s two branches, at the leading and the trailing end of a 40-point row, and
    /// beside it the same square placed by a condition inside one view.
    struct Branches: View {
        @State var trailing = false
        var inOneView: Bool
        var body: some View {
            ZStack {
                if inOneView {
                    SwiftUIIdentityTests.square(ResolvedGeometryTests.red).frame(maxWidth: .infinity, alignment: trailing ? .trailing : .leading)
                } else if trailing {
                    SwiftUIIdentityTests.square(ResolvedGeometryTests.red).frame(maxWidth: .infinity, alignment: .trailing)
                } else {
                    SwiftUIIdentityTests.square(ResolvedGeometryTests.red).frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .onTapGesture { withAnimation(.linear(duration: 1)) { trailing.toggle() } }
        }
    }

    /// Two branches are two views: half way the old square is half transparent at the leading end and the new one at
    /// the trailing end, nothing between. One view whose alignment changes slides, whole, to the middle.
    @Test(arguments: Backend.allCases)
    func anIfsBranchesAreTwoViewsAndOneViewMoves(backend: Backend) throws {
        let size = Size(width: 40, height: 10)
        let context = try backend.makeContext()
        let branches = try context.render(Self.tapped(Branches(inOneView: false), size: size).view(at: 0.5, size: size), size: size).pixels
        #expect(abs(branches[5, 5].w - 0.5) < 0.01 && abs(branches[35, 5].w - 0.5) < 0.01, "\(branches[5, 5]) \(branches[35, 5])")
        #expect(branches[20, 5].w == 0)
        let moved = try context.render(Self.tapped(Branches(inOneView: true), size: size).view(at: 0.5, size: size), size: size).pixels
        #expect(abs((ResolvedGeometryTests.centre(moved, channel: 0, row: 5) ?? -1) - 20) < 0.01)
        #expect(moved[20, 5].w == 1 && moved[5, 5].w == 0)
    }

    enum Mode: Sendable { case left, right, replaced }

    /// A `switch` of three cases, two of which share a view: left and right move one square, replaced is another.
    struct Switcher: View {
        @State var mode = Mode.left
        var body: some View {
            ZStack {
                switch mode {
                case .left, .right: SwiftUIIdentityTests.square(ResolvedGeometryTests.red).offset(x: mode == .left ? -15 : 15)
                case .replaced: SwiftUIIdentityTests.square(ResolvedGeometryTests.red).offset(x: 15)
                }
            }
            .frame(width: 40, height: 10)
            .onTapGesture { withAnimation(.linear(duration: 1)) { mode = mode == .left ? .right : .replaced } }
        }
    }

    /// Within a case the view moves (centre 5 → 35, 20 half way, whole); to another case it is another view: at the
    /// same place, the old one fading out under the new one fading in covers 1 - 0.5 × 0.5 half way.
    @Test(arguments: Backend.allCases)
    func aSwitchsCasesAreItsViews(backend: Backend) throws {
        let size = Size(width: 40, height: 10)
        let timeline = try Self.tapped(Switcher(), size: size, times: 2)
        let context = try backend.makeContext()
        let moving = try context.render(timeline.view(at: 0.5, size: size), size: size).pixels
        #expect(abs((ResolvedGeometryTests.centre(moving, channel: 0, row: 5) ?? -1) - 20) < 0.01 && moving[20, 5].w == 1)
        let replacing = try context.render(timeline.view(at: 2.5, size: size), size: size).pixels
        #expect(abs((ResolvedGeometryTests.centre(replacing, channel: 0, row: 5) ?? -1) - 35) < 0.01)
        #expect(abs(replacing[35, 5].w - 0.75) < 0.01, "\(replacing[35, 5])")
    }

    struct Item: Identifiable, Sendable {
        var id: String
        var color: Color
    }

    /// A row of squares, one per item, that a tap inserts a blue one at the front of.
    struct Row: View {
        @State var items = [Item(id: "a", color: ResolvedGeometryTests.red), Item(id: "b", color: ResolvedGeometryTests.green)]
        var byKeyPath: Bool
        var body: some View {
            HStack(spacing: 0) {
                if byKeyPath {
                    ForEach(items, id: \.id) { SwiftUIIdentityTests.square($0.color) }
                } else {
                    ForEach(items) { SwiftUIIdentityTests.square($0.color) }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .onTapGesture { withAnimation(.linear(duration: 1)) { items.insert(Item(id: "c", color: ResolvedGeometryTests.blue), at: 0) } }
        }
    }

    /// Inserted at the front, the blue square fades in at the front while the old ones move one place on, each its
    /// own element: red's leading edge 0 → 10 and green's centre 15 → 25, linearly (5 and 20 half way), green whole.
    @Test(arguments: Backend.allCases, [false, true])
    func anElementInsertedAtTheFrontMovesTheOthersOn(backend: Backend, byKeyPath: Bool) throws {
        let size = Size(width: 40, height: 10)
        let timeline = try Self.tapped(Row(byKeyPath: byKeyPath), size: size)
        let context = try backend.makeContext()
        for step in 0...4 {
            let t = Float(step) / 4
            let pixels = try context.render(timeline.view(at: Double(t), size: size), size: size).pixels
            // Green is drawn over red's trailing edge: red's leading edge is where the first red pixel's coverage ends.
            let firstRed = (0..<40).first { pixels[$0, 5].x > 0 } ?? -1
            let red = Float(firstRed) + 1 - pixels[max(firstRed, 0), 5].x
            let green = ResolvedGeometryTests.centre(pixels, channel: 1, row: 5) ?? -1
            #expect(abs(red - 10 * t) < 0.01 && abs(green - (15 + 10 * t)) < 0.01, "t=\(t): red from \(red), green at \(green)")
            #expect(abs(pixels[Int(15 + 10 * t), 5].y - 1) < 0.01, "t=\(t): green whole")
        }
        let half = try context.render(timeline.view(at: 0.5, size: size), size: size).pixels
        #expect(abs(half[2, 5].z - 0.5) < 0.01 && abs(half[2, 5].w - 0.5) < 0.01, "the blue square half in: \(half[2, 5])")
    }

    /// Three squares from `ForEach(lo..<lo + 3)`, red, green and blue for 0, 1 and 2 (3 is red again); a tap moves the
    /// range on by one.
    struct Window: View {
        @State var lo = 0
        var body: some View {
            HStack(spacing: 0) {
                ForEach(lo..<lo + 3) { i in
                    SwiftUIIdentityTests.square([ResolvedGeometryTests.red, ResolvedGeometryTests.green, ResolvedGeometryTests.blue][i % 3])
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .onTapGesture { withAnimation(.linear(duration: 1)) { lo += 1 } }
        }
    }

    /// A range's numbers are its elements' ids: 1 and 2 move one place back (green's centre 15 → 5, blue's 25 → 15),
    /// 0 fades out and 3 in at the end.
    @Test func aRangesNumbersIdentifyItsViews() throws {
        let size = Size(width: 40, height: 10)
        let pixels = try Backend.cpu.makeContext().render(Self.tapped(Window(), size: size).view(at: 0.5, size: size), size: size).pixels
        let green = ResolvedGeometryTests.centre(pixels, channel: 1, row: 5) ?? -1
        #expect(abs(green - 10) < 0.01 && abs(pixels[10, 5].y - 1) < 0.01, "green at \(green)")
        #expect(abs(pixels[25, 5].x - 0.5) < 0.01, "the red 3 half in at the end: \(pixels[25, 5])")
    }

    /// Element ids are told apart however they are spelt: `"a/b"` and `"a"`'s view `"b"` are two paths.
    @Test func elementIDsGiveDistinctPaths() {
        let ids = ["a/b", "a", "a\\", "a\\/b"].map(StructuralIdentity.element)
        #expect(Set(ids).count == 4)
        #expect(StructuralIdentity.element("a/b") != StructuralIdentity.element("a") + "/b")
    }
}
